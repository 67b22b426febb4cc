import { describe, expect, it, vi } from "vitest";
import { buildRobotsTxt, buildSitemapXml, marketingSitemapEntries, type SitemapEntry } from "./sitemap.server";

const marketing = () => marketingSitemapEntries;

describe("sitemap", () => {
  it("lists the marketing and legal pages on the public origin", async () => {
    const xml = await buildSitemapXml({ siteUrl: "https://samen.example", sources: { marketing } });
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    for (const path of ["/", "/features", "/pricing", "/faq", "/about", "/dashboard", "/privacy", "/terms"]) {
      expect(xml).toContain(`<loc>https://samen.example${path}</loc>`);
    }
  });

  it("takes pages from other areas, with hreflang alternates, escaped and without duplicates", async () => {
    const blog = (): SitemapEntry[] => [
      {
        path: "/de/blog/tipps&tricks",
        lastModified: "2025-01-02T03:04:05Z",
        alternates: [
          { language: "de", path: "/de/blog/tipps&tricks" },
          { language: "ua", path: "/ua/blog/tipps&tricks" },
        ],
      },
      { path: "/pricing" },
    ];
    const xml = await buildSitemapXml({ siteUrl: "https://samen.example", sources: { marketing, blog } });
    expect(xml).toContain("<loc>https://samen.example/de/blog/tipps&amp;tricks</loc>");
    expect(xml).toContain("<lastmod>2025-01-02T03:04:05.000Z</lastmod>");
    expect(xml).toContain(
      '<xhtml:link rel="alternate" hreflang="uk" href="https://samen.example/ua/blog/tipps&amp;tricks"/>',
    );
    expect(xml.match(/<loc>https:\/\/samen\.example\/pricing<\/loc>/g)).toHaveLength(1);
  });

  it("leaves out a source that fails and logs it", async () => {
    const broken = () => {
      throw new Error("the blog's query is broken");
    };
    const log = { error: vi.fn() };
    const xml = await buildSitemapXml({ siteUrl: "https://samen.example", sources: { marketing, broken }, log });
    expect(xml).toContain("<loc>https://samen.example/</loc>");
    expect(log.error).toHaveBeenCalledOnce();
  });

  it("fails as a whole when the database cannot be reached, so no sitemap without the blog is served and cached", async () => {
    const unreachable = () => {
      throw new Error("Failed query: select …", {
        cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" }),
      });
    };
    const log = { error: vi.fn() };
    await expect(
      buildSitemapXml({ siteUrl: "https://samen.example", sources: { marketing, blog: unreachable }, log }),
    ).rejects.toThrow("Failed query");
    expect(log.error).not.toHaveBeenCalled();
  });
});

describe("robots.txt", () => {
  it("allows the public site, keeps crawlers out of the app and API, and points at the sitemap", () => {
    const text = buildRobotsTxt({ siteUrl: "https://samen.example" });
    expect(text).toContain("User-agent: *");
    expect(text).toContain("Disallow: /app/");
    expect(text).toContain("Disallow: /api/");
    expect(text).toContain("Sitemap: https://samen.example/sitemap.xml");
  });
});
