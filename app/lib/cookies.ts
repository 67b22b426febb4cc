/**
 * Every cookie Samen writes, with the attributes each one is written and cleared with. A browser forgets a cookie
 * only when the clearing line names the same Path it was set on (a clear on Path=/app once left the Path=/ household
 * cookie behind after an account was deleted), so every write and every clear is made from these definitions.
 * Universal: the browser writes the time-zone, language and consent cookies itself. Better Auth's session cookies
 * (and how the signed-in marker follows them) are in cookies.server.ts.
 */
export interface CookieSpec {
  readonly name: string;
  readonly path: string;
  readonly maxAgeSeconds: number;
  /** Out of the page's reach; only for cookies the browser code never reads or writes. */
  readonly httpOnly: boolean;
}

const day = 24 * 60 * 60;

export const cookies = {
  /**
   * Says only that this browser holds a live session: value "1", no identity, readable by the page and the service
   * worker (Cookie Store API), which never serves kept pages offline without it (decision 0028). Set and cleared with
   * the session cookies (cookies.server.ts, `signedInCookieFollowing`) and whenever a request turns out signed in or
   * out; its lifetime is the session's (auth.server.ts, `sessionLifetimeSeconds`), renewed with it.
   */
  signedIn: { name: "samen_signed_in", path: "/", maxAgeSeconds: 7 * day, httpOnly: false },
  /** The household the reader chose last. Path=/, not /app: client navigations fetch "/app.data". */
  household: { name: "samen_household", path: "/", maxAgeSeconds: 365 * day, httpOnly: true },
  /** A one-time notice across a full page load; the next page shows its toast and clears it. */
  flash: { name: "samen_flash", path: "/", maxAgeSeconds: 60, httpOnly: false },
  /** Proof that this browser asked for the confirmation mail, sent only to the confirmation page. */
  signUpBrowser: { name: "samen_signup", path: "/auth/verify", maxAgeSeconds: day, httpOnly: true },
  /** The reader's time zone, so the server's "today" is theirs. */
  timeZone: { name: "samen_tz", path: "/", maxAgeSeconds: 365 * day, httpOnly: false },
  /** The interface language the reader picked (also kept in local storage under the same name). */
  language: { name: "lang", path: "/", maxAgeSeconds: 365 * day, httpOnly: false },
  /** The visitor's answer to the analytics consent banner. */
  analyticsConsent: { name: "analytics_consent", path: "/", maxAgeSeconds: 180 * day, httpOnly: false },
  /** Marks a browser as ours (staff, testers), never tracked; set by visiting any page with ?internal=true. */
  internalUser: { name: "internal_user", path: "/", maxAgeSeconds: 365 * day, httpOnly: false },
} as const satisfies Record<string, CookieSpec>;

function attributes(spec: Pick<CookieSpec, "path" | "httpOnly">, maxAgeSeconds: number, secure: boolean): string {
  return `; Path=${spec.path}; Max-Age=${maxAgeSeconds}; SameSite=Lax${spec.httpOnly ? "; HttpOnly" : ""}${secure ? "; Secure" : ""}`;
}

/** The Set-Cookie line (or `document.cookie` assignment) that stores `value`; Secure on an https site. */
export function cookieLine(spec: CookieSpec, value: string, secure: boolean): string {
  return `${spec.name}=${value}${attributes(spec, spec.maxAgeSeconds, secure)}`;
}

/** The line that removes the cookie: the same name, Path and attributes it was set with, and Max-Age=0. */
export function clearedCookieLine(spec: Pick<CookieSpec, "name" | "path" | "httpOnly">, secure: boolean): string {
  return `${spec.name}=${attributes(spec, 0, secure)}`;
}

/** One cookie's value from a Cookie header or `document.cookie`. */
export function readCookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** In the browser: stores one of the cookies the page's own code owns. */
export function writeBrowserCookie(spec: CookieSpec, value: string): void {
  document.cookie = cookieLine(spec, value, window.location.protocol === "https:");
}

/** In the browser: removes one of the cookies the page's own code owns. */
export function clearBrowserCookie(spec: CookieSpec): void {
  document.cookie = clearedCookieLine(spec, window.location.protocol === "https:");
}
