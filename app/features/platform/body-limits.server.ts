/** Auth requests carry a few short fields; anything bigger is refused before it is read (auth/http.server.ts). */
export const maxAuthBodyBytes = 64 * 1024;

/** Every form and API body: a page's longest form (an article of 50,000 characters, percent-encoded) fits easily. */
export const defaultBodyLimitBytes = 1024 * 1024;

/**
 * Paths whose bodies may be larger (an upload a feature needs) or must be smaller than the default; first match wins.
 * Patterns match the page path, so a route's `.data` URL (what fetchers and client navigations post to) shares the
 * limit of its page.
 */
export const bodyLimits: readonly { path: RegExp; maxBytes: number }[] = [
  // Better Auth's endpoints take a few short fields (its handler keeps the same limit: app/features/auth/http.server.ts).
  { path: /^\/api\/auth\//, maxBytes: maxAuthBodyBytes },
  // The security settings post a password or a six-digit code.
  { path: /^\/app\/settings\/security$/, maxBytes: 64 * 1024 },
  // A bank statement of up to 10 MB (money-in.md, "Limits and bad input") and the form's few fields around it.
  { path: /^\/app\/import$/, maxBytes: 10 * 1024 * 1024 + 64 * 1024 },
];

/** The page path a request URL stands for: "/app/goals.data" → "/app/goals", "/_root.data" → "/". */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** The most bytes a request to this path may send. */
export function bodyLimitFor(pathname: string): number {
  const path = pagePathOf(pathname);
  return bodyLimits.find((limit) => limit.path.test(path))?.maxBytes ?? defaultBodyLimitBytes;
}
