import { describe, expect, it } from "vitest";
import { isSignInScreen, sendsAway, showsSignIn, type AnswerSeen } from "./session-end";

const site = "https://samen.example";
const answer = (overrides: Partial<AnswerSeen> = {}): AnswerSeen => ({
  type: "basic",
  status: 200,
  redirected: false,
  url: `${site}/app`,
  ...overrides,
});

describe("sendsAway", () => {
  it("takes a navigation's opaque redirect as the session's end (issue 44: `redirected` is false there)", () => {
    // What fetch(event.request) gives a worker for a navigation the server redirected: nothing to read.
    expect(sendsAway(answer({ type: "opaqueredirect", status: 0, url: `${site}/app` }))).toBe(true);
    expect(sendsAway(answer({ status: 0 }))).toBe(true);
  });

  it("takes a redirect seen as such, and a followed one that landed on sign-in", () => {
    expect(sendsAway(answer({ status: 302 }))).toBe(true);
    expect(sendsAway(answer({ status: 303 }))).toBe(true);
    expect(sendsAway(answer({ redirected: true, url: `${site}/auth?redirectTo=%2Fapp%2Fexpenses` }))).toBe(true);
    expect(sendsAway(answer({ redirected: true, url: `${site}/login` }))).toBe(true);
  });

  it("keeps the pages for a page that came as asked, or an error that is no redirect", () => {
    expect(sendsAway(answer())).toBe(false);
    expect(sendsAway(answer({ status: 404 }))).toBe(false);
    expect(sendsAway(answer({ status: 503 }))).toBe(false);
    // A followed redirect inside the app (an old address) is no sign-in.
    expect(sendsAway(answer({ redirected: true, url: `${site}/app/expenses` }))).toBe(false);
    expect(sendsAway(answer({ redirected: true, url: `${site}/authors` }))).toBe(false);
  });
});

describe("isSignInScreen", () => {
  it("knows the sign-in screen's addresses, as a page and as React Router's data", () => {
    for (const address of ["/auth", "/auth?redirectTo=%2Fapp", "/auth.data?_routes=routes%2Fauth%2Fsign-in", "/login"])
      expect(isSignInScreen(new URL(address, site)), address).toBe(true);
    expect(isSignInScreen(new URL("/signup.data", site))).toBe(true);
  });

  it("leaves every other address alone, the other auth screens too", () => {
    for (const address of [
      "/",
      "/app",
      "/auth/sign-out",
      "/auth/two-factor",
      "/auth/verify",
      "/reset-password",
      "/authors",
    ])
      expect(isSignInScreen(new URL(address, site)), address).toBe(false);
  });
});

describe("showsSignIn", () => {
  it("is a plain 200: the sign-in screen shown as itself, so nobody is signed in", () => {
    expect(showsSignIn(answer({ url: `${site}/auth` }))).toBe(true);
  });

  it("is not what a signed-in person gets there: a redirect on to the app, opaque or as React Router's data", () => {
    expect(showsSignIn(answer({ type: "opaqueredirect", status: 0 }))).toBe(false);
    // React Router's data answer for a loader's redirect.
    expect(showsSignIn(answer({ status: 202, url: `${site}/auth.data` }))).toBe(false);
    expect(showsSignIn(answer({ redirected: true, url: `${site}/app` }))).toBe(false);
    expect(showsSignIn(answer({ status: 503 }))).toBe(false);
    expect(showsSignIn(answer({ status: 429 }))).toBe(false);
  });
});
