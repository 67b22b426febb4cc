/** Share of income kept: (income − expenses) ÷ income. No income → null, shown as "—" (never NaN or infinity). */
export function savingsRate(incomeMinor: number, expenseMinor: number): number | null {
  if (incomeMinor <= 0) return null;
  return (incomeMinor - expenseMinor) / incomeMinor;
}

/** Relative change from `previous` to `current` (0.1 = +10 %); null when there is nothing to compare with. */
export function relativeChange(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

/** Change of a rate in percentage points (0.25 → 0.30 is +0.05); null when either side has no rate. */
export function pointChange(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  return current - previous;
}

export interface MonthFigures {
  incomeMinor: number;
  expenseMinor: number;
}

export interface SummaryCard {
  value: number | null;
  change: number | null;
  /** Whether the change is good news for the household (more income, fewer expenses). */
  changeIsGood: boolean | null;
}

/** The four dashboard cards for a month against the month before. */
export function summarize(current: MonthFigures, previous: MonthFigures) {
  const net = current.incomeMinor - current.expenseMinor;
  const previousNet = previous.incomeMinor - previous.expenseMinor;
  const rate = savingsRate(current.incomeMinor, current.expenseMinor);
  const previousRate = savingsRate(previous.incomeMinor, previous.expenseMinor);
  const incomeChange = relativeChange(current.incomeMinor, previous.incomeMinor);
  const expenseChange = relativeChange(current.expenseMinor, previous.expenseMinor);
  const netChange = relativeChange(net, previousNet);
  const rateChange = pointChange(rate, previousRate);
  const good = (change: number | null, higherIsBetter: boolean) =>
    change === null || change === 0 ? null : change > 0 === higherIsBetter;
  return {
    income: { value: current.incomeMinor, change: incomeChange, changeIsGood: good(incomeChange, true) },
    expenses: { value: current.expenseMinor, change: expenseChange, changeIsGood: good(expenseChange, false) },
    net: { value: net, change: netChange, changeIsGood: good(netChange, true) },
    savingsRate: { value: rate, change: rateChange, changeIsGood: good(rateChange, true) },
  } satisfies Record<string, SummaryCard>;
}

export type Summary = ReturnType<typeof summarize>;
