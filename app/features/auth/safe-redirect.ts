/** Where a signed-in user lands when no (safe) destination was asked for: the app's home. */
export const defaultSignedInPath = "/app";

function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

// A same-site path: one leading slash, then no slash or backslash (which browsers treat as "//" → another host).
const sameSitePath = /^\/(?![/\\])/;

/**
 * Returns `target` only when it is a path on this site (like "/app/goals?x=1#top"), else `fallback`.
 * Refuses absolute URLs, protocol-relative "//evil", "/\evil", control characters and encoded tricks
 * that a browser would normalise into another origin.
 */
export function safeRedirect(target: unknown, fallback: string = defaultSignedInPath): string {
  if (typeof target !== "string") return fallback;
  const value = target.trim();
  if (!value || value.length > 2048 || !sameSitePath.test(value)) return fallback;
  // Tabs and newlines are dropped by URL parsers ("/\t/evil" becomes "//evil"); refuse any control character.
  if (hasControlCharacter(value)) return fallback;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return fallback;
  }
  if (!sameSitePath.test(decoded) || hasControlCharacter(decoded)) return fallback;
  // The last word goes to the URL parser: resolved against a dummy origin it must stay on that origin.
  // What we return is the *normalised* path ("/./" and "/../" segments removed), so that is what gets checked:
  // "/.//evil.example" normalises to "//evil.example", which a browser reads as another host.
  try {
    const resolved = new URL(value, redirectBase);
    if (resolved.origin !== redirectBase) return fallback;
    const normalised = resolved.pathname + resolved.search + resolved.hash;
    return isSameOriginPath(normalised) ? normalised : fallback;
  } catch {
    return fallback;
  }
}

const redirectBase = "http://samen.invalid";

/** True when a browser at any page of ours would stay on our origin following `Location: <path>`. */
export function isSameOriginPath(path: string): boolean {
  if (!sameSitePath.test(path) || hasControlCharacter(path)) return false;
  try {
    // Resolved both against the root and against a deep page, the origin must not change.
    return (
      new URL(path, redirectBase).origin === redirectBase &&
      new URL(path, `${redirectBase}/a/b/c`).origin === redirectBase
    );
  } catch {
    return false;
  }
}

/** `/auth?redirectTo=…` for a page that needs a signed-in user. */
export function signInPath(redirectTo?: string | null, base = "/auth"): string {
  const target = redirectTo ? safeRedirect(redirectTo, "") : "";
  return target && target !== defaultSignedInPath ? `${base}?redirectTo=${encodeURIComponent(target)}` : base;
}

/**
 * The page address a request stands for. Client-side navigations fetch loader data from "/page.data"
 * (and "/_root.data" for "/") with a `_routes` parameter; a redirectTo must name the page, not the data URL.
 */
export function pagePathOf(url: URL): string {
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  const search = new URLSearchParams(url.search);
  search.delete("_routes");
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}
