import { languages, toBcp47, toRegionalLocale, type Language } from "~/domain/languages";

export interface SeoAlternate {
  /** One of our languages, or "x-default". */
  language: Language | "x-default";
  path: string;
}

export interface SeoOptions {
  /** This site's public origin (PUBLIC_URL); empty gives root-relative URLs. */
  siteUrl: string;
  /** The page's path without query or hash, e.g. "/pricing" or "/de/blog/budget-tips". */
  path: string;
  title: string;
  description: string;
  language: Language;
  /** Other language versions of this page, for hreflang links (the blog has them; marketing pages share one URL). */
  alternates?: SeoAlternate[];
  /** Open Graph picture: an absolute URL, or a path on this site. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** Defaults to "index, follow". */
  robots?: string;
  siteName?: string;
}

export type SeoMeta = { name: string; content: string } | { property: string; content: string };
export type SeoLink = { rel: "canonical"; href: string } | { rel: "alternate"; href: string; hrefLang: string };

export interface SeoTags {
  title: string;
  meta: SeoMeta[];
  links: SeoLink[];
}

export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  const path = pathOrUrl.startsWith("/") ? pathOrUrl : `/${pathOrUrl}`;
  return `${siteUrl.replace(/(?<!\/)\/+$/, "")}${path}`;
}

const ogLocale = (language: Language) => toRegionalLocale(language).replace("-", "_");

/**
 * Title, description, canonical link, robots, Open Graph and hreflang for one page.
 * Pure, so loaders, components and tests can all use it; `<SeoHead>` renders the result.
 */
export function buildSeoTags(options: SeoOptions): SeoTags {
  const { siteUrl, path, title, description, language, alternates = [], image, imageAlt, type = "website" } = options;
  const canonical = absoluteUrl(siteUrl, path);
  const meta: SeoMeta[] = [
    { name: "description", content: description },
    { name: "robots", content: options.robots ?? "index, follow" },
    { property: "og:type", content: type },
    { property: "og:site_name", content: options.siteName ?? "Samen" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:locale", content: ogLocale(language) },
  ];
  for (const alternate of alternates) {
    if (alternate.language !== "x-default" && alternate.language !== language) {
      meta.push({ property: "og:locale:alternate", content: ogLocale(alternate.language) });
    }
  }
  if (image) {
    meta.push({ property: "og:image", content: absoluteUrl(siteUrl, image) });
    if (imageAlt) meta.push({ property: "og:image:alt", content: imageAlt });
    meta.push({ name: "twitter:card", content: "summary_large_image" });
  }
  const links: SeoLink[] = [{ rel: "canonical", href: canonical }];
  for (const alternate of alternates) {
    links.push({
      rel: "alternate",
      hrefLang: alternate.language === "x-default" ? "x-default" : toBcp47(alternate.language),
      href: absoluteUrl(siteUrl, alternate.path),
    });
  }
  return { title, meta, links };
}

/** hreflang alternates for a page that exists in every language under a per-language path. */
export function alternatesForAllLanguages(
  pathFor: (language: Language) => string,
  defaultLanguage: Language = "en",
): SeoAlternate[] {
  return [
    ...languages.map((language) => ({ language, path: pathFor(language) })),
    { language: "x-default" as const, path: pathFor(defaultLanguage) },
  ];
}
