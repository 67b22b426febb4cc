import ArrowRightIcon from "lucide-react/icons/arrow-right";
import PiggyBankIcon from "lucide-react/icons/piggy-bank";
import PlusIcon from "lucide-react/icons/plus";
import UserPlusIcon from "lucide-react/icons/user-plus";
import WalletIcon from "lucide-react/icons/wallet";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/dashboard";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { memberViewParam, readMemberView, viewedMember, type MemberView } from "~/domain/member-view";
import { addDays, chartPeriods, formatDayRange, isChartPeriod, isMonthKey } from "~/domain/periods";
import { isCalendarMonth, payPeriodMonthOf } from "~/domain/pay-periods";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { getDashboard } from "~/features/entries/dashboard.server";
import { listAccounts } from "~/features/money-accounts/accounts.server";
import { accountsOnDashboard, AccountsSummaryCard } from "~/features/money-accounts/components/accounts-summary-card";
import { BudgetInvitationCard, LeftToSpendCard } from "~/features/budgets/components/left-to-spend-card";
import { useCategoryLook } from "~/features/entries/components/category-look";
import { monthPlan } from "~/features/recurring/month-plan.server";
import { SafeToSpendCard } from "~/features/recurring/components/safe-to-spend-card";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { CategoryBreakdown } from "~/features/entries/components/category-breakdown";
import { IncomeExpenseChart } from "~/features/entries/components/income-expense-chart";
import { MemberViewSwitch } from "~/features/entries/components/member-view-switch";
import { MonthSwitcher } from "~/features/entries/components/month-switcher";
import { useQuickEntry } from "~/features/entries/components/quick-entry";
import { SummaryCards } from "~/features/entries/components/summary-cards";
import { TransactionRow } from "~/features/entries/components/transaction-row";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { GoalProgress } from "~/features/goals/components/goal-progress";
import { cn } from "~/lib/cn";
import { PageHeader } from "~/components/ui/page-header";
import { PendingEntries, usePendingOf } from "~/features/entries/offline/offline-entry";

