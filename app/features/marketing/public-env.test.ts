import { describe, expect, it } from "vitest";
import { appHref, assetHref, siteHref } from "./public-env";

describe("links to the app and the assets bucket", () => {
  it("stays on this site when no other host is configured", () => {
    expect(appHref("", "/signup")).toBe("/signup");
    expect(assetHref("", "/images/og-image.png")).toBe("/images/og-image.png");
  });

  it("joins a configured host without doubling slashes", () => {
    expect(appHref("https://app.samen.example/", "/auth")).toBe("https://app.samen.example/auth");
    expect(assetHref("https://cdn.samen.example/site", "/images/screenshots/goals-800.webp")).toBe(
      "https://cdn.samen.example/site/images/screenshots/goals-800.webp",
    );
    expect(siteHref("https://samen.example", "pricing")).toBe("https://samen.example/pricing");
  });
});
