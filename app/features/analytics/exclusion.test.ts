import { describe, expect, it } from "vitest";
import { analyticsExclusion, readConsent } from "./exclusion";

const visit = { search: "", cookie: "", excludedIpFlag: null };

describe("analyticsExclusion", () => {
  it("allows an ordinary visit", () => {
    expect(analyticsExclusion(visit)).toBeNull();
  });

  it("skips a visit whose URL has internal=true", () => {
    expect(analyticsExclusion({ ...visit, search: "?utm_source=x&internal=true" })).toBe("internal-url");
    expect(analyticsExclusion({ ...visit, search: "?internal=false" })).toBeNull();
  });

  it("skips a browser with the internal_user cookie", () => {
    expect(analyticsExclusion({ ...visit, cookie: "lang=de; internal_user=true" })).toBe("internal-cookie");
    expect(analyticsExclusion({ ...visit, cookie: "internal_user=false" })).toBeNull();
  });

  it("skips a page whose root carries the excluded-IP flag", () => {
    expect(analyticsExclusion({ ...visit, excludedIpFlag: "true" })).toBe("excluded-ip");
  });
});

describe("readConsent", () => {
  it("reads only the two known answers", () => {
    expect(readConsent("analytics_consent=granted")).toBe("granted");
    expect(readConsent("a=b; analytics_consent=denied")).toBe("denied");
    expect(readConsent("analytics_consent=maybe")).toBeNull();
    expect(readConsent("")).toBeNull();
  });
});
