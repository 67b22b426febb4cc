import { and, desc, eq, gt, gte, lt, sql } from "drizzle-orm";
import { rowsOf } from "~/db/rows.server";
import { db, type Database } from "~/db/client.server";
import { oncePerReadingRequest } from "~/lib/request-store.server";
import { budgetLimit } from "~/db/schema/budgets";
import { category, monthTotal } from "~/db/schema/entries";
import {
  budgetHistory,
  budgetTotals,
  hasPassedBudget,
  monthBudget,
  type BudgetLimitEntry,
  type BudgetScope,
  type SpendingLookup,
} from "~/domain/budgets";
import { can } from "~/domain/plans";
import { addMonths, monthEnd, monthOf, monthRange, monthsBetween, monthStart, type MonthKey } from "~/domain/periods";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { notifyHouseholdMembers } from "~/features/household/notifications.server";
import type { FieldErrors } from "~/lib/forms";

/** The spending hint beside a category without a budget: the average of this many months before the one shown. */
const averageMonths = 3;
/** The longest range budget against actual covers, as the reports do: five years of months. */
const longestReport = 60;

/** A household's budget rows up to the end of `to` (later rows cannot change it). One indexed range. */
async function readBudgetRows({ householdId, to }: { householdId: string; to: MonthKey }): Promise<BudgetLimitEntry[]> {
  const rows = await db()
    .select({
      categoryId: budgetLimit.categoryId,
      month: budgetLimit.month,
      scope: budgetLimit.scope,
      limitMinor: budgetLimit.limitMinor,
      rollover: budgetLimit.rollover,
    })
    .from(budgetLimit)
    .where(and(eq(budgetLimit.householdId, householdId), lt(budgetLimit.month, monthEnd(to))));
  return rows.map((row) => ({ ...row, month: monthOf(row.month), scope: row.scope }));
}

/**
 * Expense totals per category and month from month_total (kept by triggers), from `from` — or the household's first
 * budgeted month when earlier, where a rollover chain may begin — to the end of `to`. One indexed range, whatever
 * the number of transactions.
 */
async function readSpending({ householdId, from, to }: { householdId: string; from: MonthKey; to: MonthKey }) {
  const firstBudget = sql`(select min(${budgetLimit.month}) from ${budgetLimit} where ${budgetLimit.householdId} = ${householdId})`;
  const rows = await db()
    .select({ month: monthTotal.month, categoryId: monthTotal.categoryId, totalMinor: monthTotal.totalMinor })
    .from(monthTotal)
    .where(
      and(
        eq(monthTotal.householdId, householdId),
        gte(monthTotal.month, sql`least(${monthStart(from)}::date, ${firstBudget})`),
        lt(monthTotal.month, monthEnd(to)),
        eq(monthTotal.kind, "expense"),
      ),
    );
  const totals = new Map<string, number>();
  for (const row of rows) totals.set(`${row.categoryId}:${monthOf(row.month)}`, row.totalMinor);
  const spent: SpendingLookup = (categoryId, month) => totals.get(`${categoryId}:${month}`) ?? 0;
  return { rows, spent };
}

/**
 * The month of the household's first entry of any kind; null before it has one. One step along month_total's key. The
 * dashboard asks (is the household still empty?) and its budgets card too (where a rollover chain may begin): a reading
 * request reads it once.
 */
export function firstEntryMonth(householdId: string): Promise<MonthKey | null> {
  return oncePerReadingRequest(`first-entry-month ${householdId}`, async () => {
    const [row] = await db()
      .select({ first: sql<string | null>`min(${monthTotal.month})::text` })
      .from(monthTotal)
      .where(and(eq(monthTotal.householdId, householdId), gt(monthTotal.entries, 0)));
    return row?.first ? monthOf(row.first) : null;
  });
}

async function requireBudgetAccess({
  userId,
  householdId,
  write = false,
}: {
  userId: string;
  householdId: string;
  write?: boolean;
}) {
  const access = await requireHouseholdAccess({ userId, householdId, write });
  if (!can(access.plan, "budgets.plan")) throw new HouseholdAccessError(write ? "readOnly" : "notFound");
  return access;
}

/**
 * One month's budgets: every budgeted category with its limit, carry, spending and what is available, the month's
 * totals ("Left to spend"), and each expense category's average spending over the three months before — or those
 * since the household's first entry, when it is younger — (the hint beside "Set a budget"). Four indexed queries
 * (access, budget rows, month_total, its first month) whatever the history.
 */
