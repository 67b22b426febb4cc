import fs from "node:fs";
import nodePath from "node:path";
import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { getConfig } from "~/config.server";
import { blogPathLanguage, languages } from "~/domain/languages";
import { isExcludedIp } from "~/features/analytics/excluded-ip";
import { detectLanguageOf } from "~/i18n/detect.server";
import { cookies } from "~/lib/cookies";
import { logger } from "~/lib/logger.server";
import { runWithRequestStore, type RequestStore } from "~/lib/request-store.server";
import { ByteLru } from "./byte-lru";
import { paintFirst } from "./first-paint";
import {
  buildTemplate,
  fillTemplate,
  newNonce,
  withNonce,
  type CompressedEncoding,
  type PageTemplate,
} from "./page-template";

/**
 * Public pages for anonymous visitors, rendered once per build, path and language and answered from memory
 * (decision 0012). Only the marketing, legal and blog pages below, read with GET or HEAD, without a query string,
 * without credentials or a cookie the page could read, by a visitor whose address is not on the analytics exclusion
 * list; only a 200 HTML answer that sets no cookie is kept. Everything else is rendered as before. Each answer
 * carries its own CSP nonce: the page is kept with a place for it (page-template.ts). A kept page carries its
 * stylesheet and asks for its scripts once painted (first-paint.ts, decision 0014).
 */

/** How long a kept page is answered before it is rendered again, here and in a CDN (s-maxage). */
const freshSeconds = 60;
/** How long a CDN may still answer with an older page while it fetches a new one. */
const staleSeconds = 300;
const publicCacheControl = `public, max-age=0, s-maxage=${freshSeconds}, stale-while-revalidate=${staleSeconds}`;

const prefixedLanguages = languages.filter((language) => language !== "en").join("|");
const cacheablePaths = [
  /^\/(?:features|pricing|about|faq|privacy|terms|dashboard)?$/,
  new RegExp(`^(?:/(?:${prefixedLanguages}))?/blog(?:/[a-z0-9-]+)?$`),
];

/**
 * Cookies no server code reads while rendering a public page (the browser's own code reads them), so a visitor may
 * carry them; the language cookie decides the language, which is part of the key. Any other cookie — a session, a
 * household, one we do not know — means the page is rendered as before.
 */
const cookiesPagesIgnore = new Set<string>([
  cookies.language.name,
  cookies.timeZone.name,
  cookies.analyticsConsent.name,
  cookies.internalUser.name,
  cookies.flash.name,
]);
const analyticsCookie = /^_ga(?:_[A-Za-z0-9]+)?$|^_gid$/;

/** Headers the cache sets itself on every answer; the rest of a rendered answer's headers are kept with the page. */
export const headersSetHere = new Set([
  "cache-control",
  "content-length",
  "content-encoding",
  "etag",
  "vary",
  "date",
  "set-cookie",
  "transfer-encoding",
  "connection",
]);

interface CachedPage {
  template: PageTemplate;
  headers: [string, string][];
  vary: string;
  keptAt: number;
  /** The cache's generation when kept: an invalidation starts a new one, and older pages are rendered again. */
  generation: number;
}

/** What a kept page weighs besides its template: headers, key and bookkeeping. */
const pageOverheadBytes = 512;

interface CacheableRequest {
  key: string;
  vary: string;
}

/** What rendering a page takes: the React Router build, its mode, and the load context for a request store. */
export interface PageRendering {
  build: () => Promise<ServerBuild>;
  mode: string;
  loadContext(store: RequestStore): RouterContextProvider;
}

export interface PageCache {
  /** Answers cacheable requests (kept, or rendered and kept); passes every other request on. */
  middleware(rendering: PageRendering): RequestHandler;
  /**
   * Every kept page is rendered again on its next request (an article was published or translated); a page that
   * comes out unchanged keeps its compressed forms.
   */
  invalidate(): void;
  /** Every page held in memory, fresh or not (tests look inside). */
  pages(): readonly CachedPage[];
}

export function sentCookies(header: string | undefined): Map<string, string> {
  const sent = new Map<string, string>();
  for (const part of (header ?? "").split(";")) {
    const [name = "", ...value] = part.trim().split("=");
    if (name) sent.set(name, value.join("="));
  }
  return sent;
}

function decoded(value: string | undefined): string | undefined {
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return value;
  }
}

