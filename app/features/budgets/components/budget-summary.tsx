import { useTranslation } from "~/i18n/react";
import { Card } from "~/components/ui/card";
import type { BudgetTotals } from "~/domain/budgets";
import { cn } from "~/lib/cn";
import { useFormat } from "~/features/household/components/use-app-shell";

/** The month at a glance: left to spend (or overspent, in words), budgeted and spent. */
export function BudgetSummary({ totals }: { totals: BudgetTotals }) {
  const { t } = useTranslation("budgets");
  const format = useFormat();
  const overspent = totals.leftMinor < 0;
  const figures = [
    { key: "budgeted", label: t("summary.budgeted"), value: format.money(totals.limitMinor + totals.carryMinor) },
    { key: "spent", label: t("summary.spent"), value: format.money(totals.spentMinor) },
  ];
  return (
    <Card className="grid gap-4 p-5 sm:grid-cols-3 sm:items-end" data-testid="budget-summary">
      <div className="flex flex-col gap-1">
        <h2 className="text-sm font-medium text-muted-foreground">
          {t(overspent ? "summary.overspent" : "summary.left")}
        </h2>
        <p
          className={cn("text-3xl font-semibold tabular-nums tracking-tight", overspent && "text-amber-800")}
          data-testid="budget-left-total"
        >
          {format.money(Math.abs(totals.leftMinor))}
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <dl className="grid grid-cols-2 gap-4">
          {figures.map((figure) => (
            <div key={figure.key} className="flex flex-col gap-1" data-testid={`budget-${figure.key}-total`}>
              <dt className="text-sm text-muted-foreground">{figure.label}</dt>
              <dd className="text-lg font-semibold tabular-nums">{figure.value}</dd>
            </div>
          ))}
        </dl>
        {totals.carryMinor !== 0 && (
          <p className="text-xs text-muted-foreground">
            {t(totals.carryMinor > 0 ? "summary.carriedIn" : "summary.carriedOverspent", {
              amount: format.money(Math.abs(totals.carryMinor)),
            })}
          </p>
        )}
      </div>
    </Card>
  );
}
