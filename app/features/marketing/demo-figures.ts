/** The hard-coded sample month the dashboard demo and the home preview show (integer euro cents). */
export const demoMonth = {
  incomeCents: 425_000,
  expensesCents: 298_040,
  trends: { income: 0.082, expenses: -0.031, net: 0.124, savingsRate: 0.023 },
  goal: { savedCents: 320_000, targetCents: 500_000 },
  /** Income and expenses of the last six months, for the little preview chart (euro). */
  history: [
    { income: 3900, expenses: 3350 },
    { income: 3950, expenses: 3100 },
    { income: 4100, expenses: 3420 },
    { income: 3930, expenses: 2890 },
    { income: 4050, expenses: 3075 },
    { income: 4250, expenses: 2980 },
  ],
} as const;

export const demoNetCents = demoMonth.incomeCents - demoMonth.expensesCents;
export const demoSavingsRate = demoNetCents / demoMonth.incomeCents;
export const demoGoalRatio = demoMonth.goal.savedCents / demoMonth.goal.targetCents;
