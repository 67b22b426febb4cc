import crypto from "node:crypto";
import zlib from "node:zlib";
import compression from "compression";
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import { createRequestHandler } from "@react-router/express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { getConfig, publicUrl } from "~/config.server";
import {
  aloneOnDatabase,
  closeDatabase,
  databaseKind,
  migrateDatabase,
  openDatabase,
  pingDatabase,
} from "~/db/client.server";
import { logger, redactUrl, serializeError } from "~/lib/logger.server";
import {
  getRequestStore,
  requestStoreContext,
  runWithRequestStore,
  type RequestStore,
} from "~/lib/request-store.server";
import { runStartupTasks, stopStartupTasks } from "./startup";
import { mountApiRoutes } from "~/composition/api-routes.server";
import { processPageCache, type PageCache } from "./page-cache";
import { processKeptPages, type KeptPages } from "./kept-pages";
import { newNonce } from "./page-template";
import { privateWhenSignedIn } from "./private-when-signed-in";
import { requestGuard } from "./request-guard";
import { hostGuard } from "./host-guard";
import { configuredSiteNames, siteOrigins } from "~/lib/site-names.server";

export { logger };

declare module "express-serve-static-core" {
  /** What the request store's middleware (below) leaves on every answer, before any route or page runs. */
  interface Locals {
    nonce: string;
    requestStore: RequestStore;
  }
}

/**
 * Opens and migrates the database, then runs each area's start-up task (seeds, creators, workers): one server process
 * at a time, when several share a PostgreSQL database (workers, instances).
 */
export async function boot(): Promise<void> {
  const config = getConfig();
  await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    preparedStatements: config.DATABASE_PREPARED_STATEMENTS,
  });
  await aloneOnDatabase(async () => {
    await migrateDatabase();
    logger.info(
      { database: databaseKind(), dataDir: config.DATABASE_URL ? undefined : config.DATA_DIR },
      "database ready",
    );
    await runStartupTasks();
  });
}

export async function shutdown(): Promise<void> {
  await stopStartupTasks();
  await closeDatabase();
}

interface CreateAppOptions {
  /** Mounts static files (production) or Vite's dev middleware before the page handler. */
  mountAssets(app: Express): void;
  /** Where anonymous visitors' public pages are kept; default: the process's own (server/page-cache.ts). */
  pageCache?: PageCache;
  /** Where signed-in pages are kept per person; default: the process's own (server/kept-pages.ts); null: none. */
  keptPages?: KeptPages | null;
}

const loadBuild = (): Promise<ServerBuild> => import("virtual:react-router/server-build");
const loadContext = (store: RequestStore) => new RouterContextProvider(new Map([[requestStoreContext, store]]));

function queriesOf(res: Response): number {
  const store: RequestStore | undefined = res.locals.requestStore;
  return store?.queries ?? 0;
}

const mutatingMethods = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Endpoints called by other services with their own signatures, not by browsers. */
const crossOriginAllowed = ["/api/billing/webhook"];

