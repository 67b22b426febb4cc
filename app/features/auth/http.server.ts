import type { Express, NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { toNodeHandler } from "better-auth/node";
import { secureCookies } from "~/config.server";
import { databaseFaultOf, faultRetryAfterSeconds, statusOfDatabaseFault, type DatabaseFault } from "~/db/faults.server";
import { detectLanguage } from "~/i18n/detect.server";
import { serverTranslator } from "~/i18n/resources.server";
import { logger } from "~/lib/logger.server";
import { signedInCookieFollowing } from "~/lib/cookies.server";
import { getRequestStore } from "~/lib/request-store.server";
import { maxAuthBodyBytes } from "~/features/platform/body-limits.server";
import { clientIpHeader, getAuth } from "./auth.server";

function limitBody(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const declared = req.get("content-length");
  if (declared === undefined && req.get("transfer-encoding")) {
    res.status(411).json({ code: "LENGTH_REQUIRED", message: "Content-Length is required" });
    return;
  }
  if (declared !== undefined && !(Number(declared) <= maxAuthBodyBytes)) {
    res
      .status(413)
      .json({ code: "PAYLOAD_TOO_LARGE", message: `Request body must be at most ${maxAuthBodyBytes} bytes` });
    return;
  }
  next();
}

/** What an API client gets instead of Better Auth's 500 when the database is down (503) or its disk full (507). */
function databaseFaultAnswer(fault: DatabaseFault, request: Request): Response {
  const { t } = serverTranslator(detectLanguage(request));
  const unavailable = fault === "unavailable";
  return Response.json(
    {
      code: unavailable ? "DATABASE_UNAVAILABLE" : "INSUFFICIENT_STORAGE",
      message: unavailable ? t("auth:errors.DATABASE_UNAVAILABLE") : t("common:errorPage.diskFull.description"),
    },
    {
      status: statusOfDatabaseFault(fault),
      headers: { "Retry-After": String(faultRetryAfterSeconds), "Cache-Control": "no-store" },
    },
  );
}

/**
 * Better Auth's handler, answering a database fault as the pages do: 503 (or 507) in the reader's language with
 * Retry-After. Better Auth turns an endpoint's failure into its own bare 500 (its onAPIError hook notes the fault in
 * the request store, auth.server.ts); a failure before any endpoint runs (its rate-limit check) is thrown.
 */
async function authHandler(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await getAuth().handler(request);
  } catch (error) {
    const fault = databaseFaultOf(error);
    if (!fault) throw error;
    logger.warn({ err: error, fault }, "auth request met a database fault");
    return databaseFaultAnswer(fault, request);
  }
  const fault = getRequestStore()?.databaseFault;
  if (fault && response.status >= 500) return databaseFaultAnswer(fault, request);
  // The signed-in marker follows the session cookie: set by a sign-in, cleared by /sign-out and /revoke-sessions.
  const marker = signedInCookieFollowing(response.headers.getSetCookie(), secureCookies());
  if (!marker) return response;
  const headers = new Headers(response.headers);
  headers.append("Set-Cookie", marker);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/** Better Auth's own HTTP API under /api/auth/*, mounted before any body parser. */
export function mountAuthRoutes(app: Express): void {
  const handler = toNodeHandler(authHandler);
  app.all("/api/auth/{*path}", limitBody, async (req, res) => {
    // Better Auth reads the client address from this header only; it is ours, so overwrite whatever came in.
    req.headers[clientIpHeader] = req.ip ?? "unknown";
    res.setHeader("Cache-Control", "no-store");
    try {
      await handler(req, res);
    } catch (error) {
      logger.error({ err: error }, "auth handler failed");
      if (!res.headersSent)
        res.status(500).json({ code: "INTERNAL_SERVER_ERROR", message: "An unexpected error occurred" });
    }
  });
}
