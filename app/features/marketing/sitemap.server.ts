import type { Logger } from "pino";
import { databaseFaultOf } from "~/db/faults.server";
import { absoluteUrl, type SeoAlternate } from "./seo";
import { toBcp47 } from "~/domain/languages";

export interface SitemapEntry {
  /** Path on this site, e.g. "/pricing" or "/de/blog/budget-tips". */
  path: string;
  lastModified?: Date | string;
  changeFrequency?: "always" | "hourly" | "daily" | "weekly" | "monthly" | "yearly" | "never";
  /** 0.0 – 1.0 */
  priority?: number;
  /** Other language versions of the same page (written as xhtml:link hreflang alternates). */
  alternates?: SeoAlternate[];
}

export type SitemapSource = () => SitemapEntry[] | Promise<SitemapEntry[]>;

/** The public marketing and legal pages; they have one URL for every language. */
export const marketingSitemapEntries: SitemapEntry[] = [
  { path: "/", changeFrequency: "weekly", priority: 1 },
  { path: "/features", changeFrequency: "monthly", priority: 0.8 },
  { path: "/pricing", changeFrequency: "monthly", priority: 0.8 },
  { path: "/faq", changeFrequency: "monthly", priority: 0.6 },
  { path: "/about", changeFrequency: "monthly", priority: 0.6 },
  { path: "/dashboard", changeFrequency: "monthly", priority: 0.5 },
  { path: "/privacy", changeFrequency: "yearly", priority: 0.3 },
  { path: "/terms", changeFrequency: "yearly", priority: 0.3 },
];

const escapeXml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");

function isoDate(value: Date | string): string | undefined {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function entryXml(siteUrl: string, entry: SitemapEntry): string {
  const lines = [`    <loc>${escapeXml(absoluteUrl(siteUrl, entry.path))}</loc>`];
  const lastModified = entry.lastModified ? isoDate(entry.lastModified) : undefined;
  if (lastModified) lines.push(`    <lastmod>${lastModified}</lastmod>`);
  if (entry.changeFrequency) lines.push(`    <changefreq>${entry.changeFrequency}</changefreq>`);
  if (entry.priority !== undefined)
    lines.push(`    <priority>${Math.min(1, Math.max(0, entry.priority)).toFixed(1)}</priority>`);
  for (const alternate of entry.alternates ?? []) {
    const hreflang = alternate.language === "x-default" ? "x-default" : toBcp47(alternate.language);
    lines.push(
      `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(absoluteUrl(siteUrl, alternate.path))}"/>`,
    );
  }
  return `  <url>\n${lines.join("\n")}\n  </url>`;
}

/**
 * The pages of every source as a sitemap; a failing source is logged and left out, never a 500. A database that is
 * down is not a failing source: that is thrown (the route answers 503, which crawlers retry), so a sitemap without
 * the blog's pages is never served and cached for an hour. The caller (the /sitemap.xml route) names the sources, so
 * what the sitemap lists never depends on what ran before.
 */
export async function buildSitemapXml({
  siteUrl,
  sources,
  log,
}: {
  siteUrl: string;
  sources: Record<string, SitemapSource>;
  log?: Pick<Logger, "error">;
}): Promise<string> {
  const seen = new Set<string>();
  const entries: SitemapEntry[] = [];
  for (const [name, source] of Object.entries(sources)) {
    try {
      for (const entry of await source()) {
        if (seen.has(entry.path)) continue;
        seen.add(entry.path);
        entries.push(entry);
      }
    } catch (error) {
      if (databaseFaultOf(error)) throw error;
      log?.error({ err: error, source: name }, "sitemap source failed; its pages are left out");
    }
  }
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries.map((entry) => entryXml(siteUrl, entry)),
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything public may be crawled; the signed-in app and the API may not. */
export function buildRobotsTxt({ siteUrl }: { siteUrl: string }): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /app/",
    "Disallow: /api/",
    "",
    `Sitemap: ${absoluteUrl(siteUrl, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
