import { useMemo } from "react";
import { useTranslation } from "~/i18n/react";
import { useRouteLoaderData } from "react-router";
import { isLanguage, toBcp47, type Language } from "~/domain/languages";
import { formatMoney, formatMoneyCompact, formatPercent } from "~/domain/money";
import { formatDate, formatMonth, type IsoDate, type MonthKey } from "~/domain/periods";
import type { AppShellData, getAppShell } from "../shell.server";

/** Route id of the /app layout, whose loader returns the shell data (and what other features add to it). */
export const appLayoutId = "app-layout";

export function useAppShell(): AppShellData {
  const shell = useOptionalAppShell();
  if (!shell) throw new Error("useAppShell outside /app");
  return shell;
}

/** The /app layout loader's data, typed from getAppShell (the whole of that loader). */
export function useOptionalAppShell() {
  return useRouteLoaderData<typeof getAppShell>(appLayoutId);
}

/** Money, percentages and dates in the reader's language and the household's currency. */
export function useFormat() {
  const { i18n } = useTranslation("app");
  const language: Language = isLanguage(i18n.language) ? i18n.language : "en";
  const currency = useOptionalAppShell()?.household.currency ?? "EUR";
  return useMemo(
    () => ({
      language,
      currency,
      /** In the household's base currency unless another is named (an account's or an entry's own). */
      money: (minor: number, inCurrency: string = currency) => formatMoney(minor, inCurrency, language),
      compactMoney: (minor: number) => formatMoneyCompact(minor, currency, language),
      percent: (fraction: number | null, signed = false) => formatPercent(fraction, language, { signed }),
      date: (date: IsoDate, style: "short" | "medium" | "day" | "long" = "medium") => formatDate(date, language, style),
      month: (month: MonthKey, style: "long" | "short" = "long") => formatMonth(month, language, style),
      /** For headings: "Listopad 2026", "Noviembre de 2026" (month names are lower case in many languages). */
      monthTitle: (month: MonthKey) => {
        const text = formatMonth(month, language);
        return text.charAt(0).toLocaleUpperCase(toBcp47(language)) + text.slice(1);
      },
    }),
    [language, currency],
  );
}