export async function monthBudgets({
  userId,
  householdId,
  month,
  spentInMonth,
}: {
  userId: string;
  householdId: string;
  month: MonthKey;
  /**
   * The month's spending per category when it is not the calendar month's: the dashboard's pay period (decision
   * 0021). Each budget's limit is set against it; rollover from earlier months stays by calendar month.
   */
  spentInMonth?: ReadonlyMap<string, number>;
}) {
  await requireBudgetAccess({ userId, householdId });
  const windowStart = addMonths(month, -averageMonths);
  const [rows, spending, firstEntry] = await Promise.all([
    readBudgetRows({ householdId, to: month }),
    readSpending({ householdId, from: windowStart, to: month }),
    firstEntryMonth(householdId),
  ]);
  const spent: SpendingLookup = spentInMonth
    ? (categoryId, key) => (key === month ? (spentInMonth.get(categoryId) ?? 0) : spending.spent(categoryId, key))
    : spending.spent;
  const { categories, totals } = monthBudget(rows, month, spent);
  // Months before the household's first entry were not spent in Samen: they do not water the average down.
  const firstAveraged = firstEntry && firstEntry > windowStart ? firstEntry : windowStart;
  const averagedMonths = monthsBetween(firstAveraged, month);
  const averages: Record<string, number> = {};
  for (const row of spending.rows) {
    const rowMonth = monthOf(row.month);
    if (averagedMonths <= 0 || rowMonth < firstAveraged || rowMonth >= month) continue;
    averages[row.categoryId] = (averages[row.categoryId] ?? 0) + row.totalMinor;
  }
  // Months without spending since then count as zero: the hint is what a month has cost lately.
  for (const categoryId of Object.keys(averages))
    averages[categoryId] = Math.round((averages[categoryId] ?? 0) / averagedMonths);
  return { month, categories, totals, averages };
}

/**
 * Budget against actual for every month of a range: per budgeted category its limit, spending and the difference.
 * The free plan sees the current month only, as every report.
 */
export async function budgetReport({
  userId,
  householdId,
  from,
  to,
  currentMonth,
}: {
  userId: string;
  householdId: string;
  from: MonthKey;
  to: MonthKey;
  currentMonth: MonthKey;
}) {
  const access = await requireBudgetAccess({ userId, householdId });
  let start = from <= to ? from : to;
  let end = from <= to ? to : from;
  if (monthsBetween(start, end) >= longestReport) start = addMonths(end, 1 - longestReport);
  if (!can(access.plan, "reports.allPeriods")) {
    start = currentMonth;
    end = currentMonth;
  }
  const [rows, spending] = await Promise.all([
    readBudgetRows({ householdId, to: end }),
    readSpending({ householdId, from: start, to: end }),
  ]);
  const history = budgetHistory(rows, start, end, spending.spent);
  return monthRange(start, end)
    .map((month) => {
      const categories = history
        .filter((item) => item.month === month)
        .map((item) => ({
          categoryId: item.categoryId,
          limitMinor: item.limitMinor,
          spentMinor: item.spentMinor,
          differenceMinor: item.limitMinor - item.spentMinor,
        }));
      const totals = budgetTotals(history.filter((item) => item.month === month));
      return {
        month,
        categories,
        totals: {
          limitMinor: totals.limitMinor,
          spentMinor: totals.spentMinor,
          differenceMinor: totals.limitMinor - totals.spentMinor,
        },
      };
    })
    .filter((month) => month.categories.length > 0);
}

/** Budgets are for the household's own and the built-in expense categories that are still in use. */
async function isBudgetableCategory(householdId: string, categoryId: string) {
  const [row] = await db()
    .select({ householdId: category.householdId, kind: category.kind, archived: category.archived })
    .from(category)
    .where(eq(category.id, categoryId))
    .limit(1);
  return Boolean(
    row && row.kind === "expense" && !row.archived && (row.householdId === null || row.householdId === householdId),
  );
}

export interface BudgetFields {
  categoryId: string;
  month: MonthKey;
  limitMinor: number;
  /** "repeat": from this month on; "month": only this month. */
  scope: BudgetScope;
  /** Saved with a repeat budget; a one-month change keeps the running budget's setting. */
  rollover: boolean;
}

type BudgetWriteResult = { ok: true } | { ok: false; fieldErrors: FieldErrors };

const budgetKey = [budgetLimit.householdId, budgetLimit.categoryId, budgetLimit.month, budgetLimit.scope];

/**
 * Sets a category's limit. "From this month on" replaces the month's one-off change and any later repeat rows (it
 * is the plan from now on; later one-month changes stay); "only this month" changes that month alone.
 */
