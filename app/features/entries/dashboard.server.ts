import { versionOf } from "~/features/platform/row-version.server";
import { and, asc, desc, eq, gte, isNull, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { oncePerReadingRequest } from "~/lib/request-store.server";
import { entryLine, entryTitle, monthTotal, transaction } from "~/db/schema/entries";
import { goal } from "~/db/schema/goals";
import { can } from "~/domain/plans";
import {
  addDays,
  addMonths,
  chartBuckets,
  monthEnd,
  monthOf,
  monthStart,
  type Bucket,
  type ChartPeriod,
  type IsoDate,
  type MonthKey,
} from "~/domain/periods";
import { isCalendarMonth, payPeriod, payPeriodMonthOf, sameDaysOfPreviousPeriod } from "~/domain/pay-periods";
import { relativeChange, summarize } from "~/domain/summary";
import { goalProgress, isGoalReached, savedAmount } from "~/domain/goals";
import { accountBalances } from "~/features/money-accounts/accounts.server";
import { firstEntryMonth } from "~/features/budgets/budgets.server";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { entriesSeenBy, entryMember, wholeHousehold } from "~/features/household/personal-privacy.server";

/**
 * The dashboard's sums (month and period totals per category, the chart) read every line of the household, hidden
 * personal ones included: totals stay whole (decisions 0016, 0037); nothing here lists an entry.
 */
const categoryTotals = entriesSeenBy(wholeHousehold("monthTotals"));

export interface ChartPoint {
  key: string;
  start: IsoDate;
  incomeMinor: number;
  expenseMinor: number;
}

/** How many months one read of month_total covers, ending with the month asked last: the dashboard's chart. */
const sharedTotalsMonths = 13;

/**
 * Rows of month_total between two months (half-open), for one household: the source of cards, charts and reports. A
 * range within the 13 months before `to` is read as those 13 months, once per reading request, so the dashboard's chart
 * and Safe to spend's month share one statement; a longer one (the yearly chart) is read as asked.
 */
export async function readMonthTotals({
  householdId,
  from,
  to,
}: {
  householdId: string;
  from: MonthKey;
  to: MonthKey;
}) {
  const sharedFrom = addMonths(to, -sharedTotalsMonths);
  if (from < sharedFrom) return queryMonthTotals({ householdId, from, to });
  const rows = await oncePerReadingRequest(`month totals ${householdId} ${to}`, () =>
    queryMonthTotals({ householdId, from: sharedFrom, to }),
  );
  return from === sharedFrom ? rows : rows.filter((row) => row.month >= from);
}

async function queryMonthTotals({ householdId, from, to }: { householdId: string; from: MonthKey; to: MonthKey }) {
  const rows = await db()
    .select({
      month: monthTotal.month,
      kind: monthTotal.kind,
      categoryId: monthTotal.categoryId,
      totalMinor: monthTotal.totalMinor,
    })
    .from(monthTotal)
    .where(
      and(
        eq(monthTotal.householdId, householdId),
        gte(monthTotal.month, monthStart(from)),
        lt(monthTotal.month, monthStart(to)),
      ),
    );
  return rows.map((row) => ({ ...row, month: monthOf(row.month), kind: row.kind }));
}

export type MonthTotalRow = Awaited<ReturnType<typeof readMonthTotals>>[number];

/**
 * The same rows as month_total, for one member's entries (the "Mine" and "<Partner>'s" views): summed from the
 * entries' lines (decision 0018: a split counts in each line's category) in one range scan of
 * entry_line_household_date_idx. Totals per category stay whole, a member's
 * hidden personal expenses included (design: money-in.md, "Two people").
 */
async function readMemberMonthTotals({
  householdId,
  memberUserId,
  from,
  to,
}: {
  householdId: string;
  memberUserId: string;
  from: MonthKey;
  to: MonthKey;
}): Promise<MonthTotalRow[]> {
  const rows = await db()
    .select({
      month: sql<string>`to_char(date_trunc('month', ${entryLine.occurredOn}::timestamp), 'YYYY-MM-DD')`,
      kind: entryLine.kind,
      categoryId: entryLine.categoryId,
      totalMinor: sql<string>`sum(${entryLine.baseAmountMinor})`,
    })
    .from(entryLine)
    .innerJoin(transaction, eq(transaction.id, entryLine.entryId))
    .where(
      and(
        eq(entryLine.householdId, householdId),
        gte(entryLine.occurredOn, monthStart(from)),
        lt(entryLine.occurredOn, monthStart(to)),
        eq(entryMember, memberUserId),
        ...categoryTotals.visibility,
      ),
    )
    .groupBy(sql`1`, entryLine.kind, entryLine.categoryId);
  return rows.map((row) => ({
    month: monthOf(row.month),
    kind: row.kind,
    categoryId: row.categoryId,
    totalMinor: Number(row.totalMinor),
  }));
}

/**
 * The household's (or one member's) sums per kind and category over some days [from, to), in month_total's shape under
 * one month key: the same days of the previous month, which a month in progress is compared with, and a pay period that
 * is not a calendar month (decision 0021). Summed from the entries' lines, like month_total, in one range scan of
 * entry_line_household_date_idx over at most a month of lines; a member's hidden personal expenses count, as they do in
 * month_total (they are never listed).
 */
export async function readPeriodTotals({
  householdId,
  month,
  from,
  to,
  memberUserId = null,
}: {
  householdId: string;
  month: MonthKey;
  from: IsoDate;
  to: IsoDate;
  memberUserId?: string | null;
}): Promise<MonthTotalRow[]> {
  const rows = await db()
    .select({
      kind: entryLine.kind,
      categoryId: entryLine.categoryId,
      totalMinor: sql<string>`sum(${entryLine.baseAmountMinor})`,
    })
    .from(entryLine)
    .innerJoin(transaction, eq(transaction.id, entryLine.entryId))
    .where(
      and(
        eq(entryLine.householdId, householdId),
        gte(entryLine.occurredOn, from),
        lt(entryLine.occurredOn, to),
        memberUserId === null ? undefined : eq(entryMember, memberUserId),
        ...categoryTotals.visibility,
      ),
    )
    .groupBy(entryLine.kind, entryLine.categoryId);
  return rows.map((row) => ({
    month,
    kind: row.kind,
    categoryId: row.categoryId,
    totalMinor: Number(row.totalMinor),
  }));
}

function sumBy(rows: MonthTotalRow[], match: (row: MonthTotalRow) => boolean): number {
  let total = 0;
  for (const row of rows) if (match(row)) total += row.totalMinor;
  return total;
}

function fillBuckets(
  buckets: Bucket[],
  sums: Map<string, { incomeMinor: number; expenseMinor: number }>,
): ChartPoint[] {
  return buckets.map((bucket) => ({
    key: bucket.key,
    start: bucket.start,
    ...(sums.get(bucket.key) ?? { incomeMinor: 0, expenseMinor: 0 }),
  }));
}

/**
 * Income vs expenses per bucket, really aggregated by the chosen period: months and years from month_total,
 * ISO weeks (Monday first) from the entries of those twelve weeks.
 */
export async function incomeExpenseSeries({
  householdId,
  period,
  anchor,
  monthRows,
  memberUserId = null,
}: {
  householdId: string;
  period: ChartPeriod;
  anchor: IsoDate;
  /** month_total rows already read for the monthly view, to save a query. */
  monthRows?: MonthTotalRow[];
  /** Only this member's entries (a member view); null: the whole household. */
  memberUserId?: string | null;
}): Promise<ChartPoint[]> {
  const buckets = chartBuckets(period, anchor);
  const first = buckets[0];
  const last = buckets.at(-1);
  if (!first || !last) return [];
  const sums = new Map<string, { incomeMinor: number; expenseMinor: number }>();
  const add = (key: string, kind: string, amount: number) => {
    const entry = sums.get(key) ?? { incomeMinor: 0, expenseMinor: 0 };
    if (kind === "income") entry.incomeMinor += amount;
    else entry.expenseMinor += amount;
    sums.set(key, entry);
  };
  if (period === "weekly") {
    const rows = await db()
      .select({
        week: sql<string>`to_char(date_trunc('week', ${transaction.occurredOn}::timestamp), 'YYYY-MM-DD')`,
        kind: transaction.kind,
        totalMinor: sql<string>`sum(${transaction.baseAmountMinor})`,
      })
      .from(transaction)
      .where(
        and(
          eq(transaction.householdId, householdId),
          gte(transaction.occurredOn, first.start),
          lt(transaction.occurredOn, last.end),
          memberUserId === null ? undefined : eq(entryMember, memberUserId),
          ...categoryTotals.visibility,
        ),
      )
      .groupBy(sql`1`, transaction.kind);
    for (const row of rows) add(row.week, row.kind, Number(row.totalMinor));
    return fillBuckets(buckets, sums);
  }
  const range = { householdId, from: monthOf(first.start), to: monthOf(last.end) };
  const rows =
    monthRows ??
    (await (memberUserId === null ? readMonthTotals(range) : readMemberMonthTotals({ ...range, memberUserId })));
  for (const row of rows) {
    if (row.month < monthOf(first.start) || row.month >= monthOf(last.end)) continue;
    add(period === "monthly" ? row.month : row.month.slice(0, 4), row.kind, row.totalMinor);
  }
  return fillBuckets(buckets, sums);
}

export interface CategorySpending {
  categoryId: string;
  totalMinor: number;
  previousMinor: number;
  change: number | null;
  share: number;
}

/** Expenses of a period by category, biggest first, with the change against the comparison period. */
export function spendingByCategory(
  rows: MonthTotalRow[],
  inPeriod: (month: MonthKey) => boolean,
  inPrevious: (month: MonthKey) => boolean,
): CategorySpending[] {
  const current = new Map<string, number>();
  const previous = new Map<string, number>();
  for (const row of rows) {
    if (row.kind !== "expense") continue;
    if (inPeriod(row.month)) current.set(row.categoryId, (current.get(row.categoryId) ?? 0) + row.totalMinor);
    else if (inPrevious(row.month)) previous.set(row.categoryId, (previous.get(row.categoryId) ?? 0) + row.totalMinor);
  }
  const total = [...current.values()].reduce((sum, value) => sum + value, 0);
  return [...current.entries()]
    .filter(([, amount]) => amount > 0)
    .map(([categoryId, totalMinor]) => {
      const previousMinor = previous.get(categoryId) ?? 0;
      return {
        categoryId,
        totalMinor,
        previousMinor,
        change: relativeChange(totalMinor, previousMinor),
        share: total > 0 ? totalMinor / total : 0,
      };
    })
    .sort((a, b) => b.totalMinor - a.totalMinor);
}

/**
 * Everything the dashboard shows for a month, in four indexed queries whatever the history:
 * access, month_total for 13 months, the month's latest entries, the active goals (plus the weekly chart's range when asked,
 * and, while the month is in progress, the same days of the previous month that its figures are compared with).
 * A member view (`memberUserId`: "Mine", "<Partner>'s") sums that member's entries instead of month_total, one range
 * scan for the cards, categories and monthly chart together. The latest entries never show a personal expense of a
 * member who keeps theirs to category totals.
 */
export async function getDashboard({
  userId,
  householdId,
  month,
  period,
  today,
  memberUserId = null,
}: {
  userId: string;
  householdId: string;
  month: MonthKey;
  period: ChartPeriod;
  today: IsoDate;
  /** Only this member's money (a member view); null: the whole household ("Ours"). */
  memberUserId?: string | null;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  if (!can(access.plan, "dashboard.view")) throw new HouseholdAccessError("notFound");
  // The month may start on the household's payday (decision 0021): its cards, categories and latest entries follow the
  // pay period; the chart keeps calendar months.
  const startDay = access.household.monthStartDay;
  const days = payPeriod(month, startDay);
  // The chart ends with the chosen month: at today within the current month, at the month's last day otherwise.
  const anchor = month === monthOf(today) ? today : addDays(monthEnd(month), -1);
  const from = addMonths(month, -12);
  const to = addMonths(month, 1);

  const range = { householdId, from: period === "yearly" ? `${Number(month.slice(0, 4)) - 4}-01` : from, to };
  const previousMonth = addMonths(month, -1);
  const sameDays = sameDaysOfPreviousPeriod(month, startDay, today);
  const seenByReader = entriesSeenBy(access);
  const previousDays = payPeriod(previousMonth, startDay);
  const [monthRows, recent, goals, firstMonth, sameDaysRows, periodRows, withoutRate] = await Promise.all([
    memberUserId === null ? readMonthTotals(range) : readMemberMonthTotals({ ...range, memberUserId }),
    db()
      .select({
        id: transaction.id,
        kind: transaction.kind,
        amountMinor: transaction.amountMinor,
        currency: transaction.currency,
        baseAmountMinor: transaction.baseAmountMinor,
        occurredOn: transaction.occurredOn,
        description: entryTitle,
        categoryId: transaction.categoryId,
        shared: transaction.shared,
        // A split with another member's hidden line in it: the amount, base amount, category and sharing of the lines
        // this member may see (the visibility layer, decision 0037).
        ...seenByReader.seen,
        // Who paid or received it, whoever entered it when nobody was named: what the row's "Shared · paid by" says.
        memberUserId: entryMember,
        // With its version a recent entry opens in the edit sheet, which saves against it (row-version.server.ts).
        version: versionOf(transaction.updatedAt),
      })
      .from(transaction)
      .where(
        and(
          eq(transaction.householdId, householdId),
          gte(transaction.occurredOn, days.from),
          lt(transaction.occurredOn, days.to),
          memberUserId === null ? undefined : eq(entryMember, memberUserId),
          ...seenByReader.visibility,
        ),
      )
      .orderBy(desc(transaction.occurredOn), desc(transaction.id))
      .limit(6),
    db()
      .select({
        id: goal.id,
        name: goal.name,
        targetMinor: goal.targetMinor,
        savedMinor: goal.savedMinor,
        deadline: goal.deadline,
        accountId: goal.accountId,
      })
      .from(goal)
      .where(and(eq(goal.householdId, householdId), isNull(goal.archivedAt)))
      .orderBy(asc(goal.createdAt))
      .limit(3),
    firstEntryMonth(householdId),
    sameDays
      ? readPeriodTotals({
          householdId,
          month: previousMonth,
          from: sameDays.from,
          to: addDays(sameDays.through, 1),
          memberUserId,
        })
      : isCalendarMonth(startDay)
        ? null
        : readPeriodTotals({ householdId, month: previousMonth, ...previousDays, memberUserId }),
    // A pay period that is not a calendar month is summed from its entries; a calendar month is in month_total.
    isCalendarMonth(startDay) ? null : readPeriodTotals({ householdId, month, ...days, memberUserId }),
    // Entries of the month still without an exchange rate: left out of the figures, and the page says how many.
    db()
      .select({ count: sql<number>`count(*)::int` })
      .from(transaction)
      .where(
        and(
          eq(transaction.householdId, householdId),
          isNull(transaction.baseAmountMinor),
          gte(transaction.occurredOn, days.from),
          lt(transaction.occurredOn, days.to),
          memberUserId === null ? undefined : eq(entryMember, memberUserId),
          // A count, like month_total's: entries waiting for a rate are left out of the figures whoever's they are.
          ...entriesSeenBy(wholeHousehold("baseCurrency")).visibility,
        ),
      ),
  ]);

  // A goal that follows an account shows its balance today (one query, only when one does).
  const followed = goals.flatMap((row) => (row.accountId ? [row.accountId] : []));
  const balances = await accountBalances(householdId, followed, today);

  // The cards and categories compare with the previous month, or with its same days while this one is in progress.
  const comparedRows = periodRows
    ? [...periodRows, ...(sameDaysRows ?? [])]
    : sameDaysRows
      ? [...monthRows.filter((row) => row.month !== previousMonth), ...sameDaysRows]
      : monthRows;
  const figures = (key: MonthKey) => ({
    incomeMinor: sumBy(comparedRows, (row) => row.month === key && row.kind === "income"),
    expenseMinor: sumBy(comparedRows, (row) => row.month === key && row.kind === "expense"),
  });
  const chart = await incomeExpenseSeries({
    householdId,
    period,
    anchor,
    monthRows: period === "weekly" ? undefined : monthRows,
    memberUserId,
  });

  return {
    access,
    month,
    period,
    isEmpty: firstMonth === null,
    summary: summarize(figures(month), figures(previousMonth)),
    /** Entries of the month in another currency whose rate is not known yet: not in the figures. */
    withoutRate: withoutRate[0]?.count ?? 0,
    /** The days the change badges compare with ("1–23 October"); null: the whole previous month. */
    comparedWith: sameDays,
    /** The days the month covers, [from, to): the calendar month, or the pay period from the household's payday. */
    days,
    /** The month that holds today: the calendar one, or the pay period's. */
    currentMonth: payPeriodMonthOf(today, startDay),
    chart,
    categories: spendingByCategory(
      comparedRows,
      (key) => key === month,
      (key) => key === previousMonth,
    ),
    recent: recent.map((row) => ({ ...row, kind: row.kind })),
    goals: goals.map(({ accountId, ...row }) => {
      const figures = { ...row, savedMinor: savedAmount({ ...row, accountId }, balances) };
      return { ...figures, progress: goalProgress(figures), reached: isGoalReached(figures) };
    }),
  };
}
