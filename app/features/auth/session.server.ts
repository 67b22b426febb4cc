import { redirect } from "react-router";
import { secureCookies } from "~/config.server";
import { databaseFaultOf } from "~/db/faults.server";
import { isLanguage } from "~/domain/languages";
import { readCookie } from "~/i18n/detect.server";
import { cookies } from "~/lib/cookies";
import { clearedSignedInCookie, endsCookie, signedInCookie, signedInCookieFollowing } from "~/lib/cookies.server";
import { logger } from "~/lib/logger.server";
import {
  clientIpHeader,
  getAuth,
  sessionCookieName,
  sessionLifetimeSeconds,
  sessionRefreshAgeSeconds,
} from "./auth.server";
import {
  getRequestStore,
  oncePerReadingRequest,
  oncePerRequest,
  oncePerRequestContext,
} from "~/lib/request-store.server";
import { defaultSignedInPath, pagePathOf, safeRedirect, signInPath } from "./safe-redirect";
import type { SessionUser } from "./session-user";

/**
 * The request's headers as Better Auth should see them: the cookie, and the client address Express resolved
 * (any value the client sent under that name is replaced).
 */
export function authHeaders(request: Request): Headers {
  const headers = new Headers(request.headers);
  headers.set(clientIpHeader, getRequestStore()?.clientIp ?? "unknown");
  return headers;
}

/**
 * Only the Set-Cookie lines of a Better Auth answer, ready to hand to `redirect()` or `data()`, and the signed-in
 * marker's line that follows them (set at a sign-in, cleared at a sign-out or "sign out everywhere").
 */
export function setCookieHeaders(source: Headers | null | undefined): Headers {
  const headers = new Headers();
  const lines = source?.getSetCookie() ?? [];
  for (const cookie of lines) headers.append("Set-Cookie", cookie);
  const marker = signedInCookieFollowing(lines, secureCookies());
  if (marker) headers.append("Set-Cookie", marker);
  return headers;
}

/**
 * The signed-in marker (`cookies.signedIn`, read by the service worker offline, decision 0028) follows what this
 * request turned out to be: set for a live session when the request came without it or the session was renewed,
 * cleared when a request that carries it is signed out (a session ended elsewhere, an expired or unknown cookie).
 * Passed on like the session refresh, through the request store: loaders cannot set headers.
 */
function markSignedIn(request: Request, signedIn: boolean, renewed = false): void {
  const marked = readCookie(request, cookies.signedIn.name) !== undefined;
  if (signedIn && (renewed || !marked)) getRequestStore()?.appendSetCookie(signedInCookie(secureCookies()));
  if (!signedIn && marked) getRequestStore()?.appendSetCookie(clearedSignedInCookie(secureCookies()));
}

interface BetterAuthUser {
  id: string;
  email: string;
  name?: string | null;
  locale?: unknown;
  isCreator?: unknown;
  twoFactorEnabled?: unknown;
}

export function toSessionUser(user: BetterAuthUser): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name ?? "",
    locale: isLanguage(user.locale) ? user.locale : null,
    isCreator: user.isCreator === true,
    twoFactorEnabled: user.twoFactorEnabled === true,
  };
}

/** A session Better Auth found live in this process, under the cookie's whole (signed) value. */
export interface CheckedSession {
  user: SessionUser;
  /** The session's token (the session table's key): what a later check asks the database about. */
  token: string;
  /** When Better Auth would roll the session forward on its next lookup, or has ended it. */
  refreshAt: number;
}

/**
 * The sessions Better Auth checked here, by cookie value, so a kept page's check (decision 0030) can ask the
 * database only whether the session is still there, in the statement that reads the households' revisions, instead
 * of Better Auth's whole lookup. Never trusted on its own: every use asks the database again. Bounded: the oldest
 * are forgotten first.
 */
const checkedSessions = new Map<string, CheckedSession>();
const checkedSessionsMax = 10_000;

