import { toBcp47, toRegionalLocale, type Language } from "~/domain/languages";

/** The spec's long date in the reader's regional locale (en-US … uk-UA); UTC so server and browser agree. */
export function formatLongDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(toRegionalLocale(language), { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/** A language's name in the reader's language ("German" in English, "Duits" in Dutch). */
export function languageDisplayName(language: Language, inLanguage: Language): string {
  try {
    return new Intl.DisplayNames([toBcp47(inLanguage)], { type: "language" }).of(toBcp47(language)) ?? language;
  } catch {
    return language;
  }
}
