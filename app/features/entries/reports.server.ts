import { can } from "~/domain/plans";
import { addMonths, monthRange, monthsBetween, type MonthKey } from "~/domain/periods";
import { savingsRate } from "~/domain/summary";
import { readMonthTotals, spendingByCategory } from "./dashboard.server";
import { requireHouseholdAccess } from "~/features/household/households.server";

/** The longest range a report covers: five years of months. */
export const maxReportMonths = 60;

/**
 * Income vs expenses per month, spending by category with its change against the equally long range before,
 * monthly averages and the savings-rate trend — all from month_total rows, one query for the whole report.
 */
export async function getReport({
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
  const access = await requireHouseholdAccess({ userId, householdId });
  let start = from <= to ? from : to;
  let end = from <= to ? to : from;
  if (monthsBetween(start, end) >= maxReportMonths) start = addMonths(end, 1 - maxReportMonths);
  const limited = !can(access.plan, "reports.allPeriods");
  if (limited) {
    start = currentMonth;
    end = currentMonth;
  }
  const length = monthsBetween(start, end) + 1;
  const previousStart = addMonths(start, -length);
  const rows = await readMonthTotals({ householdId, from: previousStart, to: addMonths(end, 1) });

  const months = monthRange(start, end).map((month) => {
    let incomeMinor = 0;
    let expenseMinor = 0;
    for (const row of rows) {
      if (row.month !== month) continue;
      if (row.kind === "income") incomeMinor += row.totalMinor;
      else expenseMinor += row.totalMinor;
    }
    return {
      month,
      incomeMinor,
      expenseMinor,
      netMinor: incomeMinor - expenseMinor,
      savingsRate: savingsRate(incomeMinor, expenseMinor),
    };
  });
  const incomeMinor = months.reduce((sum, month) => sum + month.incomeMinor, 0);
  const expenseMinor = months.reduce((sum, month) => sum + month.expenseMinor, 0);
  return {
    access,
    from: start,
    to: end,
    limited,
    months,
    totals: {
      incomeMinor,
      expenseMinor,
      netMinor: incomeMinor - expenseMinor,
      savingsRate: savingsRate(incomeMinor, expenseMinor),
    },
    averages: {
      incomeMinor: Math.round(incomeMinor / length),
      expenseMinor: Math.round(expenseMinor / length),
      netMinor: Math.round((incomeMinor - expenseMinor) / length),
    },
    categories: spendingByCategory(
      rows,
      (month) => month >= start && month <= end,
      (month) => month >= previousStart && month < start,
    ),
  };
}
