import { useMemo } from "react";
import { useTranslation } from "~/i18n/react";
import { useRouteLoaderData } from "react-router";
import { categoryLabel, type CategoryView } from "~/domain/categories";
import { isLanguage, toBcp47, type Language } from "~/domain/languages";
import { formatMoney, formatMoneyCompact, formatPercent } from "~/domain/money";
import { formatDate, formatMonth, type IsoDate, type MonthKey } from "~/domain/periods";
import { defaultHouseholdName } from "../household-name";
import type { AppShellData } from "../shell.server";

/** Route id of the /app layout, whose loader returns the shell data. */
export const appLayoutId = "app-layout";

export function useAppShell(): AppShellData {
  const shell = useRouteLoaderData(appLayoutId) as AppShellData | undefined;
  if (!shell) throw new Error("useAppShell outside /app");
  return shell;
}

export function useOptionalAppShell(): AppShellData | undefined {
  return useRouteLoaderData(appLayoutId) as AppShellData | undefined;
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
      money: (minor: number) => formatMoney(minor, currency, language),
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

/** Category lookup by id with translated labels. */
export function useCategories() {
  const { t } = useTranslation("app");
  const { categories } = useAppShell();
  return useMemo(() => {
    const byId = new Map(categories.map((category) => [category.id, category]));
    return {
      all: categories,
      byId: (id: string): CategoryView | undefined => byId.get(id),
      label: (category: CategoryView | undefined) => (category ? categoryLabel(category, t) : t("categories.other")),
      ofKind: (kind: "income" | "expense") => categories.filter((category) => category.kind === kind && !category.archived),
    };
  }, [categories, t]);
}

/** Households keep the name they were given; the untouched default shows in the reader's language. */
export function householdName(name: string, t: (key: string) => string): string {
  return name === defaultHouseholdName ? t("household.defaultName") : name;
}