export async function setBudget({
  userId,
  householdId,
  fields,
}: {
  userId: string;
  householdId: string;
  fields: BudgetFields;
}): Promise<BudgetWriteResult> {
  await requireBudgetAccess({ userId, householdId, write: true });
  if (!(await isBudgetableCategory(householdId, fields.categoryId)))
    return { ok: false, fieldErrors: { categoryId: "errors.category.invalid" } };
  const { categoryId, month, limitMinor, scope } = fields;
  const ofCategory = and(eq(budgetLimit.householdId, householdId), eq(budgetLimit.categoryId, categoryId));
  const rollover = scope === "repeat" && fields.rollover;
  await db().transaction(async (tx) => {
    if (scope === "repeat") {
      await tx
        .delete(budgetLimit)
        .where(
          and(
            ofCategory,
            sql`((${budgetLimit.scope} = 'repeat' and ${budgetLimit.month} > ${monthStart(month)}) or (${budgetLimit.scope} = 'month' and ${budgetLimit.month} = ${monthStart(month)}))`,
          ),
        );
    }
    await tx
      .insert(budgetLimit)
      .values({ householdId, categoryId, month: monthStart(month), scope, limitMinor, rollover })
      .onConflictDoUpdate({ target: budgetKey, set: { limitMinor, rollover, updatedAt: new Date() } });
  });
  return { ok: true };
}

/**
 * "Remove budget": from this month on (later changes go too; a budget running from before stops here), or only
 * this month's one-off change. Removing what is not there changes nothing.
 */
export async function removeBudget({
  userId,
  householdId,
  categoryId,
  month,
  scope,
}: {
  userId: string;
  householdId: string;
  categoryId: string;
  month: MonthKey;
  scope: BudgetScope;
}) {
  await requireBudgetAccess({ userId, householdId, write: true });
  const ofCategory = and(eq(budgetLimit.householdId, householdId), eq(budgetLimit.categoryId, categoryId));
  await db().transaction(async (tx) => {
    if (scope === "month") {
      await tx
        .delete(budgetLimit)
        .where(and(ofCategory, eq(budgetLimit.scope, "month"), eq(budgetLimit.month, monthStart(month))));
      return;
    }
    await tx.delete(budgetLimit).where(and(ofCategory, gte(budgetLimit.month, monthStart(month))));
    const [running] = await tx
      .select({ limitMinor: budgetLimit.limitMinor })
      .from(budgetLimit)
      .where(and(ofCategory, eq(budgetLimit.scope, "repeat"), lt(budgetLimit.month, monthStart(month))))
      .orderBy(desc(budgetLimit.month))
      .limit(1);
    if (running && running.limitMinor !== null) {
      // Two removals at once both find the running budget; the stop is written once.
      await tx
        .insert(budgetLimit)
        .values({
          householdId,
          categoryId,
          month: monthStart(month),
          scope: "repeat",
          limitMinor: null,
          rollover: false,
        })
        .onConflictDoNothing();
    }
  });
  return { ok: true } as const;
}

/**
 * After spending changed in the given months: every budgeted category whose spending passed what its month made
 * available tells the household, once per category and month. Call it after entries are added or changed (by hand,
 * by an import, by a recurring post). A household without budgets costs one small query.
 */
export async function noticePassedBudgets({
  householdId,
  months,
}: {
  householdId: string;
  months: readonly MonthKey[];
}) {
  const sorted = [...new Set(months)].sort();
  const from = sorted[0];
  const to = sorted.at(-1);
  if (from === undefined || to === undefined) return;
  const rows = await readBudgetRows({ householdId, to });
  if (rows.length === 0) return;
  const { spent } = await readSpending({ householdId, from, to });
  for (const month of sorted) {
    for (const item of monthBudget(rows, month, spent).categories) {
      if (!hasPassedBudget(item)) continue;
      await notifyHouseholdMembers({
        householdId,
        kind: "budgetPassed",
        payload: {
          categoryId: item.categoryId,
          month,
          spentMinor: item.spentMinor,
          budgetMinor: item.limitMinor + item.carryMinor,
        },
        dedupeKey: `budget-passed:${item.categoryId}:${month}`,
      });
    }
  }
}

/**
 * A change of the household's base currency (decision 0026): every limit in the new currency at `factor` (new minor
 * units per old minor unit: the day's rate and the currencies' decimals), rounded. In the caller's transaction.
 */
export async function convertBudgetLimits(
  executor: Pick<Database, "execute">,
  householdId: string,
  factor: number,
): Promise<number> {
  const result = await executor.execute(sql`
    update ${budgetLimit} set "limit_minor" = round("limit_minor"::numeric * ${String(factor)}::numeric)::bigint
    where ${budgetLimit.householdId} = ${householdId} and "limit_minor" is not null
    returning 1`);
  return rowsOf(result).length;
}
