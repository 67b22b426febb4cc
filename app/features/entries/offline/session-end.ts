/**
 * How the service worker (service-worker.ts) tells that the session its kept pages belong to has ended, from what
 * the server answers. Kept pages are one person's; any answer that says nobody (or somebody else) is signed in
 * forgets them all (decision 0028).
 */

/** What the worker can see of an answer: a Response, or what a test makes of one. */
export interface AnswerSeen {
  readonly type: ResponseType;
  readonly status: number;
  readonly redirected: boolean;
  readonly url: string;
}

/** The sign-in screen's addresses (one screen under three), without the query. */
const signInPaths = new Set(["/auth", "/login", "/signup"]);

/** The sign-in screen, as a page or as React Router's data for it (`/auth.data`, asked by a script navigation). */
export function isSignInScreen(url: URL): boolean {
  return signInPaths.has(url.pathname.replace(/\.data$/, ""));
}

/**
 * An answer to a navigation inside /app that sends the person elsewhere. A navigation's redirect mode is "manual",
 * so a redirect reaches the worker as an opaque redirect (type "opaqueredirect", status 0, `redirected` false, and
 * no Location the worker may read): it cannot tell sign-in from another page, and takes every one as the session's
 * end. Signed in, an app page rarely redirects (an invitation link, an old address), and the next signed-in page
 * keeps the start pages again. A fetch that followed its redirects says where it landed.
 */
export function sendsAway(answer: AnswerSeen): boolean {
  if (answer.type === "opaqueredirect" || answer.status === 0) return true;
  if (answer.status >= 300 && answer.status < 400) return true;
  return answer.redirected && isSignInScreen(new URL(answer.url));
}

/**
 * The sign-in screen answered as itself: its loader sends anyone signed in on to the app (a redirect: an opaque one
 * for a page, a 202 for React Router's data), so a plain 200 means nobody is signed in.
 */
export function showsSignIn(answer: AnswerSeen): boolean {
  return answer.status === 200 && !answer.redirected && answer.type !== "opaqueredirect";
}
