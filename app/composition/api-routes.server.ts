import type { Express } from "express";
import { mountAuthRoutes } from "~/features/auth/http.server";
import { refuseApiWritesWhenDiskIsLow } from "~/features/platform/disk-guard.server";

/** Express-level API routes that need raw bodies or streaming (auth handler, webhooks, exports). */
export function mountApiRoutes(app: Express): void {
  app.use("/api", refuseApiWritesWhenDiskIsLow);
  mountAuthRoutes(app);
}