function cacheableRequest(req: ExpressRequest): CacheableRequest | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  // Any query string: the page may read it (?internal=true, a campaign, a search).
  if (req.originalUrl.includes("?")) return undefined;
  const path = req.path;
  if (!cacheablePaths.some((pattern) => pattern.test(path))) return undefined;
  if (req.headers.authorization !== undefined) return undefined;
  const sent = sentCookies(req.headers.cookie);
  for (const name of sent.keys()) if (!cookiesPagesIgnore.has(name) && !analyticsCookie.test(name)) return undefined;
  const languageCookie = decoded(sent.get(cookies.language.name));
  const language = detectLanguageOf({ pathname: path, languageCookie, acceptLanguage: req.headers["accept-language"] });
  // A language cookie the page's own language overrules (/de/blog read with lang=fr): rendered as before.
  if (languageCookie !== undefined && languageCookie !== language) return undefined;
  // The page marks a visitor on the analytics exclusion list: never kept for everyone else.
  if (isExcludedIp(req.ip, getConfig().ANALYTICS_EXCLUDED_IP)) return undefined;
  // A blog path names its language; any other page's comes from the language cookie or Accept-Language.
  const vary = blogPathLanguage(path) ? "Accept-Encoding, Cookie" : "Accept-Encoding, Accept-Language, Cookie";
  return { key: `${path} ${language}`, vary };
}

function acceptedEncodings(header: string | undefined): Set<string> {
  const accepted = new Set<string>();
  for (const part of (header ?? "").toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    if (name && (quality === undefined || Number(quality.slice(2)) > 0)) accepted.add(name);
  }
  return accepted;
}

export function preferredEncoding(template: PageTemplate, header: string | undefined): CompressedEncoding | "identity" {
  const accepted = acceptedEncodings(header);
  for (const encoding of ["br", "gzip"] as const) {
    if (template.compressed[encoding] && (accepted.has(encoding) || accepted.has("*"))) return encoding;
  }
  return "identity";
}

function notModified(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}

function sendPage(req: ExpressRequest, res: ExpressResponse, page: CachedPage, state: "hit" | "miss"): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", publicCacheControl);
  res.setHeader("Vary", page.vary);
  res.setHeader("X-Page-Cache", state);
  const encoding = preferredEncoding(page.template, req.headers["accept-encoding"]);
  // Weak: every answer differs in its nonce, but each is the same page.
  const etag = `W/"${page.template.hash}-${encoding}"`;
  res.setHeader("ETag", etag);
  if (notModified(req.headers["if-none-match"], etag)) {
    // The browser keeps the page it has, with the nonce it came with, so it must keep that answer's CSP too:
    // a 304 replaces the stored headers it carries, and a new nonce there would block the page's scripts.
    res.removeHeader("Content-Security-Policy");
    res.status(304).end();
    return;
  }
  const body = fillTemplate(page.template, res.locals.nonce, encoding);
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.status(200).end(body);
}

export function fetchRequestOf(req: ExpressRequest, res: ExpressResponse): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) headers.append(name, one);
  }
  const controller = new AbortController();
  res.once("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  return new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, {
    method: "GET",
    headers,
    signal: controller.signal,
  });
}

export interface Rendered {
  response: Response;
  body: Buffer;
  /** The render set a cookie (through the request store or a header): the page belongs to this answer alone. */
  setsCookie: boolean;
  /** The render's database fault, if any: a page rendered from a failing database is never kept. */
  databaseFault: RequestStore["databaseFault"];
}

/**
 * Renders pages to be kept: React Router's handler, prepared once per build, run in a copy of the request's store
 * that carries `placeholder` as its nonce (each answer fills in its own) and notes whether the page set a cookie.
 */
export function pageRenderer(
  { build, mode, loadContext }: PageRendering,
  placeholder: string,
): (store: RequestStore, request: Request) => Promise<Rendered> {
  // Given the build itself, React Router prepares its route table once (given a function, on every render).
  let handler: Promise<ReturnType<typeof createRequestHandler>> | undefined;
  return async (store, request) => {
    handler ??= build().then((resolved) => createRequestHandler(resolved, mode));
    const ready = await handler;
    let setsCookie = false;
    const renderStore: RequestStore = {
      ...store,
      nonce: placeholder,
      appendSetCookie(cookie) {
        setsCookie = true;
        store.appendSetCookie(cookie);
      },
    };
    const response = await runWithRequestStore(renderStore, () => ready(request, loadContext(renderStore)));
    const body = Buffer.from(await response.arrayBuffer());
    // Queries the render sent count against the request (the request log, the statement budgets).
    store.queries = renderStore.queries;
    return {
      response,
      body,
      setsCookie: setsCookie || response.headers.has("set-cookie"),
      databaseFault: renderStore.databaseFault,
    };
  };
}

function keepable({ response, setsCookie }: Rendered): boolean {
  return (
    response.status === 200 &&
    !setsCookie &&
    (response.headers.get("content-type") ?? "").startsWith("text/html") &&
    !/private|no-store/.test(response.headers.get("cache-control") ?? "")
  );
}

