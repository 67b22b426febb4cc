import { useTranslation } from "~/i18n/react";
import { daysInMonth, isoWeekday, monthStart, type IsoDate, type MonthKey } from "~/domain/periods";
import { cn } from "~/lib/cn";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { useFormat } from "~/features/household/components/use-app-shell";
import type { OccurrenceView } from "../recurring.server";
import { useSeriesName, useWeekdays } from "./use-series-name";

/**
 * The month as a table, Monday first: each day with its due dates as small markers (a dot on a phone, the name
 * beside it from 640 px). Every marker says in words what it is, for screen readers and on hover.
 */
export function MonthCalendar({
  month,
  today,
  occurrences,
}: {
  month: MonthKey;
  today: IsoDate;
  occurrences: readonly OccurrenceView[];
}) {
  const { t } = useTranslation("recurring");
  const format = useFormat();
  const categories = useCategories();
  const seriesName = useSeriesName();
  const weekdays = useWeekdays();
  const length = daysInMonth(month);
  const leading = isoWeekday(monthStart(month)) - 1;
  const cells: (IsoDate | null)[] = [
    ...Array.from({ length: leading }, () => null),
    ...Array.from({ length }, (_, index) => `${month}-${String(index + 1).padStart(2, "0")}`),
  ];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks = Array.from({ length: cells.length / 7 }, (_, index) => cells.slice(index * 7, index * 7 + 7));
  const byDay = new Map<IsoDate, OccurrenceView[]>();
  for (const item of occurrences) byDay.set(item.dueOn, [...(byDay.get(item.dueOn) ?? []), item]);

  return (
    <table className="w-full table-fixed border-collapse text-sm" data-testid="recurring-calendar">
      <caption className="sr-only">{t("calendar.caption", { month: format.month(month) })}</caption>
      <thead>
        <tr>
          {weekdays.columns.map((day) => (
            <th key={day.long} scope="col" className="pb-2 text-center text-xs font-medium text-muted-foreground">
              <abbr title={day.long} className="no-underline">
                {day.short}
              </abbr>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {weeks.map((week) => (
          <tr key={week.find(Boolean) ?? ""}>
            {week.map((date, index) => {
              if (!date) return <td key={`empty-${index}`} className="border border-border/60 bg-muted/30" />;
              const items = byDay.get(date) ?? [];
              const isToday = date === today;
              return (
                <td
                  key={date}
                  className={cn("h-14 border border-border/60 p-1 align-top sm:h-20", isToday && "bg-accent/40")}
                  aria-current={isToday ? "date" : undefined}
                >
                  <span
                    className={cn(
                      "flex size-6 items-center justify-center rounded-full text-xs tabular-nums",
                      isToday && "bg-primary font-semibold text-primary-foreground",
                    )}
                  >
                    {Number(date.slice(8))}
                    {isToday && <span className="sr-only"> ({t("calendar.today")})</span>}
                  </span>
                  {items.length > 0 && (
                    <ul className="mt-0.5 flex flex-wrap gap-0.5 sm:flex-col sm:flex-nowrap">
                      {items.map((item) => {
                        const category = categories.byId(item.categoryId);
                        const label = `${seriesName(item)}, ${item.kind === "income" ? "+" : "−"}${format.money(item.amountMinor)}, ${t(`calendar.status.${item.status}`)}`;
                        const done = item.status === "posted" || item.status === "skipped";
                        return (
                          <li key={item.recurringId} title={label} className="flex min-w-0 items-center gap-1">
                            <span
                              aria-hidden="true"
                              className={cn("size-2.5 shrink-0 rounded-full border-2", done && "opacity-40")}
                              style={{
                                borderColor: category?.color ?? "#64748b",
                                backgroundColor:
                                  item.status === "skipped" ? "transparent" : (category?.color ?? "#64748b"),
                              }}
                            />
                            <span className="sr-only">{label}</span>
                            <span
                              aria-hidden="true"
                              className={cn(
                                "hidden truncate text-xs sm:inline",
                                done && "text-muted-foreground",
                                item.status === "skipped" && "line-through",
                              )}
                            >
                              {seriesName(item)}
                            </span>
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
