import type { Express } from "express";

/** Express-level API routes that need raw bodies or streaming (auth handler, webhooks, exports). */
export function mountApiRoutes(_app: Express): void {}
