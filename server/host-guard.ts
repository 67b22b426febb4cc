import type { NextFunction, Request, RequestHandler, Response } from "express";
import { hostNameOf, isSiteHost } from "~/lib/site-names.server";
import { logger } from "~/lib/logger.server";

/** Distinct refused names logged per process: enough to be told how to allow one, too few to fill a disk. */
const maxLoggedNames = 50;

/**
 * Refuses, with 421 Misdirected Request, every request whose Host is not one of the site's names (decision 0036), before
 * any route, cookie or database read: a page re-pointed at this machine by DNS rebinding gets nothing. `/healthz`
 * answers any Host, because health checks probe by address. A Host that is no name at all is the request guard's
 * (server/request-guard.ts: 400). The log says, once per name, how to allow it.
 */
export function hostGuard(names: ReadonlySet<string>): RequestHandler {
  const logged = new Set<string>();
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.headers.host;
    const name = hostNameOf(host);
    if (req.path === "/healthz" || name === undefined || isSiteHost(names, host)) return next();
    if (!logged.has(name) && logged.size < maxLoggedNames) {
      logged.add(name);
      logger.warn(
        { host: name },
        `refused a request for the host "${name}": Samen answers only to its own names. If this is a name of this ` +
          `server, add it to ALLOWED_HOSTS (comma-separated) or set PUBLIC_URL to it`,
      );
    }
    res.status(421).setHeader("cache-control", "no-store").type("text/plain").send("Misdirected request: unknown host");
  };
}
