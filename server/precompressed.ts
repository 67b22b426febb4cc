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
    let relative: string;
    try {
      relative = path.normalize(decodeURIComponent(req.path)).replace(/^[/\\]+/, "");
    } catch {
      return next();
    }
    const file = path.join(directory, relative);
    if (!relative || !file.startsWith(directory + path.sep)) return next();
    const type = types[path.extname(file)];
    if (!type) return next();
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      if (!accepted.includes(encoding) || !fs.existsSync(file + suffix)) continue;
      res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Type", type);
      res.setHeader("Vary", "Accept-Encoding");
      res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
      // With `root`, only the requested part of the path is checked for dot segments: the install folder may well sit
      // under one (~/.local/share/samen), which an absolute path given to sendFile would refuse with a 404.
      return res.sendFile(relative + suffix, { root: directory, headers: { "Content-Type": type } });
    }
    next();
  };
}
