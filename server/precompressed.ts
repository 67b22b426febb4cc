import fs from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const types: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** Serves build-time .br / .gz files for hashed assets when the browser accepts them; otherwise falls through. */
export function precompressedAssets(directory: string): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const accepted = req.get("accept-encoding") ?? "";
    let file: string;
    try {
      file = path.join(directory, path.normalize(decodeURIComponent(req.path)));
    } catch {
      return next();
    }
    if (!file.startsWith(directory + path.sep)) return next();
    const type = types[path.extname(file)];
    if (!type) return next();
    for (const [encoding, suffix] of [["br", ".br"], ["gzip", ".gz"]] as const) {
      if (!accepted.includes(encoding) || !fs.existsSync(file + suffix)) continue;
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Type", type);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      return res.sendFile(file + suffix, { headers: { "Content-Type": type } });
    }
    next();
  };
}