function remember(cookie: string, checked: CheckedSession | undefined): void {
  checkedSessions.delete(cookie);
  if (!checked) return;
  checkedSessions.set(cookie, checked);
  if (checkedSessions.size > checkedSessionsMax) checkedSessions.delete(checkedSessions.keys().next().value ?? "");
}

/**
 * The session this request's cookie names, as Better Auth last found it in this process, while it needs no rolling
 * refresh; undefined otherwise (the caller then asks Better Auth). The caller must check with the database that the
 * token is still live (`householdRevisionsOfLiveSession`): a session signed out elsewhere is still held here.
 */
export function checkedSession(request: Request): CheckedSession | undefined {
  const cookie = readCookie(request, sessionCookieName());
  const checked = cookie ? checkedSessions.get(cookie) : undefined;
  return checked && Date.now() < checked.refreshAt ? checked : undefined;
}

async function lookUpSession(request: Request): Promise<SessionUser | null> {
  const cookie = readCookie(request, sessionCookieName()) ?? "";
  try {
    const { headers, response } = await getAuth().api.getSession({
      headers: authHeaders(request),
      returnHeaders: true,
    });
    if (!response?.user) {
      remember(cookie, undefined);
      markSignedIn(request, false);
      return null;
    }
    // Better Auth rolls a session forward once it is `updateAge` old: `expiresIn - updateAge` before it expires.
    const expiresAt = new Date(response.session.expiresAt).getTime();
    remember(cookie, {
      user: toSessionUser(response.user),
      token: response.session.token,
      refreshAt: expiresAt - (sessionLifetimeSeconds - sessionRefreshAgeSeconds) * 1000,
    });
    // A rolling refresh re-issues the cookie; the root loader cannot set headers, so the Express layer does.
    // Only a live session's refresh is passed on, never Better Auth's "clear the cookie" for an unknown session:
    // a request still carrying the old cookie (sent just before a sign-in or a two-factor change replaced it)
    // would otherwise wipe the new cookie when its answer arrives last.
    const store = getRequestStore();
    const refreshed = (headers?.getSetCookie() ?? []).filter((line) => !endsCookie(line));
    for (const line of refreshed) store?.appendSetCookie(line);
    markSignedIn(request, true, signedInCookieFollowing(refreshed, secureCookies()) !== undefined);
    return toSessionUser(response.user);
  } catch (error) {
    // A database that is down is not a signed-out visitor: the page answers 503 instead of sending them to sign in.
    if (databaseFaultOf(error)) throw error;
    logger.error({ err: error }, "session lookup failed");
    return null;
  }
}

/**
 * The signed-in user of this request, or null. Reads the session cookie and checks the session in the database
 * (expired or revoked sessions count as signed out); one lookup per request, however many loaders ask, kept in the
 * request's context (`oncePerRequestContext`): the loaders after an action that signed someone in or out look again.
 */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const cookie = readCookie(request, sessionCookieName());
  if (!cookie) {
    // No session cookie (cleared, expired): a marker left behind goes too, once per request however many ask.
    if (readCookie(request, cookies.signedIn.name) !== undefined)
      await oncePerRequest("signed-in-marker-cleared", async () => markSignedIn(request, false));
    return null;
  }
  const key = `session:${cookie}`;
  // A reading request signs nobody in or out: its one lookup serves every Request made of it (the kept-page check's
  // in server/kept-pages.ts and the one React Router hands the loaders).
  if (getRequestStore()?.reading) return oncePerReadingRequest(key, () => lookUpSession(request));
  return oncePerRequestContext(request, key, () => lookUpSession(request));
}

/** The signed-in user, or a redirect to /auth?redirectTo=<this page>. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user) return user;
  throw redirect(signInPath(pagePathOf(new URL(request.url))));
}

/** For the auth screens: a signed-in user is sent on to `redirectTo` (same-site only) or the app's home. */
export async function requireAnonymous(request: Request): Promise<void> {
  const user = await getOptionalUser(request);
  if (!user) return;
  const redirectTo = new URL(request.url).searchParams.get("redirectTo");
  throw redirect(safeRedirect(redirectTo, defaultSignedInPath));
}
