import type { Express, NextFunction, Request, Response } from "express";
import { toNodeHandler } from "better-auth/node";
import { logger } from "~/lib/logger.server";
import { clientIpHeader, getAuth } from "./auth.server";

/** Auth requests carry a few short fields; anything bigger is refused before it is read. */
export const maxAuthBodyBytes = 64 * 1024;

function limitBody(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const declared = req.get("content-length");
  if (declared === undefined && req.get("transfer-encoding")) {
    res.status(411).json({ code: "LENGTH_REQUIRED", message: "Content-Length is required" });
    return;
  }
  if (declared !== undefined && !(Number(declared) <= maxAuthBodyBytes)) {
    res.status(413).json({ code: "PAYLOAD_TOO_LARGE", message: `Request body must be at most ${maxAuthBodyBytes} bytes` });
    return;
  }
  next();
}

/** Better Auth's own HTTP API under /api/auth/*, mounted before any body parser. */
export function mountAuthRoutes(app: Express): void {
  app.all("/api/auth/{*path}", limitBody, async (req, res) => {
    // Better Auth reads the client address from this header only; it is ours, so overwrite whatever came in.
    req.headers[clientIpHeader] = req.ip ?? "unknown";
    res.setHeader("Cache-Control", "no-store");
    try {
      await toNodeHandler(getAuth())(req, res);
    } catch (error) {
      logger.error({ err: error }, "auth handler failed");
      if (!res.headersSent) res.status(500).json({ code: "INTERNAL_SERVER_ERROR", message: "An unexpected error occurred" });
    }
  });
}