export function createApp({
  mountAssets,
  pageCache = processPageCache(),
  keptPages = processKeptPages(),
}: CreateAppOptions): Express {
  const config = getConfig();
  const app = express();
  app.disable("x-powered-by");
  // Only the proxies named in TRUST_PROXY (default: loopback) may set X-Forwarded-For; anyone else's is ignored,
  // so a client on a private network cannot pick the address its rate limits are counted against.
  app.set("trust proxy", config.TRUST_PROXY);
  // Brotli quality 5 makes the home page's HTML 13.3 KB instead of quality 4's 14.3 KB in the same ~2 ms.
  app.use(compression({ brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } } }));
  // Hashed assets first: they need no page headers (CSP, request logs), only long caching and nosniff.
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });
  mountAssets(app);

  app.use(
    pinoHttp<Request, Response>({
      logger,
      genReqId(req, res) {
        const incoming = req.headers["x-request-id"];
        const id = typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
        res.setHeader("x-request-id", id);
        return id;
      },
      autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") === true || req.url === "/healthz" },
      customLogLevel: (_req, res, error) => (error || res.statusCode >= 500 ? "error" : "info"),
      // How many statements the request sent to the database: a page that suddenly sends more shows in the log.
      customSuccessObject: (_req, res, fields) => ({ ...fields, queries: queriesOf(res) }),
      customErrorObject: (_req, res, _error, fields) => ({ ...fields, queries: queriesOf(res) }),
      serializers: {
        // Verification, reset and invitation links carry their token in the query or the path: never logged.
        req: (req: { id: string; method: string; url: string; remoteAddress?: string }) => ({
          id: req.id,
          method: req.method,
          url: redactUrl(req.url),
        }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
        err: serializeError,
      },
    }),
  );

  // The request's store, opened before any route: loaders get it as context, deeper code through getRequestStore().
  app.use((req, res, next) => {
    const store: RequestStore = {
      nonce: newNonce(),
      requestId: String(req.id),
      log: req.log,
      clientIp: req.ip ?? "unknown",
      socketAddress: req.socket.remoteAddress,
      appendSetCookie(cookie) {
        if (!res.headersSent) res.append("Set-Cookie", cookie);
      },
      once: new Map(),
      reading: req.method === "GET" || req.method === "HEAD",
    };
    res.locals.nonce = store.nonce;
    res.locals.requestStore = store;
    runWithRequestStore(store, next);
  });

  const assetsOrigin = config.PUBLIC_ASSETS_URL ? new URL(config.PUBLIC_ASSETS_URL).origin : undefined;
  const analyticsHosts = config.GA_MEASUREMENT_ID
    ? ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://api.ipify.org"]
    : [];
  app.use(
    helmet({
      contentSecurityPolicy:
        config.NODE_ENV === "development"
          ? false // Vite's dev client injects inline scripts; production and tests run the strict policy.
          : {
              useDefaults: true,
              directives: {
                "default-src": ["'self'"],
                "script-src": ["'self'", () => `'nonce-${getRequestStore()?.nonce}'`, ...analyticsHosts],
                "style-src": ["'self'", "'unsafe-inline'"],
                "img-src": ["'self'", "data:", "blob:", ...(assetsOrigin ? [assetsOrigin] : []), ...analyticsHosts],
                "connect-src": ["'self'", ...analyticsHosts],
                "font-src": ["'self'", "data:"],
                "form-action": ["'self'", "https://checkout.stripe.com"],
                "frame-ancestors": ["'none'"],
                "object-src": ["'none'"],
                "base-uri": ["'self'"],
                "upgrade-insecure-requests":
                  config.NODE_ENV === "production" && publicUrl().startsWith("https:") ? [] : null,
              },
            },
      strictTransportSecurity: publicUrl().startsWith("https:")
        ? { maxAge: 63_072_000, includeSubDomains: true }
        : false,
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
      // One framing policy: nobody frames Samen (CSP frame-ancestors 'none' for browsers that read it, DENY for older ones).
      xFrameOptions: { action: "deny" },
      crossOriginEmbedderPolicy: false,
    }),
  );
  app.use((_req, res, next) => {
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
    next();
  });

  // Before any route: only the site's own names (DNS rebinding, decision 0036). A Host that is no name at all goes on
  // to the request guard, which answers it 400 in the reader's language.
  const names = configuredSiteNames(config);
  app.use(hostGuard(names));

  // Mutating requests must come from our own pages: refuse a foreign Origin (CSRF).
  app.use((req: Request, res: Response, next: NextFunction) => {
    if (!mutatingMethods.has(req.method) || crossOriginAllowed.includes(req.path)) return next();
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    // The site's configured origins, never what the request names itself (decision 0036).
    const ownOrigins = new Set(
      siteOrigins(names, { protocol: req.protocol, hostHeader: req.headers.host }, publicUrl()),
    );
    if ((origin && origin !== "null" && !ownOrigins.has(origin)) || origin === "null" || fetchSite === "cross-site") {
      req.log.warn({ origin, fetchSite }, "cross-origin request refused");
      res.status(403).type("text/plain").send("Cross-origin request refused");
      return;
    }
    next();
  });

  app.use(privateWhenSignedIn);
  app.use(requestGuard);

  app.get("/healthz", async (_req, res) => {
    const databaseUp = await pingDatabase();
    res.setHeader("cache-control", "no-store");
    res
      .status(databaseUp ? 200 : 503)
      .json({ status: databaseUp ? "ok" : "unavailable", database: databaseUp ? "up" : "down" });
  });

  mountApiRoutes(app);

  const mode = config.NODE_ENV === "production" ? "production" : "development";
  // Not under Vite's development server, whose pages change with every edit.
  if (config.NODE_ENV !== "development" && config.PAGE_CACHE_MB > 0)
    app.use(pageCache.middleware({ build: loadBuild, mode, loadContext }));
  if (config.NODE_ENV !== "development" && keptPages)
    app.use(keptPages.middleware({ build: loadBuild, mode, loadContext }));

  // React Router prepares its route table (flattened, ranked, a matcher per route) for every request when given a
  // function, which Vite's development server needs because the build changes with each edit. Elsewhere the build is
  // loaded once and handed over as it is: that preparation was 3 % of the server's time under load (bench:load).
  let pageHandler: Promise<RequestHandler> | undefined;
  const createPageHandler = async () =>
    createRequestHandler({
      build: config.NODE_ENV === "development" ? loadBuild : await loadBuild(),
      mode,
      getLoadContext: (_req, res) => loadContext(res.locals.requestStore),
    });
  app.all("/{*path}", (req, res, next) => {
    pageHandler ??= createPageHandler();
    pageHandler.then((handle) => handle(req, res, next), next);
  });

  return app;
}
