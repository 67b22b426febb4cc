import CalendarClockIcon from "lucide-react/icons/calendar-clock";
import ChevronDownIcon from "lucide-react/icons/chevron-down";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { SafeToSpend } from "~/domain/safe-to-spend";
import { useFormat } from "~/features/household/components/use-app-shell";
import { cn } from "~/lib/cn";

/**
 * The dashboard's "Safe to spend" with how it was reached one tap away: a <details> disclosure, so it opens before
 * JavaScript and screen readers announce it as a button that expands.
 */
export function SafeToSpendCard({ figures, upcomingCount }: { figures: SafeToSpend; upcomingCount: number }) {
  const { t } = useTranslation("recurring");
  const format = useFormat();
  const short = figures.safeMinor < 0;
  const lines = (
    [
      { key: "income", sign: "", amount: figures.incomeMinor },
      { key: "spent", sign: "−", amount: figures.spentMinor },
      { key: "bills", sign: "−", amount: figures.billsMinor },
      { key: "billsBeforeNextIncome", sign: "−", amount: figures.billsBeforeNextIncomeMinor },
      { key: "budgets", sign: "−", amount: figures.budgetsMinor },
    ] as const
  ).filter((line) => line.key !== "billsBeforeNextIncome" || line.amount > 0);
  return (
    <Card data-testid="safe-to-spend">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle as="h2" className="text-base">
          {t("safeToSpend.title")}
        </CardTitle>
        <Link
          to="/app/recurring"
          className="flex items-center gap-1.5 text-sm font-medium text-primary hover:underline"
        >
          <CalendarClockIcon aria-hidden="true" className="size-4" />
          {t("safeToSpend.upcomingLink")}
          {upcomingCount > 0 && (
            <span className="rounded-full bg-secondary px-1.5 text-xs tabular-nums text-secondary-foreground">
              {upcomingCount}
            </span>
          )}
        </Link>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div>
          <p
            className={cn("text-2xl font-semibold tabular-nums tracking-tight", short && "text-amber-800")}
            data-testid="safe-to-spend-value"
          >
            {short
              ? t("safeToSpend.short", { amount: format.money(-figures.safeMinor) })
              : format.money(figures.safeMinor)}
          </p>
          <p className="text-sm text-muted-foreground">{short ? t("safeToSpend.shortHint") : t("safeToSpend.hint")}</p>
        </div>
        <details className="group rounded-lg border bg-muted/40">
          <summary className="flex min-h-11 cursor-pointer list-none items-center justify-between gap-2 px-3 text-sm font-medium [&::-webkit-details-marker]:hidden">
            {t("safeToSpend.how")}
            <ChevronDownIcon aria-hidden="true" className="size-4 transition-transform group-open:rotate-180" />
          </summary>
          <dl
            className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 border-t px-3 py-3 text-sm"
            data-testid="safe-to-spend-breakdown"
          >
            {lines.map((line) => (
              <div key={line.key} className="contents">
                <dt className="text-muted-foreground">{t(`safeToSpend.${line.key}`)}</dt>
                <dd className="text-right tabular-nums">
                  {line.sign && <span aria-hidden="true">{line.sign} </span>}
                  {format.money(line.amount)}
                </dd>
              </div>
            ))}
            <div className="contents font-semibold">
              <dt className="border-t pt-2">{t("safeToSpend.result")}</dt>
              <dd className="border-t pt-2 text-right tabular-nums">{format.money(figures.safeMinor)}</dd>
            </div>
          </dl>
        </details>
      </CardContent>
    </Card>
  );
}
