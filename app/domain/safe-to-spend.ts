/**
 * "Safe to spend": what the month can still give without touching a bill or a budget (money-in.md, "The month
 * planned"). Income the month brings (received and still expected) less what has been spent, the bills still to
 * come and what is left in budgets. A bill in a budgeted category is already inside that budget's remainder, so a
 * category reserves the larger of the two, never their sum. Bills due early next month, before the next income
 * arrives, are this month's money's to pay as well: they are subtracted in full (next month's budgets do not hold them).
 */
export interface SafeToSpendInput {
  incomeReceivedMinor: number;
  /** Income occurrences of recurring series still to come this month. */
  incomeExpectedMinor: number;
  /** Every expense of the month so far. */
  spentMinor: number;
  /** What each budgeted category still has (negative when overspent: that excess is already in spentMinor). */
  budgets: readonly { categoryId: string; availableMinor: number }[];
  /** Expense occurrences still to come this month. */
  upcomingBills: readonly { categoryId: string; amountMinor: number }[];
  /** Next month's bills due before its first expected income. */
  billsBeforeNextIncomeMinor: number;
}

export interface SafeToSpend {
  incomeMinor: number;
  spentMinor: number;
  billsMinor: number;
  /** Next month's bills due before the next income. */
  billsBeforeNextIncomeMinor: number;
  /** Left in budgets beyond the bills they already hold. */
  budgetsMinor: number;
  safeMinor: number;
}

export function safeToSpend(input: SafeToSpendInput): SafeToSpend {
  const billsByCategory = new Map<string, number>();
  for (const bill of input.upcomingBills)
    billsByCategory.set(bill.categoryId, (billsByCategory.get(bill.categoryId) ?? 0) + bill.amountMinor);

  let billsMinor = 0;
  for (const amount of billsByCategory.values()) billsMinor += amount;

  let budgetsMinor = 0;
  for (const budget of input.budgets) {
    const left = Math.max(0, budget.availableMinor);
    const billsInside = billsByCategory.get(budget.categoryId) ?? 0;
    budgetsMinor += Math.max(0, left - billsInside);
  }

  const incomeMinor = input.incomeReceivedMinor + input.incomeExpectedMinor;
  return {
    incomeMinor,
    spentMinor: input.spentMinor,
    billsMinor,
    billsBeforeNextIncomeMinor: input.billsBeforeNextIncomeMinor,
    budgetsMinor,
    safeMinor: incomeMinor - input.spentMinor - billsMinor - input.billsBeforeNextIncomeMinor - budgetsMinor,
  };
}
