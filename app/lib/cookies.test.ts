import { afterEach, describe, expect, it, vi } from "vitest";
import { authCookieOptions, sessionLifetimeSeconds } from "~/features/auth/auth.server";
import { flashCookie } from "~/features/auth/flash";
import { clearedHouseholdCookieHeader, householdCookieHeader } from "~/features/household/app-context.server";
import {
  clearBrowserCookie,
  clearedCookieLine,
  cookieLine,
  cookies,
  readCookieValue,
  writeBrowserCookie,
} from "./cookies";
import {
  clearedSessionCookies,
  clearedSignedInCookie,
  endsCookie,
  signedInCookie,
  signedInCookieFollowing,
} from "./cookies.server";

/** A Set-Cookie line as its name, value and attributes (names lower-cased), so two lines compare attribute by attribute. */
function parse(line: string) {
  const [pair = "", ...parts] = line.split("; ");
  const [name = "", value = ""] = pair.split("=");
  const attributes = new Map(
    parts.map((part) => [part.split("=")[0]!.toLowerCase(), part.split("=")[1] ?? true] as const),
  );
  return { name, value, attributes };
}

/** What a clear must share with the write, or the browser keeps the cookie: everything but the value and Max-Age. */
function identity(line: string) {
  const { name, attributes } = parse(line);
  const kept = new Map(attributes);
  kept.delete("max-age");
  return { name, attributes: Object.fromEntries(kept) };
}

function expectClears(set: string, cleared: string) {
  expect(identity(cleared)).toEqual(identity(set));
  expect(parse(cleared).value).toBe("");
  expect(parse(cleared).attributes.get("max-age")).toBe("0");
  expect(Number(parse(set).attributes.get("max-age"))).toBeGreaterThan(0);
}

describe("the signed-in marker the service worker reads offline", () => {
  it("says only that a session is live, readable by the page and the worker, for the session's lifetime", () => {
    expect(cookies.signedIn).toMatchObject({ name: "samen_signed_in", path: "/", httpOnly: false });
    expect(cookies.signedIn.maxAgeSeconds).toBe(sessionLifetimeSeconds);
    for (const secure of [false, true]) {
      expect(parse(signedInCookie(secure)).value).toBe("1");
      expectClears(signedInCookie(secure), clearedSignedInCookie(secure));
    }
  });

  it("follows Better Auth's session cookie: set with it, cleared with it, untouched otherwise", () => {
    for (const secure of [false, true]) {
      const prefix = authCookieOptions(secure).cookiePrefix;
      const issued = `${prefix}.session_token=abc.def; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax`;
      expect(signedInCookieFollowing([issued], secure)).toBe(signedInCookie(secure));
      expect(signedInCookieFollowing(clearedSessionCookies(secure), secure)).toBe(clearedSignedInCookie(secure));
      expect(signedInCookieFollowing([`${prefix}.session_data=xyz; Path=/`], secure)).toBeUndefined();
      expect(signedInCookieFollowing([], secure)).toBeUndefined();
    }
    // The other site's name is not ours: an http session line on an https site changes nothing.
    expect(signedInCookieFollowing(["samen.session_token=abc; Path=/"], true)).toBeUndefined();
  });

  it("tells a clearing line from a writing one", () => {
    expect(endsCookie("a=; Path=/")).toBe(true);
    expect(endsCookie("a=b; Max-Age=0; Path=/")).toBe(true);
    expect(endsCookie("a=b; Path=/; max-age=0")).toBe(true);
    expect(endsCookie("a=b; Max-Age=604800; Path=/")).toBe(false);
    expect(endsCookie("a=b; Max-Age=03; Path=/")).toBe(false);
  });
});

describe("every cookie is cleared with the attributes it was set with", () => {
  afterEach(() => vi.unstubAllGlobals());

  for (const [key, spec] of Object.entries(cookies)) {
    for (const secure of [false, true]) {
      it(`${key} (${secure ? "https" : "http"})`, () => {
        const set = cookieLine(spec, "value", secure);
        expectClears(set, clearedCookieLine(spec, secure));
        expect(parse(set).attributes.get("path")).toBe(spec.path);
        expect(parse(set).attributes.get("samesite")).toBe("Lax");
        expect(parse(set).attributes.has("secure")).toBe(secure);
        expect(parse(set).attributes.has("httponly")).toBe(spec.httpOnly);
      });
    }
  }

  it("the household cookie's helpers (the account-deletion bug: a clear on Path=/app left the Path=/ cookie)", () => {
    for (const secure of [false, true])
      expectClears(householdCookieHeader("h1", secure), clearedHouseholdCookieHeader(secure));
    expect(parse(householdCookieHeader("h1", false)).attributes.get("path")).toBe("/");
  });

  it("the flash cookie, set by the server and cleared by the page", () => {
    let written = "";
    vi.stubGlobal("window", { location: { protocol: "https:" } });
    vi.stubGlobal("document", {
      set cookie(line: string) {
        written = line;
      },
    });
    clearBrowserCookie(cookies.flash);
    expectClears(flashCookie("signed-in", true), written);
    writeBrowserCookie(cookies.timeZone, "Europe%2FAmsterdam");
    expect(written).toBe(cookieLine(cookies.timeZone, "Europe%2FAmsterdam", true));
  });

  it("Better Auth's session cookies, cleared on account deletion with the attributes Better Auth sets them with", () => {
    for (const secure of [false, true]) {
      // What Better Auth is configured to set them with.
      const { cookiePrefix, attributes } = authCookieOptions(secure);
      const cleared = clearedSessionCookies(secure);
      expect(cleared.map((line) => parse(line).name)).toEqual([
        `${cookiePrefix}.session_token`,
        `${cookiePrefix}.session_data`,
        `${cookiePrefix}.dont_remember`,
      ]);
      for (const line of cleared) {
        const { attributes: sent } = parse(line);
        expect({
          path: sent.get("path"),
          httpOnly: sent.has("httponly"),
          sameSite: String(sent.get("samesite")).toLowerCase(),
          secure: sent.has("secure"),
        }).toEqual(attributes);
      }
    }
  });
});

describe("readCookieValue", () => {
  it("finds one cookie among several, keeping '=' inside its value", () => {
    expect(readCookieValue("a=1; samen_flash=signed-in; b=x=y", "samen_flash")).toBe("signed-in");
    expect(readCookieValue("a=1; b=x=y", "b")).toBe("x=y");
    expect(readCookieValue(null, "a")).toBeUndefined();
  });
});
