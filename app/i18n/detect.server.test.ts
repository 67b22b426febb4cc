import { describe, expect, it } from "vitest";
import { detectLanguage } from "./detect.server";

const request = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers });

describe("page language detection", () => {
  it("prefers the blog path prefix over everything else", () => {
    expect(detectLanguage(request("/de/blog/x", { cookie: "lang=fr", "accept-language": "nl" }), "pl")).toBe("de");
    expect(detectLanguage(request("/blog", { cookie: "lang=fr" }))).toBe("en");
  });

  it("then the cookie, then the saved preference, then Accept-Language, then English", () => {
    expect(detectLanguage(request("/", { cookie: "a=1; lang=ua", "accept-language": "nl" }), "pl")).toBe("ua");
    expect(detectLanguage(request("/", { "accept-language": "nl" }), "pl")).toBe("pl");
    expect(detectLanguage(request("/", { "accept-language": "nl-BE,nl;q=0.9" }))).toBe("nl");
    expect(detectLanguage(request("/"))).toBe("en");
  });

  it("ignores unknown values", () => {
    expect(detectLanguage(request("/", { cookie: "lang=xx" }), "zz")).toBe("en");
  });
});
