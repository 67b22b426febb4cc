import { useMemo } from "react";
import { dateFormat } from "~/domain/intl-formats";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { useFormat } from "~/features/household/components/use-app-shell";

/** What a series is called: its name, else the bank's name for the other side, else its category. */
export function useSeriesName() {
  const categories = useCategories();
  return (series: { description: string; counterparty: string | null; categoryId: string }) =>
    series.description || series.counterparty || categories.label(categories.byId(series.categoryId));
}

/** Weekday names in the reader's language: Monday first, as the calendar's columns, and of a date. */
export function useWeekdays() {
  const { language } = useFormat();
  return useMemo(() => {
    const short = dateFormat(language, { weekday: "short" });
    const long = dateFormat(language, { weekday: "long" });
    // 5 January 2026 is a Monday.
    const week = Array.from({ length: 7 }, (_, index) => new Date(Date.UTC(2026, 0, 5 + index)));
    return {
      columns: week.map((day) => ({ short: short.format(day), long: long.format(day) })),
      shortOf: (date: string) => short.format(new Date(`${date}T00:00:00Z`)),
    };
  }, [language]);
}
