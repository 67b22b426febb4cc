import { clearedCookieLine } from "./cookies";

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
