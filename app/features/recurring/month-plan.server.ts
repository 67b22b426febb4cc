import { addMonths, monthOf, type IsoDate, type MonthKey } from "~/domain/periods";
import { safeToSpend } from "~/domain/safe-to-spend";
import { readMonthTotals } from "~/features/entries/dashboard.server";
import { monthBudgets } from "~/features/budgets/budgets.server";
import { upcomingForMonth } from "./recurring.server";

/**
 * The dashboard's month planned: each budgeted category with Left to spend, and, for this month and the ones ahead,
 * Safe to spend with its parts. A handful of indexed queries whatever the size of the history (month_total rows,
 * budget_limit rows, the household's recurring series).
 */
export async function monthPlan({
  userId,
  householdId,
  month,
  today,
}: {
  userId: string;
  householdId: string;
  month: MonthKey;
  today: IsoDate;
}) {
  // A month that is over has nothing left to plan: Safe to spend is for this month and the ones ahead.
  const planAhead = month >= monthOf(today);
  const [budgets, upcoming, totals] = await Promise.all([
    monthBudgets({ userId, householdId, month }),
    planAhead ? upcomingForMonth({ userId, householdId, month, today }) : null,
    planAhead ? readMonthTotals({ householdId, from: month, to: addMonths(month, 1) }) : [],
  ]);
  const sum = (kind: "income" | "expense") =>
    totals.filter((row) => row.kind === kind).reduce((total, row) => total + row.totalMinor, 0);
  const safe = upcoming
    ? {
        figures: safeToSpend({
          incomeReceivedMinor: sum("income"),
          incomeExpectedMinor: upcoming.totals.expectedIncomeMinor,
          spentMinor: sum("expense"),
          budgets: budgets.categories.map(({ categoryId, availableMinor }) => ({ categoryId, availableMinor })),
          upcomingBills: upcoming.upcoming
            .filter((item) => item.kind === "expense")
            .map(({ categoryId, amountMinor }) => ({ categoryId, amountMinor })),
        }),
        upcomingCount: upcoming.upcoming.length,
      }
    : null;
  return { budgets: { categories: budgets.categories, totals: budgets.totals }, safe };
}
