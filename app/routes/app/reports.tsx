import CrownIcon from "lucide-react/icons/crown";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useSubmit } from "react-router";
import type { Route } from "./+types/reports";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { addMonths, isMonthKey, monthOf, monthsBetween, type MonthKey } from "~/domain/periods";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { getReport } from "~/features/entries/reports.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { CategoryBreakdown } from "~/features/entries/components/category-breakdown";
import { IncomeExpenseChart } from "~/features/entries/components/income-expense-chart";
import { SavingsRateTrend } from "~/features/entries/components/savings-rate-trend";
import { useFormat } from "~/features/household/components/use-app-shell";
import { ReportExportButtons } from "~/features/exports/components/report-export-buttons";
import { budgetReport } from "~/features/budgets/budgets.server";
import { BudgetReport } from "~/features/budgets/components/budget-report";
import { useCategoryLook } from "~/features/entries/components/category-look";
import { cn } from "~/lib/cn";
import { isOneOf } from "~/lib/one-of";

export const handle = { i18n: ["app", "budgets"] };

const presets = ["3m", "6m", "12m", "thisYear", "lastYear", "custom"] as const;
type Preset = (typeof presets)[number];

function rangeOf(
  preset: Preset,
  current: MonthKey,
  from: string | null,
  to: string | null,
): { from: MonthKey; to: MonthKey } {
  const year = Number(current.slice(0, 4));
  switch (preset) {
    case "3m":
      return { from: addMonths(current, -2), to: current };
    case "12m":
      return { from: addMonths(current, -11), to: current };
    case "thisYear":
      return { from: `${year}-01`, to: current };
    case "lastYear":
      return { from: `${year - 1}-01`, to: `${year - 1}-12` };
    case "custom":
      if (isMonthKey(from) && isMonthKey(to)) return { from, to };
      return { from: addMonths(current, -5), to: current };
    default:
      return { from: addMonths(current, -5), to: current };
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const params = new URL(request.url).searchParams;
  const requested = params.get("range");
  const preset: Preset = isOneOf(presets, requested) ? requested : "6m";
  const currentMonth = monthOf(context.today);
  const range = rangeOf(preset, currentMonth, params.get("from"), params.get("to"));
  const base = { userId: context.user.id, householdId: context.householdId };
  const report = await forLoader(() => getReport({ ...base, ...range, currentMonth }));
  // The months the report settled on (the free plan: this month only).
  const budgets = await forLoader(() => budgetReport({ ...base, from: report.from, to: report.to, currentMonth }));
  return { ...report, preset, budgets };
}

export const ErrorBoundary = AppErrorBoundary;

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const submit = useSubmit();
  const look = useCategoryLook();
  const report = loaderData;
  const length = monthsBetween(report.from, report.to) + 1;
  // One month is a single dot, not a trend; its savings rate is already among the figures.
  const hasTrend = report.months.length > 1;
  const figures = [
    {
      key: "income",
      label: t("summary.income"),
      value: format.money(report.totals.incomeMinor),
      average: format.money(report.averages.incomeMinor),
    },
    {
      key: "expenses",
      label: t("summary.expenses"),
      value: format.money(report.totals.expenseMinor),
      average: format.money(report.averages.expenseMinor),
    },
    {
      key: "net",
      label: t("summary.net"),
      value: format.money(report.totals.netMinor),
      average: format.money(report.averages.netMinor),
    },
    { key: "rate", label: t("summary.savingsRate"), value: format.percent(report.totals.savingsRate), average: null },
  ];
  return (
    <div className="flex flex-col gap-5">
      <title>{`${t("nav.reports")} · Samen`}</title>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("reports.title")}</h1>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="report-range">
            {length === 1
              ? format.monthTitle(report.from)
              : t("reports.rangeLabel", { from: format.monthTitle(report.from), to: format.month(report.to) })}
          </p>
        </div>
        {/* The free plan's report covers this month only: no periods to offer that it would not show. */}
        {!report.limited && (
          <Form
            method="get"
            className="flex flex-wrap items-end gap-2"
            onChange={(event) => submit(event.currentTarget, { replace: true, preventScrollReset: true })}
          >
            <div className="flex flex-col gap-1">
              <label htmlFor="report-range" className="text-xs font-medium text-muted-foreground">
                {t("reports.range")}
              </label>
              <select
                id="report-range"
                name="range"
                defaultValue={report.preset}
                className="h-10 rounded-md border border-input bg-card px-3 text-sm shadow-xs"
              >
                {presets.map((preset) => (
                  <option key={preset} value={preset}>
                    {t(`reports.presets.${preset}`)}
                  </option>
                ))}
              </select>
            </div>
            {report.preset === "custom" && (
              <>
                <div className="flex flex-col gap-1">
                  <label htmlFor="report-from" className="text-xs font-medium text-muted-foreground">
                    {t("reports.from")}
                  </label>
                  <input
                    id="report-from"
                    type="month"
                    name="from"
                    defaultValue={report.from}
                    className="h-10 rounded-md border border-input bg-card px-3 text-sm shadow-xs"
                  />
                </div>
                <div className="flex flex-col gap-1">
                  <label htmlFor="report-to" className="text-xs font-medium text-muted-foreground">
                    {t("reports.to")}
                  </label>
                  <input
                    id="report-to"
                    type="month"
                    name="to"
                    defaultValue={report.to}
                    className="h-10 rounded-md border border-input bg-card px-3 text-sm shadow-xs"
                  />
                </div>
              </>
            )}
            <noscript>
              <Button type="submit" variant="outline">
                {t("actions.apply")}
              </Button>
            </noscript>
          </Form>
        )}
      </div>

      {report.limited && (
        <Card className="flex flex-wrap items-center justify-between gap-3 border-accent bg-accent/50 p-4">
          <p className="flex items-center gap-2 text-sm text-accent-foreground">
            <CrownIcon aria-hidden="true" className="size-4" />
            {t("reports.limited")}
          </p>
          <Button asChild size="sm">
            <Link to="/app/upgrade">{t("upgrade.cta")}</Link>
          </Button>
        </Card>
      )}

      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {figures.map((figure) => (
          <Card key={figure.key} className="flex flex-col gap-1 p-4 sm:p-5" data-testid={`report-${figure.key}`}>
            <h2 className="figure-label">{figure.label}</h2>
            <p className={cn("figure-value", figure.key === "net" && report.totals.netMinor < 0 && "text-red-700")}>
              {figure.value}
            </p>
            <p className="text-xs text-muted-foreground">
              {figure.average === null
                ? t("reports.overRange")
                : t("reports.averagePerMonth", { amount: figure.average })}
            </p>
          </Card>
        ))}
      </div>

      <div className="grid gap-5 lg:grid-cols-5 lg:gap-6">
        <Card className={hasTrend ? "lg:col-span-3" : "lg:col-span-5"}>
          <CardHeader className="pb-2">
            <CardTitle className="text-base">{t("reports.overTime")}</CardTitle>
          </CardHeader>
          <CardContent className="max-sm:px-4">
            <IncomeExpenseChart
              key={`${report.from}-${report.to}`}
              period="monthly"
              points={report.months.map((month) => ({
                key: month.month,
                start: `${month.month}-01`,
                incomeMinor: month.incomeMinor,
                expenseMinor: month.expenseMinor,
              }))}
            />
          </CardContent>
        </Card>
        {hasTrend && (
          <Card className="lg:col-span-2">
            <CardHeader className="pb-2">
              <CardTitle className="text-base">{t("reports.rateTrend")}</CardTitle>
            </CardHeader>
            <CardContent className="max-sm:px-4">
              <SavingsRateTrend months={report.months} />
            </CardContent>
          </Card>
        )}
      </div>

      <Card>
        <CardHeader className="pb-4">
          <CardTitle className="text-base">{t("reports.byCategory")}</CardTitle>
          <p className="text-sm text-muted-foreground">{t("reports.byCategoryHint")}</p>
        </CardHeader>
        <CardContent>
          <CategoryBreakdown
            items={report.categories}
            months={length}
            columns={2}
            changeLabel={t("change.vsPreviousPeriod")}
          />
        </CardContent>
      </Card>
      <BudgetReport months={report.budgets} look={look} />
      <ReportExportButtons from={report.from} to={report.to} />
    </div>
  );
}
