import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { data, type MiddlewareFunction } from "react-router";
import { embeddedDiskIsLow } from "~/db/disk-space.server";
import { requestStoreContext } from "~/lib/request-store.server";

const reads = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The root route's middleware: while the embedded database's disk is nearly full, a form post or other write is
 * answered 507 with the error page before any action runs; pages keep being read.
 */
export const refuseWritesWhenDiskIsLow: MiddlewareFunction<Response> = ({ request, context }) => {
  if (reads.has(request.method) || !embeddedDiskIsLow()) return;
  const store = context.get(requestStoreContext);
  store.log.warn("write refused: the embedded database's disk is nearly full");
  store.databaseFault = "diskFull";
  throw data({ databaseFault: "diskFull" }, { status: 507 });
};

/** The same for the API routes Express answers itself (Better Auth's sign-in and sign-up, webhooks). */
export function refuseApiWritesWhenDiskIsLow(req: ExpressRequest, res: ExpressResponse, next: NextFunction): void {
  if (reads.has(req.method) || !embeddedDiskIsLow()) return next();
  req.log?.warn("write refused: the embedded database's disk is nearly full");
  res.status(507).setHeader("Retry-After", "60").setHeader("Cache-Control", "no-store");
  res.json({
    code: "INSUFFICIENT_STORAGE",
    message: "The server's disk is full: nothing can be saved until space is freed",
  });
}
