import { toBcp47, type Language } from "./languages";

/**
 * Intl formatters kept per language and options for the life of the process (or the page): building one costs far
 * more than using it (ICU loads the locale's data), and a signed-in page formats hundreds of values. The options are
 * small literals, so their JSON is the key; bounded by the code's own call sites times eight languages.
 */
function keptPerLanguage<Options extends object, Format>(build: (tag: string, options: Options) => Format) {
  const kept = new Map<string, Format>();
  return (language: Language, options: Options): Format => {
    const key = `${language}|${JSON.stringify(options)}`;
    let format = kept.get(key);
    if (format === undefined) {
      format = build(toBcp47(language), options);
      kept.set(key, format);
    }
    return format;
  };
}

export const numberFormat = keptPerLanguage(
  (tag, options: Intl.NumberFormatOptions) => new Intl.NumberFormat(tag, options),
);

/** In UTC unless the options say otherwise: our dates are calendar days, not instants. */
export const dateFormat = keptPerLanguage(
  (tag, options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(tag, { timeZone: "UTC", ...options }),
);

export const listFormat = keptPerLanguage((tag, options: Intl.ListFormatOptions) => new Intl.ListFormat(tag, options));

export const relativeTimeFormat = keptPerLanguage(
  (tag, options: Intl.RelativeTimeFormatOptions) => new Intl.RelativeTimeFormat(tag, options),
);
