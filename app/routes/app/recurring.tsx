import CalendarClockIcon from "lucide-react/icons/calendar-clock";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/recurring";
import { Card } from "~/components/ui/card";
import { defaultCategoryId } from "~/domain/categories";
import { addMonths, monthOf, monthStart } from "~/domain/periods";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { listAccounts } from "~/features/money-accounts/accounts.server";
import { useAccountName } from "~/features/money-accounts/components/account-kind";
import { handleRecurringAction, type RecurringActionResult } from "~/features/recurring/recurring-actions.server";
import { detectRecurring, listRecurring, upcomingForMonth } from "~/features/recurring/recurring.server";
import { MonthCalendar } from "~/features/recurring/components/month-calendar";
import type { SeriesFormValues } from "~/features/recurring/components/series-form";
import {
  deleteFetcherKey,
  NewSeries,
  plainRefusal,
  SeriesCard,
  useSavedToast,
} from "~/features/recurring/components/series-list";
import { AddedAllNotice, Suggestions } from "~/features/recurring/components/suggestions";
import { UpcomingList } from "~/features/recurring/components/upcoming-list";

export const handle = { i18n: ["app", "money", "recurring"] };

const recurringPath = "/app/recurring";

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const base = { userId: context.user.id, householdId: context.householdId };
  const today = context.today;
  const month = monthOf(today);
  return forLoader(async () => {
    const [list, upcoming, accounts] = await Promise.all([
      listRecurring({ ...base, today }),
      upcomingForMonth({ ...base, month, today }),
      listAccounts({ ...base, on: today }),
    ]);
    // Suggestions lead to forms only the owner may send.
    const suggestions = list.access.canWrite ? await detectRecurring({ ...base, today }) : [];
    return {
      today,
      month,
      series: list.series,
      occurrences: upcoming.occurrences,
      upcoming: upcoming.upcoming,
      beforeNextIncome: upcoming.beforeNextIncome,
      totals: upcoming.totals,
      suggestions,
      accounts: accounts
        .filter((account) => !account.archived)
        .map((account) => ({ id: account.id, name: account.name })),
    };
  });
}

export async function action({ request }: Route.ActionArgs) {
  return handleRecurringAction(request);
}

export const ErrorBoundary = AppErrorBoundary;

export default function Recurring({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("recurring");
  const format = useFormat();
  const shell = useAppShell();
  const accountName = useAccountName();
  const canWrite = shell.household.canWrite;
  const { series, suggestions, today, month } = loaderData;
  const accounts = loaderData.accounts.map((account) => ({ id: account.id, name: accountName(account) }));
  const occurrenceRefusal = plainRefusal(actionData, "confirm") ?? plainRefusal(actionData, "skip");
  const empty = series.length === 0;
  const defaults: SeriesFormValues = {
    kind: "expense",
    description: "",
    categoryId: defaultCategoryId("expense"),
    accountId: accounts[0]?.id,
    frequency: "monthly",
    interval: 1,
    day: String(Number(today.slice(8))),
    startsOn: today,
    autoPost: false,
  };
  // Deleting removes the card; the page, which stays, shows the toast.
  useSavedToast(useFetcher<RecurringActionResult>({ key: deleteFetcherKey }));

  return (
    <div className="flex flex-col gap-6">
      <title>{`${t("title")} · Samen`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("subtitle")}</p>
      </div>

      {empty && (
        <Card className="flex items-center gap-3 p-5" data-testid="recurring-empty">
          <CalendarClockIcon aria-hidden="true" className="size-6 shrink-0 text-muted-foreground" />
          <p className="text-sm text-muted-foreground">{t("empty")}</p>
        </Card>
      )}

      {!empty && (
        <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
          <Card className="flex flex-col gap-4 p-5">
            <section className="flex flex-col gap-4" aria-labelledby="recurring-upcoming">
              <div>
                <h2 id="recurring-upcoming" className="text-lg font-semibold">
                  {t("upcoming.title")}
                </h2>
                <p className="text-sm text-muted-foreground">{format.monthTitle(month)}</p>
              </div>
              <dl className="grid grid-cols-2 gap-3" data-testid="recurring-totals">
                <div className="rounded-lg bg-secondary/60 p-3">
                  <dt className="text-xs text-muted-foreground">{t("upcoming.income")}</dt>
                  <dd className="text-lg font-semibold tabular-nums text-emerald-700">
                    {format.money(loaderData.totals.expectedIncomeMinor)}
                  </dd>
                </div>
                <div className="rounded-lg bg-secondary/60 p-3">
                  <dt className="text-xs text-muted-foreground">{t("upcoming.bills")}</dt>
                  <dd className="text-lg font-semibold tabular-nums">
                    {format.money(loaderData.totals.upcomingBillsMinor)}
                  </dd>
                </div>
                {loaderData.totals.billsBeforeNextIncomeMinor > 0 && (
                  <div className="col-span-2 rounded-lg bg-secondary/60 p-3">
                    <dt className="text-xs text-muted-foreground">{t("upcoming.billsBeforeNextIncome")}</dt>
                    <dd className="text-lg font-semibold tabular-nums">
                      {format.money(loaderData.totals.billsBeforeNextIncomeMinor)}
                    </dd>
                  </div>
                )}
              </dl>
              <UpcomingList
                items={[...loaderData.upcoming, ...loaderData.beforeNextIncome]}
                nextMonthFrom={monthStart(addMonths(month, 1))}
                action={recurringPath}
                plainError={occurrenceRefusal?.fieldErrors.form}
              />
            </section>
          </Card>
          <Card className="p-3 sm:p-5">
            <section className="flex flex-col gap-3" aria-labelledby="recurring-calendar">
              <h2 id="recurring-calendar" className="text-lg font-semibold">
                {t("calendar.title")}
              </h2>
              <MonthCalendar month={month} today={today} occurrences={loaderData.occurrences} />
            </section>
          </Card>
        </div>
      )}

      {canWrite && <AddedAllNotice action={recurringPath} plainAnswer={actionData} />}
      {canWrite && <Suggestions suggestions={suggestions} action={recurringPath} accounts={accounts} />}

      <section className="flex flex-col gap-3" aria-labelledby="recurring-series">
        <h2 id="recurring-series" className="text-lg font-semibold">
          {t("series.title")}
        </h2>
        {canWrite && (
          <NewSeries
            action={recurringPath}
            defaults={defaults}
            accounts={accounts}
            actionData={actionData}
            open={empty && suggestions.length === 0}
          />
        )}
        {series.length > 0 && (
          <ul className="grid gap-4 lg:grid-cols-2">
            {series.map((item) => (
              <li key={item.id}>
                <SeriesCard series={item} action={recurringPath} accounts={accounts} actionData={actionData} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
