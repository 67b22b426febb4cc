import type { Response } from "express";

/**
 * Runs `beforeHead` as the answer's status line and headers go out, with what `writeHead` was handed (a status, a
 * reason, headers), so a middleware can set a header no route can take back (private-when-signed-in, request-guard).
 */
export function beforeWriteHead(res: Response, beforeHead: (res: Response, args: readonly unknown[]) => void): void {
  // writeHead is overloaded (with or without a reason): a proxy keeps its type and hands every argument through unchanged.
  res.writeHead = new Proxy(res.writeHead, {
    apply(writeHead, self: Response, args: unknown[]) {
      beforeHead(self, args);
      return Reflect.apply(writeHead, self, args);
    },
  });
}
