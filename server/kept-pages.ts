import type { Request as ExpressRequest, RequestHandler, Response as ExpressResponse } from "express";
import { getConfig } from "~/config.server";
import { keptPageKey } from "~/composition/kept-page-key.server";
import { cookies } from "~/lib/cookies";
import { logger } from "~/lib/logger.server";
import { ByteLru } from "./byte-lru";
import {
  fetchRequestOf,
  headersSetHere,
  pageRenderer,
  preferredEncoding,
  sendRendered,
  sentCookies,
  type PageRendering,
} from "./page-cache";
import { buildTemplate, fillTemplate, newNonce, type PageTemplate } from "./page-template";

/**
 * Signed-in pages of the budget tool kept per person (decision 0030). A page read with GET, as a document or as
 * React Router's data for a client-side navigation, is kept under everything it is made of (`keptPageKey`: the
 * reader, their households' revisions, language, today, cookies, rates) and answered from memory while that key
 * holds: any write to the household's rows, by anyone, moves its revision in the database, so the next request misses
 * and renders again, in this process and in every other on the same database. The check costs the two statements
 * every signed-in page starts with (the session, the memberships), which a render then shares.
 *
 * Only the pages below, only a 200 whose render set no cookie, never a page the flash cookie is about to be shown on,
 * and for at most a minute: what moves with the clock alone (a plan's period that ends, "3 minutes ago") is at most
 * that late.
 */

const freshMilliseconds = 60_000;
const uuid = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
/** The pages that show the household's own rows. Not: sessions and two-factor (settings/security), imports, exports. */
const keptPaths = new RegExp(
  `^/app(?:/(?:income|expenses|budgets|goals|recurring|accounts|accounts/${uuid}|reports|payees|rules|household|more|` +
    `notifications|settings|settle-up|transactions/new|transactions/${uuid}))?(?:\\.data)?$`,
);
const keptTypes = /^(?:text\/html|text\/x-script)\b/;

interface KeptPage {
  key: string;
  template: PageTemplate;
  headers: [string, string][];
  keptAt: number;
}

/** What a kept page weighs besides its template: headers, key and bookkeeping. */
const pageOverheadBytes = 1024;

export interface KeptPages {
  middleware(rendering: PageRendering): RequestHandler;
  /** How many pages are held (tests look inside). */
  size(): number;
}

function keepableRequest(req: ExpressRequest): boolean {
  if (req.method !== "GET" || req.headers.authorization !== undefined) return false;
  if (!keptPaths.test(req.path)) return false;
  // The flash message is shown once and cleared by the render that shows it.
  return !sentCookies(req.headers.cookie).has(cookies.flash.name);
}

function sendKept(req: ExpressRequest, res: ExpressResponse, page: KeptPage, state: "hit" | "miss"): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("X-Page-Cache", state);
  const encoding = preferredEncoding(page.template, req.headers["accept-encoding"]);
  const body = fillTemplate(page.template, res.locals.nonce, encoding);
  if (encoding !== "identity") {
    res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", body.length);
  }
  res.setHeader("Vary", "Accept-Encoding, Cookie");
  res.status(200).end(body);
}

export function createKeptPages({ maxBytes }: { maxBytes: number }): KeptPages {
  // One page per address, reader and cookies (a slot); a page kept at older revisions is replaced, not piled up.
  const kept = new ByteLru<KeptPage>(maxBytes);
  const rendering = new Map<string, Promise<KeptPage | undefined>>();
  // The nonce pages are rendered with; never sent, and unknown outside this process.
  const placeholder = newNonce();

  function middleware(pages: PageRendering): RequestHandler {
    const renderPage = pageRenderer(pages, placeholder);
    // Asked once: an import() on every request resolves the module's path again (fstat, package.json reads).
    let buildVersion: Promise<string> | undefined;

    async function renderAndKeep(req: ExpressRequest, res: ExpressResponse, request: Request, key: string) {
      const { response, body, setsCookie, databaseFault } = await renderPage(res.locals.requestStore, request);
      const keepable =
        response.status === 200 &&
        !setsCookie &&
        keptTypes.test(response.headers.get("content-type") ?? "") &&
        databaseFault === undefined;
      if (!keepable) return { response, body };
      const template = await buildTemplate(body, placeholder, undefined, "personal");
      const headers = [...response.headers].filter(([name]) => !headersSetHere.has(name));
      return { response, body, page: { key, template, headers, keptAt: Date.now() } satisfies KeptPage };
    }

    return async (req, res, next) => {
      if (!keepableRequest(req)) return next();
      let slot: string;
      let key: string;
      let request: Request;
      try {
        request = fetchRequestOf(req, res);
        const made = await keptPageKey(request);
        if (made === undefined) return next();
        const version = await (buildVersion ??= pages.build().then((resolved) => resolved.assets.version));
        slot = `${version} ${req.originalUrl} ${req.headers.cookie ?? ""}`;
        key = made;
      } catch (error) {
        // A database that is down: the page's own loaders meet it again and answer 503 as every page does.
        logger.debug({ err: error }, "kept pages: no key, rendered as before");
        return next();
      }
      try {
        const held = kept.get(slot);
        if (held && held.key === key && Date.now() - held.keptAt < freshMilliseconds)
          return sendKept(req, res, held, "hit");
        const pending = rendering.get(slot);
        if (pending) {
          const page = await pending;
          if (page?.key === key) return sendKept(req, res, page, "hit");
        }
        const result = renderAndKeep(req, res, request, key);
        const shared = result.then((made) => made.page).catch(() => undefined);
        rendering.set(slot, shared);
        try {
          const { response, body, page } = await result;
          if (!page) return sendRendered(res, { response, body }, placeholder);
          kept.set(slot, page, page.template.bytes + slot.length + key.length + pageOverheadBytes);
          sendKept(req, res, page, "miss");
        } finally {
          if (rendering.get(slot) === shared) rendering.delete(slot);
        }
      } catch (error) {
        next(error);
      }
    };
  }

  return { middleware, size: () => kept.values().length };
}

let processKept: KeptPages | null | undefined;

/** The process's kept signed-in pages (`KEPT_PAGES_MB`; 0: none). */
export function processKeptPages(): KeptPages | null {
  if (processKept === undefined) {
    const megabytes = getConfig().KEPT_PAGES_MB;
    processKept = megabytes > 0 ? createKeptPages({ maxBytes: megabytes * 1024 * 1024 }) : null;
  }
  return processKept;
}
