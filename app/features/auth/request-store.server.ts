import { AsyncLocalStorage } from "node:async_hooks";
import type { SessionUser } from "./session-user";

/**
 * Per-request state the Express layer opens for every page and data request (see mountApiRoutes):
 * the client address Express resolved (trusting only our own proxies), a way to add Set-Cookie headers
 * to the response (the rolling session refresh happens inside the root loader, which cannot set headers),
 * and the memoised session lookup so the root loader and a page loader share one database read.
 */
export interface AuthRequestStore {
  clientIp: string;
  appendSetCookie(cookie: string): void;
  sessionLookup?: { cookie: string; promise: Promise<SessionUser | null> };
}

const storage = new AsyncLocalStorage<AuthRequestStore>();

export function runWithAuthRequestStore<T>(store: AuthRequestStore, work: () => T): T {
  return storage.run(store, work);
}

export function getAuthRequestStore(): AuthRequestStore | undefined {
  return storage.getStore();
}
