import { toBcp47, type Language } from "~/domain/languages";

/** Euro amounts in the reader's locale, from integer cents. */
export function formatEuro(cents: number, language: Language, options: { whole?: boolean } = {}): string {
  return new Intl.NumberFormat(toBcp47(language), {
    style: "currency",
    currency: "EUR",
    minimumFractionDigits: options.whole ? 0 : 2,
    maximumFractionDigits: options.whole ? 0 : 2,
  }).format(cents / 100);
}

/** A ratio as a percentage in the reader's locale; `signed` adds + or − for trends. */
export function formatPercent(ratio: number, language: Language, options: { signed?: boolean } = {}): string {
  return new Intl.NumberFormat(toBcp47(language), {
    style: "percent",
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
    signDisplay: options.signed ? "exceptZero" : "auto",
  }).format(ratio);
}
