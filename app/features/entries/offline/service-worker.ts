import { cleanupOutdatedCaches, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { cookies } from "~/lib/cookies";
import { sendOutbox } from "./outbox-sender";
import { isWorkerMessage } from "./service-worker-client";
import { isSignInScreen, sendsAway, showsSignIn } from "./session-end";

/**
 * Samen's service worker (decision 0028), bundled by scripts/build-service-worker.ts into /sw.js:
 * - precaches the scripts and styles of the dashboard and the add form, and the icons (Workbox), and keeps every other
 *   script of the build as it is first loaded, so a kept page starts without the network;
 * - keeps the signed-in person's app pages as they last came from the server (network first), and precaches the
 *   dashboard and the add form for them, so the start URL and the "Add expense" shortcut open offline;
 * - offline, answers a page it never kept with a short page in the person's language that links to the add form;
 * - forgets every kept page on every end of the session it knows: sign-out, an app page sent elsewhere (sign-in),
 *   the sign-in screen shown, the outbox told "signed out" or "someone else", another person signing in; nobody is
 *   ever shown another person's page. Offline, where no answer can say so, kept pages open only while the browser
 *   still holds the signed-in marker (`cookies.signedIn`, read through the Cookie Store API where the browser gives
 *   it to workers); cookies cleared, they are forgotten. Public pages are never kept (the server's page cache decides
 *   their age);
 * - sends the outbox on Background Sync.
 */

declare const __PRECACHE__: PrecacheEntry[];
declare const __BUILD_ID__: string;
declare const __OFFLINE_TEXTS__: Record<string, { title: string; text: string; add: string; dashboard: string }>;

interface WorkerEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerFetchEvent extends WorkerEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}
interface WorkerSyncEvent extends WorkerEvent {
  tag: string;
}
interface WorkerMessageEvent extends WorkerEvent {
  data: unknown;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void>; matchAll(): Promise<{ postMessage(message: unknown): void }[]> };
  addEventListener(type: "install" | "activate", listener: (event: WorkerEvent) => void): void;
  addEventListener(type: "fetch", listener: (event: WorkerFetchEvent) => void): void;
  addEventListener(type: "sync", listener: (event: WorkerSyncEvent) => void): void;
  addEventListener(type: "message", listener: (event: WorkerMessageEvent) => void): void;
}

/** The part of the Cookie Store API the worker uses (Chromium; not Firefox or Safari as this is written). */
interface WorkerCookieStore {
  get(name: string): Promise<{ value: string } | null | undefined>;
}

function isWorkerScope(scope: object): scope is WorkerScope {
  return "skipWaiting" in scope && "clients" in scope;
}
const scope: object = globalThis;
if (!isWorkerScope(scope)) throw new Error("service-worker.ts runs only as a service worker");
const worker = scope;
/** Named after the build: a new build's pages name new scripts, so the old ones go with the old build. */
const pagesCache = `samen-pages-${__BUILD_ID__}`;
/** Who the kept pages belong to: stored beside them, gone with them. */
const sessionKey = "/__samen/session";
/** What a signed-in person gets offline from the start: the dashboard (the start URL) and quick entry. */
const shellPages = [
  "/app",
  "/app/transactions/new",
  "/app/transactions/new?kind=expense",
  "/app/transactions/new?kind=income",
];

interface Session {
  userId: string;
  language: string;
}

precacheAndRoute(__PRECACHE__);
cleanupOutdatedCaches();

worker.addEventListener("install", () => void worker.skipWaiting());
worker.addEventListener("activate", (event) =>
  event.waitUntil(
    (async () => {
      const names = await caches.keys();
      await Promise.all(
        names
          .filter((name) => name.startsWith("samen-pages-") && name !== pagesCache)
          .map((name) => caches.delete(name)),
      );
      await worker.clients.claim();
    })(),
  ),
);

/** The kept pages, if any: only a session's start makes the cache (opening one would leave an empty one behind). */
async function keptPages(): Promise<Cache | undefined> {
  return (await caches.has(pagesCache)) ? caches.open(pagesCache) : undefined;
}

async function storedSession(): Promise<Session | undefined> {
  const response = await (await keptPages())?.match(sessionKey);
  const stored: unknown = await response?.json();
  return isWorkerMessage(stored) && stored.type === "session"
    ? { userId: stored.userId, language: stored.language }
    : undefined;
}

async function forgetPages(): Promise<void> {
  await caches.delete(pagesCache);
}

