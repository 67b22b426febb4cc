import { useTranslation } from "~/i18n/react";
import { formatMonthShort } from "~/domain/periods";
import { cn } from "~/lib/cn";
import { useFormat } from "~/features/household/components/use-app-shell";

/**
 * The savings rate month by month as a line; months without income leave a gap (no rate is not 0 %).
 * The line is SVG stretched to the box; labels are HTML so they stay legible on a phone.
 */
export function SavingsRateTrend({ months }: { months: { month: string; savingsRate: number | null }[] }) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const rates = months.map((month) => month.savingsRate).filter((rate): rate is number => rate !== null);
  if (rates.length === 0)
    return <p className="py-8 text-center text-sm text-muted-foreground">{t("reports.noRate")}</p>;
  const top = Math.max(0.5, Math.ceil(Math.max(...rates) * 4) / 4);
  const bottom = Math.min(0, Math.floor(Math.min(...rates) * 4) / 4);
  const span = top - bottom || 1;
  const x = (index: number) => (months.length === 1 ? 50 : (index / (months.length - 1)) * 100);
  const y = (rate: number) => ((top - rate) / span) * 100;
  const segments: string[] = [];
  let current = "";
  months.forEach((month, index) => {
    if (month.savingsRate === null) {
      if (current) segments.push(current);
      current = "";
      return;
    }
    current += `${current ? " L" : "M"}${x(index).toFixed(2)},${y(month.savingsRate).toFixed(2)}`;
  });
  if (current) segments.push(current);
  const ticks = bottom < 0 ? [top, 0, bottom] : [top, top / 2, 0];
  const dense = months.length > 8;
  return (
    <div className="flex flex-col gap-2">
      <div className="relative h-44 pl-12" aria-hidden="true">
        {ticks.map((tick) => (
          <div key={tick} className="absolute inset-x-0 flex items-center" style={{ top: `${y(tick)}%` }}>
            <span className="w-11 -translate-y-1/2 pr-2 text-right text-[0.6875rem] tabular-nums text-muted-foreground">
              {format.percent(tick)}
            </span>
            <span className={cn("h-px flex-1 -translate-y-1/2", tick === 0 ? "bg-border" : "bg-border/60")} />
          </div>
        ))}
        <div className="absolute inset-y-0 left-12 right-2">
          <svg viewBox="0 0 100 100" preserveAspectRatio="none" className="size-full overflow-visible">
            {segments.map((segment) => (
              <path
                key={segment}
                d={segment}
                fill="none"
                stroke="currentColor"
                strokeWidth={2.5}
                vectorEffect="non-scaling-stroke"
                className="text-violet-600"
                strokeLinejoin="round"
                strokeLinecap="round"
              />
            ))}
          </svg>
          {months.map((month, index) =>
            month.savingsRate === null ? null : (
              <span
                key={month.month}
                className="absolute size-2.5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-card bg-violet-600"
                style={{ left: `${x(index)}%`, top: `${y(month.savingsRate)}%` }}
                title={`${format.month(month.month)}: ${format.percent(month.savingsRate)}`}
              />
            ),
          )}
        </div>
      </div>
      <div className="flex pl-12 pr-2" aria-hidden="true">
        {months.map((month, index) => (
          <span
            key={month.month}
            className={cn(
              "w-0 flex-1 whitespace-nowrap text-center text-[0.6875rem] text-muted-foreground",
              dense && (months.length - 1 - index) % 2 === 1 && "max-sm:invisible",
            )}
          >
            {formatMonthShort(month.month, format.language)}
          </span>
        ))}
      </div>
      <table className="sr-only">
        <caption>{t("reports.rateTrend")}</caption>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">{format.month(month.month)}</th>
              <td>{format.percent(month.savingsRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
