import { AsyncLocalStorage } from "node:async_hooks";
import type { Logger } from "pino";
import { createContext } from "react-router";
import type { DatabaseFault } from "~/db/faults.server";

/**
 * Everything that belongs to one request, opened by the Express server before any route runs (server/app.ts).
 * Loaders and actions read it from `context.get(requestStoreContext)`; code without a route context (the session
 * lookup, Better Auth's headers) reads the same object with `getRequestStore()`.
 */
export interface RequestStore {
  nonce: string;
  requestId: string;
  log: Logger;
  /** The client address Express resolved, trusting only our own proxies. */
  clientIp: string;
  /**
   * The TCP peer's own address (req.socket.remoteAddress), never read from a header: who is really connected, for
   * what only this machine may see (the development outbox). Behind a proxy it is the proxy's.
   */
  socketAddress?: string;
  /** Adds a Set-Cookie header to the response: the root loader's rolling session refresh cannot set headers. */
  appendSetCookie(cookie: string): void;
  /** Work done once per request however many loaders ask (the session lookup), by key. */
  readonly once: Map<string, Promise<unknown>>;
  /**
   * A GET or HEAD: it changes nothing that its own loaders read again (a membership, a plan), so they may share one
   * read of it (`oncePerReadingRequest`). An action's request may not: its loaders must see what it wrote.
   */
  readonly reading?: boolean;
  /** The statements this request sent to the database (each a round trip), counted by the database client; logged. */
  queries?: number;
  /** Set when a loader or action met a database that is down or a full disk: the page answers 503 or 507. */
  databaseFault?: DatabaseFault;
  /**
   * Who is asking and in what setting (the signed-in user, the page language, the household), read once for the
   * Request React Router hands the routes (`oncePerRequestContext`). Set by the first read, never by the server.
   */
  context?: { request: Request; values: Map<string, Promise<unknown>> };
}

export const requestStoreContext = createContext<RequestStore>();

const storage = new AsyncLocalStorage<RequestStore>();

export function runWithRequestStore<T>(store: RequestStore, work: () => T): T {
  return storage.run(store, work);
}

export function getRequestStore(): RequestStore | undefined {
  return storage.getStore();
}

/** The result of `work` for this key, shared by a reading request's loaders; computed every time elsewhere. */
export function oncePerReadingRequest<T>(key: string, work: () => Promise<T>): Promise<T> {
  return storage.getStore()?.reading ? oncePerRequest(key, work) : started(work);
}

/**
 * Gives this reading request's `oncePerReadingRequest(key, …)` its value ahead of time: a wider read that already holds
 * it (every membership of the user) spares the narrower one. Elsewhere, and when the key is already there, nothing.
 */
export function primeReadingRequest<T>(key: string, value: T): void {
  const store = storage.getStore();
  if (store?.reading && !store.once.has(key)) store.once.set(key, Promise.resolve(value));
}

/** The result of `work` for this key, computed once per request; outside a request, computed every time. */
export function oncePerRequest<T>(key: string, work: () => Promise<T>): Promise<T> {
  const store = storage.getStore();
  return store ? shared(store.once, key, work) : started(work);
}

/**
 * `work`'s result as one settled promise, never a synchronous throw: a caller's `Promise.all([a(), b()])` whose `b`
 * threw while the array was built would leave `a`'s rejection unhandled, which ends the process (a loader running
 * while the database closes at shutdown did). And a Drizzle query is a thenable that runs its statement again on
 * every `then`: kept as it is, it would send one statement per awaiting loader (the dashboard's access check went out
 * seven times).
 */
function started<T>(work: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve) => resolve(work()));
}

/**
 * The promise `values` holds for `key`, started with `work` by the first to ask. A key always names the same work, so
 * what it holds is that work's result.
 */
function shared<T>(values: Map<string, Promise<unknown>>, key: string, work: () => Promise<T>): Promise<T> {
  let pending = values.get(key) as Promise<T> | undefined;
  if (!pending) {
    pending = started(work);
    values.set(key, pending);
  }
  return pending;
}

/**
 * A part of this request's context (the signed-in user, the page language, the household), computed once however
 * many loaders, the root loader and entry.server ask; outside a request, computed every time. Kept for the Request
 * React Router hands the routes: after an action, the loaders that render its page get a Request of their own, so
 * they read again what the action may have changed (a sign-in or sign-out, a household switch, a new language) and
 * never reuse what was read before it wrote. Two requests never share it: each has its own store.
 */
export function oncePerRequestContext<T>(request: Request, key: string, work: () => Promise<T>): Promise<T> {
  const store = storage.getStore();
  if (!store) return work();
  if (store.context?.request !== request) store.context = { request, values: new Map() };
  return shared(store.context.values, key, work);
}

/**
 * What the request's latest context already holds for `key`, without computing it (entry.server: the language), for
 * the caller to check.
 */
export function requestContextValue(key: string): Promise<unknown> | undefined {
  return storage.getStore()?.context?.values.get(key);
}