const isAppPage = (url: URL) =>
  url.origin === location.origin &&
  (url.pathname === "/app" || url.pathname.startsWith("/app/")) &&
  !url.pathname.endsWith(".json") &&
  url.pathname !== "/app/outbox";

async function keep(url: string, response: Response): Promise<void> {
  if (!response.ok || response.redirected || !response.headers.get("content-type")?.includes("text/html")) return;
  const cache = await keptPages();
  // Only while someone's session is known: a page fetched in between is not filed under anybody.
  if (await cache?.match(sessionKey)) await cache?.put(url, response);
}

/** A signed-in page is (re)loaded: the person is told who it is, and kept pages of anyone else are forgotten. */
async function startSession(session: Session): Promise<void> {
  const known = await storedSession();
  if (known && known.userId !== session.userId) await forgetPages();
  const cache = await caches.open(pagesCache);
  await cache.put(sessionKey, Response.json({ type: "session", ...session }));
  for (const page of shellPages) {
    if (await cache.match(page)) continue;
    try {
      const response = await fetch(page, { credentials: "same-origin" });
      // Sent elsewhere (followed here, so `redirected` says so): the session ended meanwhile.
      if (response.redirected || sendsAway(response)) return forgetPages();
      const html = await response.clone().text();
      await keep(page, response);
      await keepScriptsOf(html);
    } catch {
      return;
    }
  }
}

const assetAddress = /\shref="(\/assets\/[^"]+)"/;

/** The page's `<link …>` tags, found by scanning once (a pattern searching for them backtracks over a long page). */
function* linkTags(html: string): Generator<string> {
  for (let at = html.indexOf("<link "); at >= 0;) {
    const end = html.indexOf(">", at);
    if (end < 0) return;
    yield html.slice(at, end + 1);
    at = html.indexOf("<link ", end);
  }
}

/**
 * The scripts a page fetched here names that the precache does not hold (its translations, in the person's language),
 * kept beside it: the page was never opened, so nothing loaded them through the worker yet.
 */
