import { toBcp47, toRegionalLocale, type Language } from "~/domain/languages";

// Building Intl formatters is costly; a page formats many dates, so keep one per locale.
const dateFormats = new Map<Language, Intl.DateTimeFormat>();
const languageNameFormats = new Map<Language, Intl.DisplayNames | null>();

/** The spec's long date in the reader's regional locale (en-US … uk-UA); UTC so server and browser agree. */
export function formatLongDate(iso: string, language: Language): string {
  let format = dateFormats.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(toRegionalLocale(language), { dateStyle: "long", timeZone: "UTC" });
    dateFormats.set(language, format);
  }
  return format.format(new Date(iso));
}

/** A language's name in the reader's language ("German" in English, "Duits" in Dutch). */
export function languageDisplayName(language: Language, inLanguage: Language): string {
  if (!languageNameFormats.has(inLanguage)) {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([toBcp47(inLanguage)], { type: "language" });
    } catch {
      // An engine without DisplayNames: fall back to the code.
    }
    languageNameFormats.set(inLanguage, names);
  }
  return languageNameFormats.get(inLanguage)?.of(toBcp47(language)) ?? language;
}
