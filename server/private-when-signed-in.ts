import type { NextFunction, Request, Response } from "express";
import { sessionCookieName } from "~/features/auth/auth.server";
import { beforeWriteHead } from "./before-head";

/**
 * Every answer to a request that carries a session cookie — pages, `.data` responses, exports, API calls — is
 * `Cache-Control: private, no-store`: household figures must never sit in a shared cache or the browser's back-forward
 * history on a shared computer. Set as the headers go out, so no loader or route can weaken it by accident.
 */
export function privateWhenSignedIn(req: Request, res: Response, next: NextFunction): void {
  const cookies = req.headers.cookie ?? "";
  const name = sessionCookieName();
  if (!cookies.split(";").some((part) => part.trim().startsWith(`${name}=`))) return next();
  beforeWriteHead(res, (answer, args) => {
    answer.setHeader("Cache-Control", "private, no-store");
    // Headers handed to writeHead directly would win over setHeader: drop any other caching instruction there.
    for (const value of args) {
      if (value && typeof value === "object" && !Array.isArray(value)) {
        for (const key of Object.keys(value))
          if (key.toLowerCase() === "cache-control") Reflect.deleteProperty(value, key);
      }
    }
  });
  next();
}
