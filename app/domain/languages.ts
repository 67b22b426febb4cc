import { isOneOf } from "~/lib/one-of";

/** The eight interface languages, by the seed's codes (URLs, data). `ua` is Ukrainian. */
export const languages = ["en", "nl", "de", "fr", "es", "pl", "tr", "ua"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/** Each language by its own name, for the language switcher. */
export const languageNames: Record<Language, string> = {
  en: "English",
  nl: "Nederlands",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  pl: "Polski",
  tr: "Türkçe",
  ua: "Українська",
};

/** BCP 47 tags for html lang, hreflang and Intl. */
const bcp47 = {
  en: "en",
  nl: "nl",
  de: "de",
  fr: "fr",
  es: "es",
  pl: "pl",
  tr: "tr",
  ua: "uk",
} as const satisfies Record<Language, string>;

/** Full locales for long dates, as the spec lists them (en-US … uk-UA). */
const regionalLocales: Record<Language, string> = {
  en: "en-US",
  nl: "nl-NL",
  de: "de-DE",
  fr: "fr-FR",
  es: "es-ES",
  pl: "pl-PL",
  tr: "tr-TR",
  ua: "uk-UA",
};

export function isLanguage(value: unknown): value is Language {
  return isOneOf(languages, value);
}

/** The tag of one language, typed as exactly that tag (an API that takes a closed list of tags can check it). */
export function toBcp47<L extends Language>(language: L): (typeof bcp47)[L] {
  return bcp47[language];
}

export function toRegionalLocale(language: Language): string {
  return regionalLocales[language];
}

/** Maps a BCP 47 tag or seed code ("uk-UA", "de-AT", "ua") to one of ours, or undefined. */
export function fromLanguageTag(tag: string): Language | undefined {
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  if (primary === "uk") return "ua";
  return isLanguage(primary) ? primary : undefined;
}

/** Picks the best supported language from an Accept-Language header, honouring q-values. */
export function negotiateLanguage(acceptLanguage: string | null | undefined): Language | undefined {
  if (!acceptLanguage) return undefined;
  const ranked = acceptLanguage
    .split(",")
    .map((part, position) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number.parseFloat(q.slice(2)) : 1;
      return { tag, quality: Number.isFinite(quality) ? quality : 0, position };
    })
    .filter((entry) => entry.tag && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.position - b.position);
  for (const entry of ranked) {
    const language = fromLanguageTag(entry.tag);
    if (language) return language;
  }
  return undefined;
}

/** The blog path for a language: English carries no prefix. */
export function blogPath(language: Language, slug?: string): string {
  const base = language === "en" ? "/blog" : `/${language}/blog`;
  return slug ? `${base}/${encodeURIComponent(slug)}` : base;
}

const blogPathPattern = /^\/(?:(en|nl|de|fr|es|pl|tr|ua)\/)?blog(\/.*)?$/;

/** On a blog path, the same page in another language (`/blog/x` → `/de/blog/x`); otherwise undefined. */
export function switchBlogPathLanguage(pathname: string, language: Language): string | undefined {
  const match = blogPathPattern.exec(pathname);
  if (!match) return undefined;
  const rest = match[2] ?? "";
  return (language === "en" ? "/blog" : `/${language}/blog`) + rest;
}

/** The language named by a blog path prefix (`/de/blog…` → de, `/blog…` → en), or undefined off the blog. */
export function blogPathLanguage(pathname: string): Language | undefined {
  const match = blogPathPattern.exec(pathname);
  if (!match) return undefined;
  const prefix = match[1];
  return isLanguage(prefix) ? prefix : "en";
}

/**
 * The address that switches to `language` without scripts (`/language/<lang>?to=…`): back to the same page, or on the
 * blog to the same article under the new prefix.
 */
export function languageSwitchPath(language: Language, page: { pathname: string; search: string }): string {
  const target = (switchBlogPathLanguage(page.pathname, language) ?? page.pathname) + page.search;
  return `/language/${language}?to=${encodeURIComponent(target)}`;
}
