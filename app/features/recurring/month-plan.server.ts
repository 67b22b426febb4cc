import { addMonths, type IsoDate, type MonthKey } from "~/domain/periods";
import { isCalendarMonth, payPeriod, payPeriodMonthOf } from "~/domain/pay-periods";
import { safeToSpend } from "~/domain/safe-to-spend";
import { readMonthTotals, readPeriodTotals } from "~/features/entries/dashboard.server";
import { monthBudgets } from "~/features/budgets/budgets.server";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { upcomingForMonth } from "./recurring.server";

/**
 * The dashboard's month planned: each budgeted category with Left to spend, and, for this month and the ones ahead,
 * Safe to spend with its parts. A handful of indexed queries whatever the size of the history (month_total rows,
 * budget_limit rows, the household's recurring series). A household whose month starts on its payday (decision 0021)
 * plans the pay period: its spending and income are summed from its entries, its bills are those due in it.
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
  const access = await requireHouseholdAccess({ userId, householdId });
  const startDay = access.household.monthStartDay;
  const calendar = isCalendarMonth(startDay);
  // A month that is over has nothing left to plan: Safe to spend is for this month and the ones ahead.
  const planAhead = month >= payPeriodMonthOf(today, startDay);
  const periodRows = calendar ? null : await readPeriodTotals({ householdId, month, ...payPeriod(month, startDay) });
  const spentInMonth = periodRows ? new Map<string, number>() : undefined;
  for (const row of periodRows ?? [])
    if (row.kind === "expense")
      spentInMonth?.set(row.categoryId, (spentInMonth.get(row.categoryId) ?? 0) + row.totalMinor);
  const [budgets, upcoming, totals] = await Promise.all([
    monthBudgets({ userId, householdId, month, spentInMonth }),
    planAhead ? upcomingForMonth({ userId, householdId, month, today, monthStartDay: startDay }) : null,
    !planAhead ? [] : (periodRows ?? readMonthTotals({ householdId, from: month, to: addMonths(month, 1) })),
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
          billsBeforeNextIncomeMinor: upcoming.totals.billsBeforeNextIncomeMinor,
        }),
        upcomingCount: upcoming.upcoming.length + upcoming.beforeNextIncome.length,
      }
    : null;
  return { budgets: { categories: budgets.categories, totals: budgets.totals }, safe };
}
