import { addMonths, type MonthKey } from "./periods";

/**
 * Monthly budgets per expense category (money-in.md, "The month planned"). Everything in integer minor units.
 *
 * A "repeat" row applies from its month until the category's next repeat row; a repeat row without a limit ends the
 * budget from its month. A "month" row overrides one month only. With rollover (a setting of the repeat row), what is
 * left at a month's end (or overspent: a negative amount) carries into the next month, for as long as the category
 * stays budgeted with rollover on; a month without a budget starts the next one afresh.
 */
export const budgetScopes = ["repeat", "month"] as const;
export type BudgetScope = (typeof budgetScopes)[number];

export interface BudgetLimitEntry {
  categoryId: string;
  month: MonthKey;
  scope: BudgetScope;
  limitMinor: number | null;
  rollover: boolean;
}

/** The limit that holds for a category in one month, and where it comes from. */
export interface EffectiveLimit {
  limitMinor: number;
  /** Whether what is left at this month's end carries into the next. */
  rollover: boolean;
  source: BudgetScope;
}

/** One category's rows, ready for month lookups. */
export interface CategoryPlan {
  categoryId: string;
  /** Oldest first. */
  repeats: BudgetLimitEntry[];
  overrides: Map<MonthKey, BudgetLimitEntry>;
}

/** What a budgeted category looks like in one month. */
export interface CategoryBudgetMonth {
  categoryId: string;
  month: MonthKey;
  limitMinor: number;
  /** Carried in from the month before: positive when money was left, negative when it was overspent. */
  carryMinor: number;
  spentMinor: number;
  /** limit + carry − spent: what may still be spent; negative when overspent. */
  availableMinor: number;
  rollover: boolean;
  source: BudgetScope;
}

export interface BudgetTotals {
  limitMinor: number;
  carryMinor: number;
  spentMinor: number;
  /** "Left to spend": the sum of every budgeted category's available amount (negative when overspent overall). */
  leftMinor: number;
}

/** A category's spending in a month (0 when it spent nothing). */
export type SpendingLookup = (categoryId: string, month: MonthKey) => number;

/** Groups stored rows by category, repeat rows oldest first. */
export function plansByCategory(rows: readonly BudgetLimitEntry[]): Map<string, CategoryPlan> {
  const plans = new Map<string, CategoryPlan>();
  for (const row of rows) {
    let plan = plans.get(row.categoryId);
    if (!plan) {
      plan = { categoryId: row.categoryId, repeats: [], overrides: new Map() };
      plans.set(row.categoryId, plan);
    }
    if (row.scope === "repeat") plan.repeats.push(row);
    else plan.overrides.set(row.month, row);
  }
  for (const plan of plans.values()) plan.repeats.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
  return plans;
}

/** The repeat row in force in a month: the latest one that starts in or before it. */
function repeatIn(plan: CategoryPlan, month: MonthKey): BudgetLimitEntry | undefined {
  let found: BudgetLimitEntry | undefined;
  for (const row of plan.repeats) {
    if (row.month > month) break;
    found = row;
  }
  return found;
}

/** The category's limit in a month, or null when it has no budget then. */
export function effectiveLimit(plan: CategoryPlan, month: MonthKey): EffectiveLimit | null {
  const repeat = repeatIn(plan, month);
  const running = repeat !== undefined && repeat.limitMinor !== null;
  // An override changes the amount only: rollover stays the running budget's setting.
  const override = plan.overrides.get(month);
  if (override)
    return override.limitMinor === null
      ? null
      : { limitMinor: override.limitMinor, rollover: running && repeat.rollover, source: "month" };
  if (!running || repeat.limitMinor === null) return null;
  return { limitMinor: repeat.limitMinor, rollover: repeat.rollover, source: "repeat" };
}

/** The earliest month whose spending can matter for `month`: where its chain of rolled-over months begins. */
export function carryStart(plan: CategoryPlan, month: MonthKey): MonthKey {
  let start = month;
  for (;;) {
    const previous = addMonths(start, -1);
    // Before a category's first row nothing is budgeted, so the walk always ends.
    if (!effectiveLimit(plan, previous)?.rollover) return start;
    start = previous;
  }
}

/** Every budgeted month of one category from `from` to `to` (both included), with carry and what is available. */
export function categoryMonths(
  plan: CategoryPlan,
  from: MonthKey,
  to: MonthKey,
  spent: SpendingLookup,
): CategoryBudgetMonth[] {
  const months: CategoryBudgetMonth[] = [];
  let carryMinor = 0;
  for (let month = carryStart(plan, from); month <= to; month = addMonths(month, 1)) {
    const limit = effectiveLimit(plan, month);
    if (!limit) {
      carryMinor = 0;
      continue;
    }
    const spentMinor = spent(plan.categoryId, month);
    const availableMinor = limit.limitMinor + carryMinor - spentMinor;
    if (month >= from)
      months.push({
        categoryId: plan.categoryId,
        month,
        limitMinor: limit.limitMinor,
        carryMinor,
        spentMinor,
        availableMinor,
        rollover: limit.rollover,
        source: limit.source,
      });
    carryMinor = limit.rollover ? availableMinor : 0;
  }
  return months;
}

export function budgetTotals(items: readonly CategoryBudgetMonth[]): BudgetTotals {
  const totals: BudgetTotals = { limitMinor: 0, carryMinor: 0, spentMinor: 0, leftMinor: 0 };
  for (const item of items) {
    totals.limitMinor += item.limitMinor;
    totals.carryMinor += item.carryMinor;
    totals.spentMinor += item.spentMinor;
    totals.leftMinor += item.availableMinor;
  }
  return totals;
}

/** Every budgeted category in one month and the month's totals ("Left to spend"). */
export function monthBudget(
  rows: readonly BudgetLimitEntry[],
  month: MonthKey,
  spent: SpendingLookup,
): { categories: CategoryBudgetMonth[]; totals: BudgetTotals } {
  const categories = [...plansByCategory(rows).values()].flatMap((plan) => categoryMonths(plan, month, month, spent));
  return { categories, totals: budgetTotals(categories) };
}

/** Every budgeted category in every month of a range, oldest month first: budget against actual. */
export function budgetHistory(
  rows: readonly BudgetLimitEntry[],
  from: MonthKey,
  to: MonthKey,
  spent: SpendingLookup,
): CategoryBudgetMonth[] {
  return [...plansByCategory(rows).values()]
    .flatMap((plan) => categoryMonths(plan, from, to, spent))
    .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
}

/** Spending went past what the month made available (its limit and what was carried in). */
export function hasPassedBudget(item: CategoryBudgetMonth): boolean {
  return item.spentMinor > 0 && item.availableMinor < 0;
}

/** How far a bar fills: spent against what was available before spending; full once passed. */
export function budgetProgress(item: Pick<CategoryBudgetMonth, "limitMinor" | "carryMinor" | "spentMinor">): number {
  const budget = item.limitMinor + item.carryMinor;
  if (budget <= 0) return item.spentMinor > 0 ? 1 : 0;
  return Math.min(1, Math.max(0, item.spentMinor / budget));
}
