import PlusIcon from "lucide-react/icons/plus";
import XIcon from "lucide-react/icons/x";
import { useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useFetcher, useLocation, useNavigation, useSubmit } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { SearchField } from "~/components/ui/search-field";
import { cn } from "~/lib/cn";
import { memberViewParam } from "~/domain/member-view";
import type { TransactionsPageData } from "../transactions-page.server";
import type { TransactionView } from "../transactions.server";
import { HiddenPersonalCard } from "./hidden-personal-card";
import { MemberViewSwitch } from "./member-view-switch";
import { MonthSwitcher } from "./month-switcher";
import { useQuickEntry } from "./quick-entry";
import { TransactionRow } from "./transaction-row";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { useCategories } from "./use-budget-shell";
import { PendingEntries, usePendingOf } from "../offline/offline-entry";
import { PageHeader } from "~/components/ui/page-header";

function groupByDate(items: TransactionView[]) {
  const groups: { date: string; items: TransactionView[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (last?.date === item.occurredOn) last.items.push(item);
    else groups.push({ date: item.occurredOn, items: [item] });
  }
  return groups;
}

/**
 * Income or Expenses for one month: whose money (the member views), totals, search and category filter (a GET form),
 * entries grouped by day, and "show more" that fetches the next keyset page and appends it (a plain link without
 * JavaScript). A member's personal expenses they show only as category totals come as one block of those totals.
 */
export function TransactionsPage({ data }: { data: TransactionsPageData }) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const shell = useAppShell();
  const categories = useCategories();
  const quickEntry = useQuickEntry();
  const location = useLocation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const searchTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const income = data.kind === "income";
  const title = t(income ? "nav.income" : "nav.expenses");
  const filtered = Boolean(data.search || data.categoryId);
  // The address of this month's unfiltered list, in the view the page is in.
  const viewQuery = data.view === "ours" ? "" : `&${memberViewParam}=${encodeURIComponent(data.view)}`;
  const pageHref = (cursor: string) => {
    const params = new URLSearchParams(location.search);
    params.set("month", data.month);
    params.set("cursor", cursor);
    return `${location.pathname}?${params.toString()}`;
  };
  const busy = navigation.state === "loading" && navigation.location.pathname === location.pathname;
  // Entries kept on this device count in its totals, marked, until the server has them (issue 25).
  const pending = usePendingOf(data.kind, data.month);
  const pendingMinor = filtered ? 0 : pending.totalMinor;

  return (
    <div className="flex flex-col gap-5">
      <title>{`${title} · Samen`}</title>
      <PageHeader title={title} subtitle={t(income ? "list.incomeSubtitle" : "list.expensesSubtitle")}>
        <div className="flex items-center gap-2">
          <MonthSwitcher month={data.month} className="flex-1 sm:flex-none" />
          {shell.household.canWrite && (
            <Button asChild className="hidden h-11 sm:inline-flex">
              <Link
                to={`/app/transactions/new?kind=${data.kind}`}
                onClick={(event) => {
                  if (!quickEntry) return;
                  event.preventDefault();
                  quickEntry.openAdd(data.kind);
                }}
              >
                <PlusIcon aria-hidden="true" />
                {t(income ? "entry.addIncome" : "entry.addExpense")}
              </Link>
            </Button>
          )}
        </div>
      </PageHeader>

      <MemberViewSwitch view={data.view} />

      <PendingEntries kind={data.kind} month={data.month} />

      <Card className="flex flex-wrap items-end justify-between gap-4 p-5">
        <div>
          <p className="text-sm text-muted-foreground">
            {filtered
              ? t("list.filteredTotal")
              : t(income ? "list.totalIncome" : "list.totalExpenses", { month: format.month(data.month) })}
          </p>
          <p
            className={cn("mt-1 text-3xl font-semibold tabular-nums tracking-tight", income && "text-emerald-700")}
            data-testid="list-total"
          >
            {format.money(data.totals.totalMinor + pendingMinor)}
            {pendingMinor > 0 && <span aria-hidden="true">*</span>}
          </p>
          {pendingMinor > 0 && (
            <p className="mt-1 text-xs text-muted-foreground" data-testid="list-total-pending">
              <span aria-hidden="true">* </span>
              {t("offline.pending.inTotal", { amount: format.money(pendingMinor) })}
            </p>
          )}
        </div>
        <p className="text-sm text-muted-foreground">{t("list.entries", { number: data.totals.entries })}</p>
      </Card>

      <Form
        method="get"
        role="search"
        className="flex flex-col gap-2 sm:flex-row"
        onChange={(event) => {
          const form = event.currentTarget;
          const isSearch = event.target instanceof HTMLElement && event.target.getAttribute("name") === "q";
          clearTimeout(searchTimer.current);
          searchTimer.current = setTimeout(
            () => submit(form, { replace: true, preventScrollReset: true }),
            isSearch ? 350 : 0,
          );
        }}
      >
        <input type="hidden" name="month" value={data.month} />
        {data.view !== "ours" && <input type="hidden" name={memberViewParam} value={data.view} />}
        <SearchField
          id="list-search"
          label={t("list.search")}
          placeholder={t("list.searchPlaceholder")}
          value={data.search}
        />
        <label htmlFor="list-category" className="sr-only">
          {t("list.category")}
        </label>
        <select
          id="list-category"
          name="category"
          defaultValue={data.categoryId}
          key={`c-${data.categoryId}`}
          className="h-11 rounded-md border border-input bg-card px-3 text-sm shadow-xs sm:w-56"
        >
          <option value="">{t("list.allCategories")}</option>
          {categories.ofKind(data.kind).map((category) => (
            <option key={category.id} value={category.id}>
              {categories.label(category)}
            </option>
          ))}
        </select>
        <noscript>
          <Button type="submit" variant="outline" className="h-11">
            {t("actions.apply")}
          </Button>
        </noscript>
        {filtered && (
          <Button asChild variant="ghost" className="h-11">
            <Link to={`${location.pathname}?month=${data.month}${viewQuery}`} replace>
              <XIcon aria-hidden="true" />
              {t("list.clearFilters")}
            </Link>
          </Button>
        )}
      </Form>

      {data.search && (
        <Link
          to={`/app/search?q=${encodeURIComponent(data.search)}`}
          className="text-sm font-medium text-primary hover:underline"
        >
          {t("list.searchAllMonths", { query: data.search })}
        </Link>
      )}

      {data.cursor && (
        <Link
          to={`${location.pathname}?month=${data.month}${viewQuery}`}
          className="text-sm font-medium text-primary hover:underline"
        >
          {t("list.backToNewest")}
        </Link>
      )}

      {data.hidden.map((spending) => (
        <HiddenPersonalCard key={spending.memberUserId} spending={spending} />
      ))}

      {data.items.length === 0 ? (
        data.hidden.length === 0 && (
          <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
            <p className="font-medium">
              {filtered
                ? t("list.noMatches")
                : t(income ? "list.emptyIncome" : "list.emptyExpenses", { month: format.month(data.month) })}
            </p>
            {!filtered && shell.household.canWrite && (
              <Button variant="outline" onClick={() => quickEntry?.openAdd(data.kind)} type="button">
                <PlusIcon aria-hidden="true" />
                {t(income ? "entry.addIncome" : "entry.addExpense")}
              </Button>
            )}
          </Card>
        )
      ) : (
        <Card
          className={cn("px-4 py-2 transition-opacity sm:px-5", busy && "opacity-60")}
          data-testid="transaction-list"
        >
          <DayGroups items={data.items} />
          {data.nextCursor && (
            <MoreEntries
              key={`${data.month}|${data.view}|${data.search}|${data.categoryId}|${data.nextCursor}`}
              href={pageHref}
              cursor={data.nextCursor}
              previousDate={data.items.at(-1)?.occurredOn}
            />
          )}
        </Card>
      )}
    </div>
  );
}

