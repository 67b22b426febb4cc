import { describe, expect, it } from "vitest";
import { blogPath } from "~/domain/languages";
import { absoluteUrl, alternatesForAllLanguages, buildSeoTags } from "./seo";

const base = {
  siteUrl: "https://samen.example",
  title: "Pricing · Samen",
  description: "Plans and prices",
  language: "de" as const,
};

describe("buildSeoTags", () => {
  it("gives a canonical URL on the public origin, robots index/follow and Open Graph tags", () => {
    const tags = buildSeoTags({ ...base, path: "/pricing" });
    expect(tags.title).toBe("Pricing · Samen");
    expect(tags.links).toEqual([{ rel: "canonical", href: "https://samen.example/pricing" }]);
    expect(tags.meta).toContainEqual({ name: "description", content: "Plans and prices" });
    expect(tags.meta).toContainEqual({ name: "robots", content: "index, follow" });
    expect(tags.meta).toContainEqual({ property: "og:url", content: "https://samen.example/pricing" });
    expect(tags.meta).toContainEqual({ property: "og:locale", content: "de_DE" });
    expect(tags.meta).toContainEqual({ property: "og:title", content: "Pricing · Samen" });
  });

  it("lists hreflang alternates with BCP 47 tags (ua becomes uk) and an x-default", () => {
    const tags = buildSeoTags({
      ...base,
      path: "/de/blog/tips",
      alternates: alternatesForAllLanguages((language) => blogPath(language, "tips")),
    });
    expect(tags.links).toContainEqual({ rel: "alternate", hrefLang: "uk", href: "https://samen.example/ua/blog/tips" });
    expect(tags.links).toContainEqual({ rel: "alternate", hrefLang: "en", href: "https://samen.example/blog/tips" });
    expect(tags.links).toContainEqual({
      rel: "alternate",
      hrefLang: "x-default",
      href: "https://samen.example/blog/tips",
    });
    expect(tags.meta).toContainEqual({ property: "og:locale:alternate", content: "uk_UA" });
    expect(tags.meta).not.toContainEqual({ property: "og:locale:alternate", content: "de_DE" });
  });

  it("makes the Open Graph image absolute and lets a page opt out of indexing", () => {
    const tags = buildSeoTags({ ...base, path: "/x", image: "/images/og.png", robots: "noindex" });
    expect(tags.meta).toContainEqual({ property: "og:image", content: "https://samen.example/images/og.png" });
    expect(tags.meta).toContainEqual({ name: "robots", content: "noindex" });
  });
});

describe("absoluteUrl", () => {
  it("keeps absolute URLs and joins paths without double slashes", () => {
    expect(absoluteUrl("https://a.example/", "/b")).toBe("https://a.example/b");
    expect(absoluteUrl("https://a.example", "b")).toBe("https://a.example/b");
    expect(absoluteUrl("https://a.example", "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
  });
});
