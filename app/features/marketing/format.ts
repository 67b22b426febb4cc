import type { Language } from "~/domain/languages";
import { formatMoney, formatMoneyCompact, formatPercent as formatFraction } from "~/domain/money";

/** Euro amounts in the reader's locale, from integer cents; `whole` drops the cents for the demo's tight cards. */
export function formatEuro(cents: number, language: Language, options: { whole?: boolean } = {}): string {
  return options.whole ? formatMoneyCompact(cents, "EUR", language) : formatMoney(cents, "EUR", language);
}

/** A ratio as a percentage with one decimal in the reader's locale; `signed` adds + or − for trends. */
export function formatPercent(ratio: number, language: Language, options: { signed?: boolean } = {}): string {
  return formatFraction(ratio, language, { ...options, oneDecimal: true });
}