export const handle = { i18n: ["app", "money", "budgets", "recurring"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const params = new URL(request.url).searchParams;
  const period = params.get("period");
  const base = { userId: context.user.id, householdId: context.householdId };
  // A household whose month starts on its payday opens on the pay period that holds today (decision 0021).
  const access = await forLoader(() => requireHouseholdAccess(base));
  const requested = params.get("month");
  const month = isMonthKey(requested) ? requested : payPeriodMonthOf(context.today, access.household.monthStartDay);
  // Whose money the cards, charts and latest entries show; accounts, budgets and goals are the household's.
  const view = readMemberView(params.get(memberViewParam), context.user.id);
  const [dashboard, accounts, plan] = await forLoader(() =>
    Promise.all([
      getDashboard({
        ...base,
        month,
        period: isChartPeriod(period) ? period : "monthly",
        today: context.today,
        memberUserId: viewedMember(view, context.user.id),
      }),
      listAccounts({ ...base, on: context.today }),
      monthPlan({ ...base, month, today: context.today }),
    ]),
  );
  // "October 1 – 26" is formatted here, not in the browser: Intl's formatRange spaces the dash differently in Node's ICU
  // and Chromium's, and the page would not hydrate (React found the text changed).
  const comparedDays = dashboard.comparedWith
    ? formatDayRange(dashboard.comparedWith.from, dashboard.comparedWith.through, context.language)
    : null;
  // A pay period's days under the month's name: "November 25 – December 24".
  const periodDays = isCalendarMonth(access.household.monthStartDay)
    ? null
    : formatDayRange(dashboard.days.from, addDays(dashboard.days.to, -1), context.language);
  // Only what the page shows: the household's access was for the queries, and the card names the first open accounts.
  const { access: _access, ...shown } = dashboard;
  const shownAccounts = accounts
    .filter((account) => !account.archived)
    .slice(0, accountsOnDashboard)
    .map(({ id, name, kind, balanceMinor, currency }) => ({ id, name, kind, balanceMinor, currency }));
  return { ...shown, comparedDays, periodDays, view, accounts: shownAccounts, ...plan };
}

export const ErrorBoundary = AppErrorBoundary;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const shell = useAppShell();
  const look = useCategoryLook();
  const {
    summary,
    comparedDays,
    periodDays,
    currentMonth,
    chart,
    categories,
    recent,
    goals,
    accounts,
    budgets,
    safe,
    month,
    period,
    view,
    isEmpty,
    withoutRate,
  } = loaderData;
  // Entries typed offline on this device count in the month's figures, marked, until the server has them.
  const pendingIncome = usePendingOf("income", month);
  const pendingExpenses = usePendingOf("expense", month);
  // A month in progress is compared with the same days of the previous one: "−12 % vs October 1 – 23".
  const changeLabel = comparedDays ? t("change.vsSameDays", { days: comparedDays }) : t("change.vsLastMonth");
  const viewQuery = view === "ours" ? "" : `&${memberViewParam}=${encodeURIComponent(view)}`;
  const showSafe = safe !== null && !isEmpty;
  const budgetCard =
    budgets.categories.length > 0 ? (
      <LeftToSpendCard month={month} totals={budgets.totals} categories={budgets.categories} look={look} />
    ) : shell.household.canWrite && !isEmpty ? (
      <BudgetInvitationCard />
    ) : null;
  return (
    <div className="flex flex-col gap-5 md:gap-6">
      <title>{`${t("nav.dashboard")} · Samen`}</title>
      <PageHeader title={t("dashboard.title")} subtitle={t("dashboard.subtitle")}>
        <div className="flex items-center gap-2">
          <MonthSwitcher month={month} currentMonth={currentMonth} days={periodDays} className="flex-1 sm:flex-none" />
          {shell.household.role === "owner" && (
            <Button asChild variant="outline" className="h-11 max-sm:w-11 max-sm:px-0">
              <Link
                to={shell.household.plan === "premium" ? "/app/settings#partner" : "/app/upgrade?feature=partners"}
                aria-label={t("dashboard.invitePartner")}
              >
                <UserPlusIcon aria-hidden="true" />
                <span className="max-sm:sr-only">{t("dashboard.invitePartner")}</span>
              </Link>
            </Button>
          )}
        </div>
      </PageHeader>

      <MemberViewSwitch view={view} householdWide />

      <PendingEntries month={month} />

      {isEmpty && shell.household.canWrite && <EmptyDashboard />}

      <SummaryCards
        summary={summary}
        changeLabel={changeLabel}
        pending={{ incomeMinor: pendingIncome.totalMinor, expensesMinor: pendingExpenses.totalMinor }}
      />
      {withoutRate > 0 && (
        <p className="-mt-2 text-sm text-muted-foreground" role="note" data-testid="entries-without-rate">
          {t("dashboard.withoutRate", { count: withoutRate })}
        </p>
      )}

      <AccountsSummaryCard accounts={accounts} />

      {/* The month planned: what is safe to spend beside what each budget has left. */}
      {(showSafe || budgetCard) && (
        <div className="grid gap-5 lg:grid-cols-3 lg:gap-6">
          {showSafe && safe && <SafeToSpendCard figures={safe.figures} upcomingCount={safe.upcomingCount} />}
          {budgetCard && (
            <div className={cn("[&>*]:h-full", showSafe ? "lg:col-span-2" : "lg:col-span-3")}>{budgetCard}</div>
          )}
        </div>
      )}

      <div className="grid gap-5 lg:grid-cols-3 lg:gap-6">
        <Card className="lg:col-span-2">
          <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 space-y-0 pb-2 max-sm:px-4">
            <CardTitle className="text-base">{t("dashboard.chartTitle")}</CardTitle>
            <PeriodSelect period={period} month={month} view={view} />
          </CardHeader>
          <CardContent className="max-sm:px-4">
            <IncomeExpenseChart key={`${period}-${month}`} points={chart} period={period} />
          </CardContent>
        </Card>

        <Card>
          <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-4">
            <CardTitle className="text-base">{t("dashboard.goalsTitle")}</CardTitle>
            <Link to="/app/goals" className="text-sm font-medium text-primary hover:underline">
              {t("dashboard.seeAll")}
            </Link>
          </CardHeader>
          <CardContent className="flex flex-col gap-5">
            {goals.length === 0 ? (
              <div className="flex flex-col items-center gap-3 py-4 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
                  <PiggyBankIcon aria-hidden="true" className="size-6" />
                </span>
                <p className="text-sm text-muted-foreground">{t("dashboard.goalsEmpty")}</p>
                {shell.household.canWrite && (
                  <Button asChild variant="outline" size="sm">
                    <Link to="/app/goals#new-goal">{t("goals.create")}</Link>
                  </Button>
                )}
              </div>
            ) : (
              goals.map((goal) => <GoalProgress key={goal.id} compact {...goal} />)
            )}
          </CardContent>
        </Card>
      </div>

      {/* grid-cols-1 (minmax(0, 1fr)): a long "Shared · paid by …" line is cut short, not allowed to widen the column. */}
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2 lg:gap-6">
        <Card data-testid="dashboard-categories">
          <CardHeader className="pb-4">
            <CardTitle className="text-base">{t("dashboard.categoriesTitle")}</CardTitle>
            <p className="text-sm text-muted-foreground">
              {periodDays ? `${format.monthTitle(month)} · ${periodDays}` : format.monthTitle(month)}
            </p>
          </CardHeader>
          <CardContent>
            <CategoryBreakdown items={categories} shown={6} changeLabel={changeLabel} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-2">
            <CardTitle className="text-base">{t("dashboard.recentTitle")}</CardTitle>
            <Link
              to={`/app/expenses?month=${month}${viewQuery}`}
              className="text-sm font-medium text-primary hover:underline"
            >
              {t("dashboard.seeAll")}
            </Link>
          </CardHeader>
          <CardContent>
            {recent.length === 0 ? (
              <p className="py-6 text-center text-sm text-muted-foreground">{t("dashboard.recentEmpty")}</p>
            ) : (
              <div className="flex flex-col">
                {recent.map((transaction) => (
                  <TransactionRow key={transaction.id} transaction={transaction} />
                ))}
              </div>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

/** Monthly / weekly / yearly: a GET form, so the server really re-aggregates; submits itself on change. */
function PeriodSelect({ period, month, view }: { period: string; month: string; view: MemberView }) {
  const { t } = useTranslation("app");
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === "loading" && navigation.location.pathname === "/app";
  return (
    <Form
      method="get"
      className="flex items-center gap-2"
      preventScrollReset
      onChange={(event) => submit(event.currentTarget, { preventScrollReset: true, replace: true })}
    >
      <input type="hidden" name="month" value={month} />
      {view !== "ours" && <input type="hidden" name={memberViewParam} value={view} />}
      <label htmlFor="chart-period" className="sr-only">
        {t("chart.periodLabel")}
      </label>
      <select
        id="chart-period"
        name="period"
        defaultValue={period}
        className={cn("h-9 rounded-md border border-input bg-card px-3 pr-8 text-sm shadow-xs", busy && "opacity-60")}
        data-testid="period-select"
      >
        {chartPeriods.map((option) => (
          <option key={option} value={option}>
            {t(`chart.periods.${option}`)}
          </option>
        ))}
      </select>
      <noscript>
        <Button type="submit" size="sm" variant="outline">
          {t("actions.apply")}
        </Button>
      </noscript>
    </Form>
  );
}

function EmptyDashboard() {
  const { t } = useTranslation("app");
  const quickEntry = useQuickEntry();
  const steps = [
    { icon: WalletIcon, title: t("empty.step1Title"), text: t("empty.step1Text") },
    { icon: PlusIcon, title: t("empty.step2Title"), text: t("empty.step2Text") },
    { icon: PiggyBankIcon, title: t("empty.step3Title"), text: t("empty.step3Text") },
  ];
  return (
    <Card
      className="overflow-hidden border-primary/20 bg-gradient-to-br from-secondary/80 via-card to-card"
      data-testid="empty-state"
    >
      <div className="flex flex-col gap-6 p-5 sm:p-7">
        <div>
          <h2 className="text-xl font-semibold tracking-tight">{t("empty.title")}</h2>
          <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{t("empty.text")}</p>
        </div>
        <ol className="grid gap-4 sm:grid-cols-3">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                {index + 1}
              </span>
              <div>
                <p className="font-medium">{step.title}</p>
                <p className="text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button asChild size="lg">
            <Link
              to="/app/transactions/new?kind=income"
              onClick={(event) => {
                if (!quickEntry) return;
                event.preventDefault();
                quickEntry.openAdd("income");
              }}
            >
              <PlusIcon aria-hidden="true" />
              {t("empty.addIncome")}
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link
              to="/app/transactions/new?kind=expense"
              onClick={(event) => {
                if (!quickEntry) return;
                event.preventDefault();
                quickEntry.openAdd("expense");
              }}
            >
              {t("empty.addExpense")}
              <ArrowRightIcon aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}
