import { useTranslation } from "~/i18n/react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/lib/cn";
import { useFormat } from "~/features/household/components/use-app-shell";
import type { CategoryLook } from "./budget-progress";

interface ReportLine {
  limitMinor: number;
  spentMinor: number;
  differenceMinor: number;
}

export interface BudgetReportMonth {
  month: string;
  categories: (ReportLine & { categoryId: string })[];
  totals: ReportLine;
}

/** "120,00 € under" or "12,00 € over": the words say it, the colour only underlines it. */
function Difference({ minor }: { minor: number }) {
  const { t } = useTranslation("budgets");
  const format = useFormat();
  return (
    <span className={cn("whitespace-nowrap", minor < 0 && "font-semibold text-amber-800")}>
      {minor < 0
        ? t("report.over", { amount: format.money(-minor) })
        : t("report.under", { amount: format.money(minor) })}
    </span>
  );
}

/** Budget against actual: per month of the period (newest first, the latest open), each budgeted category's limit, spending and difference. */
export function BudgetReport({ months, look }: { months: BudgetReportMonth[]; look: CategoryLook }) {
  const { t } = useTranslation("budgets");
  const format = useFormat();
  const newestFirst = months.toReversed();
  const cell = "px-2 py-2 text-right tabular-nums sm:px-3";
  return (
    <Card data-testid="budget-report">
      <CardHeader className="pb-4">
        <CardTitle as="h2" className="text-base">
          {t("report.title")}
        </CardTitle>
        <p className="text-sm text-muted-foreground">{t("report.hint")}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 max-sm:px-3">
        {newestFirst.length === 0 && (
          <p className="py-4 text-center text-sm text-muted-foreground">{t("report.empty")}</p>
        )}
        {newestFirst.map((month, index) => (
          <details key={month.month} className="group rounded-lg border" open={index === 0 || undefined}>
            <summary className="flex cursor-pointer flex-wrap items-baseline justify-between gap-x-3 gap-y-1 p-3 [&::-webkit-details-marker]:hidden">
              <span className="font-medium">{format.monthTitle(month.month)}</span>
              <span className="text-sm text-muted-foreground">
                {t("report.monthSummary", {
                  spent: format.money(month.totals.spentMinor),
                  budget: format.money(month.totals.limitMinor),
                })}
                {" · "}
                <Difference minor={month.totals.differenceMinor} />
              </span>
            </summary>
            {/* On a phone the four columns may be wider than the screen: the table scrolls on its own, not the page. */}
            <div
              className="overflow-x-auto border-t"
              role="region"
              tabIndex={0}
              aria-label={t("report.caption", { month: format.monthTitle(month.month) })}
            >
              <table className="w-full text-xs sm:text-sm">
                <thead className="text-muted-foreground">
                  <tr>
                    <th scope="col" className="px-2 py-2 text-left font-medium sm:px-3">
                      {t("report.category")}
                    </th>
                    <th scope="col" className={cn(cell, "font-medium")}>
                      {t("report.budget")}
                    </th>
                    <th scope="col" className={cn(cell, "font-medium")}>
                      {t("report.spent")}
                    </th>
                    <th scope="col" className={cn(cell, "font-medium")}>
                      {t("report.difference")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {month.categories.map((line) => (
                    <tr key={line.categoryId}>
                      <th
                        scope="row"
                        className="max-w-28 truncate px-2 py-2 text-left font-normal sm:max-w-none sm:px-3"
                      >
                        {look(line.categoryId).label}
                      </th>
                      <td className={cell}>{format.money(line.limitMinor)}</td>
                      <td className={cell}>{format.money(line.spentMinor)}</td>
                      <td className={cell}>
                        <Difference minor={line.differenceMinor} />
                      </td>
                    </tr>
                  ))}
                </tbody>
                <tfoot className="border-t font-semibold">
                  <tr>
                    <th scope="row" className="px-2 py-2 text-left sm:px-3">
                      {t("report.total")}
                    </th>
                    <td className={cell}>{format.money(month.totals.limitMinor)}</td>
                    <td className={cell}>{format.money(month.totals.spentMinor)}</td>
                    <td className={cell}>
                      <Difference minor={month.totals.differenceMinor} />
                    </td>
                  </tr>
                </tfoot>
              </table>
            </div>
          </details>
        ))}
      </CardContent>
    </Card>
  );
}
