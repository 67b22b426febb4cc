import ChartColumnIcon from "lucide-react/icons/chart-column";
import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { formatBucket, type ChartPeriod } from "~/domain/periods";
import { cn } from "~/lib/cn";
import { useFormat } from "~/features/household/components/use-app-shell";

export interface ChartPoint {
  key: string;
  start: string;
  incomeMinor: number;
  expenseMinor: number;
}

/** A round ceiling for the axis: 1, 2, 2.5 or 5 times a power of ten. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

function bucketTitle(
  period: ChartPeriod,
  point: ChartPoint,
  format: ReturnType<typeof useFormat>,
  weekOf: (date: string) => string,
): string {
  if (period === "monthly") return format.monthTitle(point.key);
  if (period === "weekly") return weekOf(format.date(point.start));
  return point.key;
}

/**
 * Grouped bars of income and expenses, drawn with HTML so labels stay readable at any width (no chart library).
 * Each group is a button: tapping or focusing it shows its figures above the chart; a table carries the data for screen readers.
 */
export function IncomeExpenseChart({
  points,
  period,
  className,
}: {
  points: ChartPoint[];
  period: ChartPeriod;
  className?: string;
}) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const [selected, setSelected] = useState(points.length - 1);
  const max = niceCeiling(Math.max(1, ...points.flatMap((point) => [point.incomeMinor, point.expenseMinor])));
  const ticks = [1, 0.75, 0.5, 0.25, 0];
  const active = points[Math.min(selected, points.length - 1)];
  const weekOf = (date: string) => t("chart.weekOf", { date });
  const dense = points.length > 6;
  const empty = points.every((point) => point.incomeMinor === 0 && point.expenseMinor === 0);

  if (empty) {
    return (
      <div
        className={cn(
          "flex h-52 flex-col items-center justify-center gap-2 rounded-lg border border-dashed text-center sm:h-60",
          className,
        )}
      >
        <ChartColumnIcon aria-hidden="true" className="size-8 text-muted-foreground/60" />
        <p className="max-w-xs text-sm text-muted-foreground">{t("chart.empty")}</p>
      </div>
    );
  }

  return (
    <div className={cn("flex flex-col gap-4", className)}>
      {active && (
        <div className="flex flex-wrap items-baseline gap-x-5 gap-y-1 text-sm" aria-live="polite">
          <span className="font-medium text-foreground">{bucketTitle(period, active, format, weekOf)}</span>
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-primary" aria-hidden="true" />
            <span className="text-muted-foreground">{t("chart.income")}</span>
            <span className="font-semibold tabular-nums">{format.money(active.incomeMinor)}</span>
          </span>
          <span className="flex items-center gap-1.5">
            <span className="size-2.5 rounded-sm bg-orange-400" aria-hidden="true" />
            <span className="text-muted-foreground">{t("chart.expenses")}</span>
            <span className="font-semibold tabular-nums">{format.money(active.expenseMinor)}</span>
          </span>
        </div>
      )}
      <div className="relative h-52 pl-10 sm:h-60 sm:pl-14" aria-hidden="true">
        {ticks.map((tick) => (
          <div key={tick} className="absolute inset-x-0 flex items-center" style={{ top: `${(1 - tick) * 100}%` }}>
            <span className="chart-tick">{format.compactMoney(max * tick)}</span>
            <span className={cn("h-px flex-1 -translate-y-1/2", tick === 0 ? "bg-border" : "bg-border/60")} />
          </div>
        ))}
        <div className="absolute inset-y-0 left-10 right-0 flex items-end sm:left-14">
          {points.map((point, index) => (
            <button
              key={point.key}
              type="button"
              tabIndex={-1}
              onClick={() => setSelected(index)}
              onMouseEnter={() => setSelected(index)}
              className={cn("chart-column group", index === selected && "bg-secondary/70")}
            >
              <span className="chart-bar bg-primary" style={{ height: `${(point.incomeMinor / max) * 100}%` }} />
              <span className="chart-bar bg-orange-400" style={{ height: `${(point.expenseMinor / max) * 100}%` }} />
            </button>
          ))}
        </div>
      </div>
      <div className="-mt-2 flex pl-10 sm:pl-14" aria-hidden="true">
        {points.map((point, index) => (
          <span
            key={point.key}
            className={cn(
              "chart-label",
              // Counted from the end, so the chosen (last) bucket always keeps its label on a phone.
              dense && (points.length - 1 - index) % 2 === 1 && "max-sm:invisible",
              index === selected && "font-semibold text-foreground",
            )}
          >
            {formatBucket(period, { key: point.key, start: point.start, end: point.start }, format.language)}
          </span>
        ))}
      </div>
      {/* A table grows to its content whatever its width, so the visually hidden box is a div around it: otherwise
          the hidden table still widens a phone's page. */}
      <div className="sr-only">
        <table>
          <caption>{t("chart.caption")}</caption>
          <thead>
            <tr>
              <th scope="col">{t("chart.period")}</th>
              <th scope="col">{t("chart.income")}</th>
              <th scope="col">{t("chart.expenses")}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.key}>
                <th scope="row">{bucketTitle(period, point, format, weekOf)}</th>
                <td>{format.money(point.incomeMinor)}</td>
                <td>{format.money(point.expenseMinor)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
