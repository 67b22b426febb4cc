import { clearedCookieLine, cookieLine, cookies } from "./cookies";

/**
 * Better Auth writes the session cookies itself, under this prefix and with these attributes (auth.server.ts hands
 * them over). On an https site they are Secure with the `__Host-` prefix; over plain http (a home server at
 * http://192.168.1.20:3000) browsers drop Secure cookies, so there they are plain.
 */
export function sessionCookiePrefix(secure: boolean): string {
  return secure ? "__Host-samen" : "samen";
}

export const sessionCookieAttributes = { httpOnly: true, sameSite: "lax", path: "/" } as const;

/** The cookies Better Auth may have set: the session, its cached copy, and the "don't remember me" marker. */
const sessionCookieSuffixes = ["session_token", "session_data", "dont_remember"] as const;

export function sessionCookieName(secure: boolean): string {
  return `${sessionCookiePrefix(secure)}.session_token`;
}

/** Set-Cookie lines that remove every Better Auth cookie, with the attributes Better Auth set them with. */
export function clearedSessionCookies(secure: boolean): string[] {
  return sessionCookieSuffixes.map((suffix) =>
    clearedCookieLine(
      { name: `${sessionCookiePrefix(secure)}.${suffix}`, path: sessionCookieAttributes.path, httpOnly: true },
      secure,
    ),
  );
}

/** A Set-Cookie line that removes its cookie (an empty value or Max-Age=0), as Better Auth writes its clears. */
export function endsCookie(line: string): boolean {
  return /^[^=]+=;/.test(line) || /;\s*max-age=0\s*(?:;|$)/i.test(line);
}

/** The line that marks this browser signed in (`cookies.signedIn`), for the session's whole lifetime. */
export function signedInCookie(secure: boolean): string {
  return cookieLine(cookies.signedIn, "1", secure);
}

/** The line that removes the signed-in marker. */
export function clearedSignedInCookie(secure: boolean): string {
  return clearedCookieLine(cookies.signedIn, secure);
}

/**
 * The signed-in marker's line that follows Better Auth's own Set-Cookie lines: set when they write the session cookie
 * (a sign-in, a rolling refresh), cleared when they remove it (a sign-out, "sign out everywhere"); none when they do
 * not touch the session.
 */
export function signedInCookieFollowing(lines: readonly string[], secure: boolean): string | undefined {
  const session = lines.find((line) => line.startsWith(`${sessionCookieName(secure)}=`));
  if (!session) return undefined;
  return endsCookie(session) ? clearedSignedInCookie(secure) : signedInCookie(secure);
}
