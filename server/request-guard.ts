import type { NextFunction, Request, Response } from "express";
import { bodyLimitFor } from "~/features/platform/body-limits.server";
import { detectLanguage } from "~/i18n/detect.server";
import { serverTranslator } from "~/i18n/resources.server";
import { hasUnsafeCharacters } from "~/lib/safe-text";
import { isOneOf } from "~/lib/one-of";
import { hostNameOf } from "~/lib/site-names.server";
import { beforeWriteHead } from "./before-head";

/** The methods the site answers: pages and resource routes are read with GET and HEAD, forms and APIs post. */
export const allowedMethods = ["GET", "HEAD", "POST"] as const;
const allowHeader = allowedMethods.join(", ");

type Refusal = "BAD_REQUEST" | "BAD_ADDRESS" | "METHOD_NOT_ALLOWED" | "LENGTH_REQUIRED" | "INPUT_TOO_LARGE";

const statusOf: Record<Refusal, number> = {
  BAD_REQUEST: 400,
  BAD_ADDRESS: 400,
  METHOD_NOT_ALLOWED: 405,
  LENGTH_REQUIRED: 411,
  INPUT_TOO_LARGE: 413,
};

/** English for API clients (the shape of Better Auth's own refusals: a code and a message). */
const apiMessages: Record<Refusal, (limit: number) => string> = {
  BAD_REQUEST: () => "The request's Host header is missing or invalid",
  BAD_ADDRESS: () => "The address is not valid: broken percent-encoding, invalid UTF-8 or control characters",
  METHOD_NOT_ALLOWED: () => `Method not allowed; use ${allowHeader}`,
  LENGTH_REQUIRED: () => "Content-Length is required",
  INPUT_TOO_LARGE: (limit) => `Request body must be at most ${limit} bytes`,
};

function refuse(req: Request, res: Response, refusal: Refusal, limit = 0): void {
  const status = statusOf[refusal];
  if (refusal === "METHOD_NOT_ALLOWED") res.setHeader("Allow", allowHeader);
  // An unread body stays unread: the connection closes after the answer instead of waiting for the rest.
  if (refusal === "LENGTH_REQUIRED" || refusal === "INPUT_TOO_LARGE") res.setHeader("Connection", "close");
  res.setHeader("Cache-Control", "no-store");
  req.log?.info({ refusal, status }, "request refused at the edge");
  if (req.path.startsWith("/api/")) {
    res.status(status).json({
      code: refusal === "INPUT_TOO_LARGE" ? "PAYLOAD_TOO_LARGE" : refusal,
      message: apiMessages[refusal](limit),
    });
    return;
  }
  // A person can meet these in a browser (a huge form sent without JavaScript, a mistyped address): their language.
  const language = detectLanguage(
    new Request("http://localhost/", {
      headers: { cookie: req.get("cookie") ?? "", "accept-language": req.get("accept-language") ?? "" },
    }),
  );
  const { t } = serverTranslator(language);
  res
    .status(status)
    .type("text/plain; charset=utf-8")
    .send(`${t(`common:badInput.title`)}\n\n${t(`common:badInput.${refusal}`)}\n`);
}

function validHost(req: Request): boolean {
  const host = req.get("host");
  if (!host?.trim() || !req.hostname || hostNameOf(host) === undefined) return false;
  try {
    // Both URLs the handlers build: Better Auth's from the Host header, React Router's from req.hostname (which is
    // X-Forwarded-Host when a trusted proxy sent one).
    new URL(`${req.protocol}://${host}`);
    new URL(`${req.protocol}://${req.hostname}`);
    return true;
  } catch {
    return false;
  }
}

function validPath(req: Request): boolean {
  try {
    const path = decodeURIComponent(req.path);
    if (hasUnsafeCharacters(path)) return false;
    for (const [name, value] of new URL(req.originalUrl, "http://localhost").searchParams) {
      if (hasUnsafeCharacters(name) || hasUnsafeCharacters(value)) return false;
    }
    return true;
  } catch {
    return false;
  }
}

/**
 * A 405 that a route answers itself gets the Allow header HTTP asks for, if it names none: React Router's own 405 for
 * a POST to a page without an action (Allow: GET, HEAD), or a POST-only route's answer to a read (Allow: POST).
 * Set as the headers go out, like private-when-signed-in.ts.
 */
function allowOnMethodNotAllowed(res: Response, allow: string): void {
  beforeWriteHead(res, (answer, args) => {
    const status = typeof args[0] === "number" ? args[0] : answer.statusCode;
    if (status === 405 && !answer.hasHeader("Allow")) answer.setHeader("Allow", allow);
  });
}

/**
 * The edge of the server, before any route reads anything (mounted ahead of the API routes and the page handler):
 * - a Host header that makes a URL (an empty one would break every absolute URL we build): else 400;
 * - an address that decodes (no broken percent-escapes or invalid UTF-8) without control characters: else 400;
 * - GET, HEAD or POST (TRACE, PUT, DELETE… reach no route): else 405 with Allow (a route's own 405 gets one too);
 * - a body of at most the path's limit (body-limits.server.ts), declared by Content-Length: else 413 at once, before
 *   a byte of it is read. A chunked body (no Content-Length) is refused with 411: every browser form, fetch and
 *   webhook sender states the length, and a stated length is one Node enforces, so no route can be made to buffer
 *   more than its limit. (The form reader also counts while reading, for code that runs outside this server.)
 */
export function requestGuard(req: Request, res: Response, next: NextFunction): void {
  if (!validHost(req)) return refuse(req, res, "BAD_REQUEST");
  if (!validPath(req)) return refuse(req, res, "BAD_ADDRESS");
  if (!isOneOf(allowedMethods, req.method)) return refuse(req, res, "METHOD_NOT_ALLOWED");
  const limit = bodyLimitFor(req.path);
  const declared = req.get("content-length");
  if (declared === undefined && req.get("transfer-encoding")) return refuse(req, res, "LENGTH_REQUIRED", limit);
  if (declared !== undefined && !(Number(declared) <= limit)) return refuse(req, res, "INPUT_TOO_LARGE", limit);
  allowOnMethodNotAllowed(res, req.method === "POST" ? "GET, HEAD" : "POST");
  next();
}