/** A page rendered with `placeholder` as its nonce, answered as it came with this answer's nonce (not kept). */
export function sendRendered(
  res: ExpressResponse,
  { response, body }: Pick<Rendered, "response" | "body">,
  placeholder: string,
): void {
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of response.headers) if (name !== "content-length") res.append(name, value);
  res.end(body.length > 0 ? withNonce(body, placeholder, res.locals.nonce) : undefined);
}

/** The build's stylesheets by address, read once: their names carry their content's hash. */
const stylesheets = new Map<string, string | undefined>();

/** The text of a stylesheet of the build's client files, by its address in the page; undefined for any other address. */
function buildStylesheet(build: ServerBuild, href: string): string | undefined {
  const key = `${build.assetsBuildDirectory} ${href}`;
  if (!stylesheets.has(key)) {
    const relative = href.startsWith(build.publicPath) ? href.slice(build.publicPath.length) : undefined;
    let css: string | undefined;
    if (relative !== undefined && /^[\w./-]+\.css$/.test(relative) && !relative.split("/").includes("..")) {
      try {
        css = fs.readFileSync(nodePath.resolve(build.assetsBuildDirectory, relative), "utf8");
      } catch {
        css = undefined; // not one of the build's files (the test build's stand-in address): the page keeps its link
      }
    }
    stylesheets.set(key, css);
  }
  return stylesheets.get(key);
}

export function createPageCache({ maxBytes }: { maxBytes: number }): PageCache {
  const kept = new ByteLru<CachedPage>(maxBytes);
  // One render per key at a time: requests arriving meanwhile wait for it instead of rendering the same page again.
  const rendering = new Map<string, Promise<CachedPage | undefined>>();
  // The nonce pages are rendered with; never sent, and unknown outside this process.
  const placeholder = newNonce();
  let generation = 0;
  const isFresh = (page: CachedPage) =>
    page.generation === generation && Date.now() - page.keptAt < freshSeconds * 1000;

  function middleware(pages: PageRendering): RequestHandler {
    const { build } = pages;
    const renderPage = pageRenderer(pages, placeholder);
    const render = (req: ExpressRequest, res: ExpressResponse): Promise<Rendered> =>
      renderPage(res.locals.requestStore, fetchRequestOf(req, res));

    async function renderAndKeep(
      req: ExpressRequest,
      res: ExpressResponse,
      key: string,
      vary: string,
      previous: CachedPage | undefined,
    ): Promise<void> {
      const startedIn = generation;
      const rendered = render(req, res);
      const page = rendered.then(async (result): Promise<CachedPage | undefined> => {
        if (!keepable(result)) return undefined;
        const serverBuild = await build();
        const body = Buffer.from(
          paintFirst(result.body.toString("utf8"), (href) => buildStylesheet(serverBuild, href)),
        );
        const template = await buildTemplate(body, placeholder, previous?.template);
        if (!template.compressed.br || !template.compressed.gzip)
          logger.warn({ path: req.path }, "page cache: page kept without its compressed forms");
        const headers = [...result.response.headers].filter(([name]) => !headersSetHere.has(name));
        return { template, headers, vary, keptAt: Date.now(), generation: startedIn };
      });
      const shared = page.catch(() => undefined);
      rendering.set(key, shared);
      try {
        const made = await page;
        if (!made) return sendRendered(res, await rendered, placeholder);
        // A page rendered before an article changed is answered once but not kept.
        if (startedIn === generation) kept.set(key, made, made.template.bytes + pageOverheadBytes);
        sendPage(req, res, made, "miss");
      } finally {
        if (rendering.get(key) === shared) rendering.delete(key);
      }
    }

    return async (req, res, next) => {
      const request = cacheableRequest(req);
      if (!request) return next();
      try {
        const key = `${(await build()).assets.version} ${request.key}`;
        const held = kept.get(key);
        let page = held && isFresh(held) ? held : undefined;
        const pending = page ? undefined : rendering.get(key);
        if (pending) {
          page = await pending;
          // The page another request was rendering could not be kept: this one is rendered as before.
          if (!page) return next();
        }
        if (page) return sendPage(req, res, page, "hit");
        // A HEAD before any GET: rendered as before.
        if (req.method !== "GET") return next();
        await renderAndKeep(req, res, key, request.vary, held);
      } catch (error) {
        next(error);
      }
    };
  }

  return {
    middleware,
    invalidate() {
      generation += 1;
      rendering.clear();
    },
    pages: () => kept.values(),
  };
}

let processCache: PageCache | undefined;

/** The process's page cache: the Express app answers from it, and start-up hands its invalidation to the blog. */
export function processPageCache(): PageCache {
  return (processCache ??= createPageCache({ maxBytes: getConfig().PAGE_CACHE_MB * 1024 * 1024 }));
}
