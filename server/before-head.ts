import type { Response } from "express";

/**
 * Runs `beforeHead` as the answer's status line and headers go out, with what `writeHead` was handed (a status, a
 * reason, headers), so a middleware can set a header no route can take back (private-when-signed-in, request-guard).
 */
export function beforeWriteHead(res: Response, beforeHead: (res: Response, args: readonly unknown[]) => void): void {
  const writeHead = res.writeHead;
  function writeHeadAfterHook(this: Response, ...args: Parameters<Response["writeHead"]>) {
    beforeHead(this, args);
    return writeHead.apply(this, args);
  }
  // writeHead is overloaded (with or without a reason); the hook hands every argument through unchanged.
  res.writeHead = writeHeadAfterHook as Response["writeHead"];
}