async function keepScriptsOf(html: string): Promise<void> {
  const cache = await caches.open(assetsCache);
  for (const tag of linkTags(html)) {
    const address = tag.includes('rel="modulepreload"') ? assetAddress.exec(tag)?.[1] : undefined;
    if (!address || precached.has(address) || (await cache.match(address))) continue;
    const response = await fetch(address);
    if (response.ok) await cache.put(address, response);
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The page for an address nothing was kept for, in the person's language. */
async function offlinePage(): Promise<Response> {
  const language = (await storedSession())?.language || navigator.language.slice(0, 2);
  const code = language === "uk" ? "ua" : language;
  const texts = __OFFLINE_TEXTS__[code] ?? __OFFLINE_TEXTS__.en;
  if (!texts) return Response.error();
  const lang = code === "ua" ? "uk" : code;
  const body = `<!doctype html><html lang="${escapeHtml(lang)}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(texts.title)} · Samen</title>
<style>body{font-family:system-ui,sans-serif;margin:0;min-height:100vh;display:grid;place-items:center;background:#f7f5f0;color:#1c2b26}
main{max-width:26rem;padding:2rem 1.5rem;text-align:center}h1{font-size:1.5rem;margin:0 0 .75rem}p{line-height:1.5;color:#4b5a55}
a{display:inline-block;margin:.5rem .25rem 0;padding:.75rem 1.25rem;border-radius:.6rem;font-weight:600;text-decoration:none}
.primary{background:#1f6f5c;color:#fff}.secondary{border:1px solid #cfd8d3;color:#1c2b26}</style></head>
<body><main><h1>${escapeHtml(texts.title)}</h1><p>${escapeHtml(texts.text)}</p>
<a class="primary" href="/app/transactions/new?kind=expense">${escapeHtml(texts.add)}</a>
<a class="secondary" href="/app">${escapeHtml(texts.dashboard)}</a></main></body></html>`;
  return new Response(body, { status: 503, headers: { "content-type": "text/html; charset=utf-8" } });
}

async function page(request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(request);
  } catch {
    return keptPage(request);
  }
  // Sent elsewhere, to sign in as a rule: the session ended, and what was kept for it goes too (the outbox stays, in
  // IndexedDB). Forgotten before the browser has the redirect to follow; it gets it as it came.
  if (sendsAway(response)) await forgetPages();
  else
    await keep(request.url, response.clone()).catch(() => {
      // Not kept (storage full, say): the page still comes from the server.
    });
  return response;
}

/** The browser's cookie store as this worker sees it, if the browser gives workers one. */
function cookieStore(): WorkerCookieStore | undefined {
  const store: unknown = Reflect.get(globalThis, "cookieStore");
  return isCookieStore(store) ? store : undefined;
}

function isCookieStore(value: unknown): value is WorkerCookieStore {
  return typeof value === "object" && value !== null && "get" in value && typeof value.get === "function";
}

/**
 * Whether this browser still holds a session, as far as the worker can tell without the server: the session cookie
 * is out of its reach (HttpOnly), the signed-in marker beside it is not. Without a cookie store (Firefox, Safari) it
 * cannot tell, and the kept pages stay as before (decision 0028).
 */
async function stillSignedIn(): Promise<boolean> {
  const store = cookieStore();
  if (!store) return true;
  try {
    return Boolean(await store.get(cookies.signedIn.name));
  } catch {
    return true;
  }
}

/**
 * Offline: the page kept for the known person, or the offline page. Cookies cleared (the marker gone), the session
 * is over for this browser though no server said so: the kept pages go, and nobody sees them.
 */
async function keptPage(request: Request): Promise<Response> {
  const cache = await keptPages();
  if (!cache || !(await cache.match(sessionKey))) return offlinePage();
  if (!(await stillSignedIn())) {
    await forgetPages();
    return offlinePage();
  }
  return (await cache.match(request.url)) ?? (await cache.match(request.url, { ignoreSearch: true })) ?? offlinePage();
}

/**
 * The sign-in screen, as a page or as its data after a script navigation (a link in an open app page whose session
 * ended elsewhere is sent there without a page load): shown as itself, nobody is signed in, and the kept pages go.
 * Offline it fails as it would without the worker.
 */
async function signInScreen(request: Request): Promise<Response> {
  const response = await fetch(request);
  if (showsSignIn(response)) await forgetPages();
  return response;
}

/** The build's other scripts and styles, kept as a page first loads them: their names carry their content's hash. */
const assetsCache = `samen-assets-${__BUILD_ID__}`;
const precached = new Set(__PRECACHE__.map((entry) => entry.url));

async function asset(request: Request): Promise<Response> {
  const cache = await caches.open(assetsCache);
  const kept = await cache.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

/**
 * Files that name no person and change with the build or the language: React Router's route manifest patches (asked
 * for as links appear) and the web app manifest. From the server when it answers, else as last kept; offline with
 * nothing kept, no more routes to discover (the page's links then load as pages, which the worker answers).
 */
async function lastKnown(request: Request): Promise<Response> {
  const cache = await caches.open(assetsCache);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch {
    return (await cache.match(request)) ?? Response.json({});
  }
}

worker.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (
    event.request.method === "GET" &&
    url.origin === location.origin &&
    (url.pathname === "/__manifest" || url.pathname === "/site.webmanifest")
  ) {
    event.respondWith(lastKnown(event.request));
    return;
  }
  if (
    event.request.method === "GET" &&
    url.origin === location.origin &&
    url.pathname.startsWith("/assets/") &&
    !precached.has(url.pathname)
  ) {
    event.respondWith(asset(event.request));
    return;
  }
  if (
    event.request.method === "POST" &&
    url.origin === location.origin &&
    (url.pathname.startsWith("/auth/sign-out") || url.pathname === "/api/auth/sign-out")
  ) {
    event.waitUntil(forgetPages());
    return;
  }
  if (event.request.method === "GET" && event.request.mode === "navigate" && isAppPage(url))
    event.respondWith(page(event.request));
  else if (event.request.method === "GET" && url.origin === location.origin && isSignInScreen(url))
    event.respondWith(signInScreen(event.request));
});

worker.addEventListener("message", (event) => {
  const message = event.data;
  if (!isWorkerMessage(message)) return;
  if (message.type === "session") event.waitUntil(startSession({ userId: message.userId, language: message.language }));
  else event.waitUntil(forgetPages());
});

worker.addEventListener("sync", (event) => {
  if (event.tag !== "samen-outbox") return;
  event.waitUntil(
    (async () => {
      const session = await storedSession();
      if (!session) return;
      const report = await sendOutbox(session.userId);
      // The server says the session is over, or is someone else's: the kept pages were this person's.
      if (report.signedOut || report.otherUser) await forgetPages();
      if (report.saved > 0) for (const client of await worker.clients.matchAll()) client.postMessage("outbox-sent");
      // Thrown, the browser tries the sync again later (with backoff); a refusal or a sign-in needs the person.
      if (report.interrupted) throw new Error("outbox not sent yet");
    })(),
  );
});