/** Entries grouped under a heading per day; a page that continues yesterday's group does not repeat its heading. */
function DayGroups({ items, previousDate }: { items: TransactionView[]; previousDate?: string }) {
  const format = useFormat();
  return (
    <>
      {groupByDate(items).map((group) => (
        <section
          key={group.date}
          className="border-b py-2 last:border-b-0"
          aria-label={format.date(group.date, "long")}
        >
          {group.date !== previousDate && (
            <h2 className="pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
              {format.date(group.date, "day")}
            </h2>
          )}
          <div className="flex flex-col">
            {group.items.map((transaction) => (
              <TransactionRow key={transaction.id} transaction={transaction} showDate={false} />
            ))}
          </div>
        </section>
      ))}
    </>
  );
}

/**
 * The next keyset page: a "Show more" link (a plain page without JavaScript); with it, the page is fetched and
 * appended here, followed by the next "Show more". React Router revalidates these fetchers after every change.
 */
function MoreEntries({
  href,
  cursor,
  previousDate,
}: {
  href: (cursor: string) => string;
  cursor: string;
  previousDate?: string;
}) {
  const { t } = useTranslation("app");
  const page = useFetcher<TransactionsPageData>();
  const [requested, setRequested] = useState(false);
  if (requested && page.data) {
    return (
      <>
        <DayGroups items={page.data.items} previousDate={previousDate} />
        {page.data.nextCursor && (
          <MoreEntries href={href} cursor={page.data.nextCursor} previousDate={page.data.items.at(-1)?.occurredOn} />
        )}
      </>
    );
  }
  return (
    <div className="flex justify-center border-t py-4">
      <Button asChild variant="outline" disabled={page.state !== "idle"}>
        <Link
          to={href(cursor)}
          preventScrollReset
          onClick={(event) => {
            event.preventDefault();
            setRequested(true);
            page.load(href(cursor));
          }}
        >
          {page.state !== "idle" ? t("actions.loading") : t("list.showMore")}
        </Link>
      </Button>
    </div>
  );
}
