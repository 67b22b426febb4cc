import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { setBudget } from "~/features/budgets/budgets.server";
import { getDashboard } from "~/features/entries/dashboard.server";
import { updateHousehold } from "~/features/household/households.server";
import { setPersonalPrivacy } from "~/features/sharing/invitations.server";
import { parseRecurringForm } from "./recurring.schema";
import { confirmOccurrence, createRecurring } from "./recurring.server";
import { monthPlan } from "./month-plan.server";

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const housing = builtInCategory("housing").id;
const salary = builtInCategory("salary").id;

async function series(userId: string, householdId: string, values: Record<string, string>) {
  const parsed = parseRecurringForm(
    { kind: "expense", categoryId: housing, frequency: "monthly", startsOn: "2026-01-01", ...values },
    "en",
  );
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  const created = await createRecurring({ userId, householdId, input: parsed.value });
  if (!created.ok) throw new Error(JSON.stringify(created.fieldErrors));
  return created.recurringId;
}

/**
 * Sanne and Pieter are paid on the 25th. Pieter's salary and rent are series; Sanne keeps her personal spending to
 * category totals. Today is Saturday 28 November 2026.
 */
async function paidOnThe25th() {
  const { owner, household } = await seedHousehold();
  const householdId = household.id;
  await seedPremium(householdId);
  const partner = await seedUser({ name: "Sanne" });
  await addPartner({ householdId, userId: partner.id });
  await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });
  const at = { userId: owner.id, householdId };
  await updateHousehold({ ...at, name: household.name, monthStartDay: 25 });

  const rent = await series(owner.id, householdId, { amount: "950", description: "Rent", day: "1" });
  const pay = await series(owner.id, householdId, {
    kind: "income",
    amount: "3200",
    description: "Salary",
    day: "25",
    categoryId: salary,
  });
  await confirmOccurrence({ ...at, recurringId: pay, dueOn: "2026-10-25" });
  await confirmOccurrence({ ...at, recurringId: rent, dueOn: "2026-11-01" });
  await confirmOccurrence({ ...at, recurringId: pay, dueOn: "2026-11-25" });
  await seedTransactions({
    householdId,
    userId: owner.id,
    entries: [
      // The day before payday: October's period.
      { kind: "expense", category: "groceries", amountMinor: 10_000, occurredOn: "2026-11-24", description: "Market" },
      // Payday: November's.
      { kind: "expense", category: "groceries", amountMinor: 20_000, occurredOn: "2026-11-25", description: "Shop" },
      // December's period.
      { kind: "expense", category: "eatingOut", amountMinor: 7_000, occurredOn: "2026-12-26", description: "Dinner" },
    ],
  });
  await seedTransactions({
    householdId,
    userId: partner.id,
    entries: [
      {
        kind: "expense",
        category: "health",
        amountMinor: 5_000,
        occurredOn: "2026-11-26",
        description: "Therapist",
        memberUserId: partner.id,
      },
    ],
  });
  await setBudget({
    ...at,
    fields: { categoryId: groceries, month: "2026-10", limitMinor: 25_000, scope: "repeat", rollover: false },
  });
  return { ...at, household };
}

const today = "2026-11-28";

describe("a month that starts on payday", () => {
  it("the dashboard sums the pay period: 24 November is October's, 25 November November's", async () => {
    const at = await paidOnThe25th();
    const november = await getDashboard({ ...at, month: "2026-11", period: "monthly", today });
    expect(november.days).toEqual({ from: "2026-11-25", to: "2026-12-25" });
    expect(november.currentMonth).toBe("2026-11");
    expect(november.summary.income.value).toBe(320_000);
    // Sanne's hidden therapist counts in the household's total, as month_total counts it.
    expect(november.summary.expenses.value).toBe(20_000 + 5_000);
    expect(november.categories.map((item) => [item.categoryId, item.totalMinor])).toEqual([
      [groceries, 20_000],
      [builtInCategory("health").id, 5_000],
    ]);
    // …and is never listed.
    expect(november.recent.map((item) => item.description)).toEqual(["Shop", "Salary"]);
    // The fourth day of the period is compared with the first four of October's: 25–28 October, the salary.
    expect(november.comparedWith).toEqual({ from: "2026-10-25", through: "2026-10-28" });
    expect(november.summary.income.change).toBeCloseTo(320_000 / 320_000 - 1);

    const october = await getDashboard({ ...at, month: "2026-10", period: "monthly", today });
    expect(october.days).toEqual({ from: "2026-10-25", to: "2026-11-25" });
    expect(october.comparedWith).toBeNull();
    expect(october.summary.income.value).toBe(320_000);
    expect(october.summary.expenses.value).toBe(95_000 + 10_000);
    expect(october.recent.map((item) => item.description)).toEqual(["Market", "Rent", "Salary"]);

    // The chart stays by calendar month.
    const chartNovember = november.chart.find((point) => point.key === "2026-11");
    expect(chartNovember).toMatchObject({ incomeMinor: 320_000, expenseMinor: 95_000 + 10_000 + 20_000 + 5_000 });
  });

  it("Left to spend and Safe to spend follow the pay period", async () => {
    const at = await paidOnThe25th();
    const plan = await monthPlan({ ...at, month: "2026-11", today });
    // The budget's limit against the period's groceries (25 November), not the calendar month's (24 and 25).
    expect(plan.budgets.categories).toMatchObject([
      { categoryId: groceries, spentMinor: 20_000, availableMinor: 5_000 },
    ]);
    expect(plan.safe?.figures).toEqual({
      incomeMinor: 320_000,
      spentMinor: 25_000,
      // December 1's rent falls in November's period.
      billsMinor: 95_000,
      billsBeforeNextIncomeMinor: 0,
      budgetsMinor: 5_000,
      safeMinor: 320_000 - 25_000 - 95_000 - 5_000,
    });
    expect(plan.safe?.upcomingCount).toBe(1);

    // October's period has ended (today is in November's): no Safe to spend, its budget against its own days.
    const october = await monthPlan({ ...at, month: "2026-10", today });
    expect(october.safe).toBeNull();
    expect(october.budgets.categories).toMatchObject([{ categoryId: groceries, spentMinor: 10_000 }]);
    // On 22 November October's period is still in progress and planned: its salary, its rent, its groceries so far.
    const before = await monthPlan({ ...at, month: "2026-10", today: "2026-11-22" });
    expect(before.safe?.figures).toMatchObject({ incomeMinor: 320_000, spentMinor: 95_000 + 10_000, billsMinor: 0 });
  });

  it("day 1 is the calendar month, exactly as before", async () => {
    const at = await paidOnThe25th();
    await updateHousehold({ ...at, name: at.household.name, monthStartDay: 1 });
    const november = await getDashboard({ ...at, month: "2026-11", period: "monthly", today });
    expect(november.days).toEqual({ from: "2026-11-01", to: "2026-12-01" });
    expect(november.summary.expenses.value).toBe(95_000 + 10_000 + 20_000 + 5_000);
    expect(november.comparedWith).toEqual({ from: "2026-10-01", through: "2026-10-28" });
    const plan = await monthPlan({ ...at, month: "2026-11", today });
    expect(plan.budgets.categories).toMatchObject([{ categoryId: groceries, spentMinor: 30_000 }]);
    expect(plan.safe?.figures.spentMinor).toBe(95_000 + 10_000 + 20_000 + 5_000);
    // Leaving the day out of the form keeps it.
    await updateHousehold({ ...at, name: "Renamed" });
    expect((await getDashboard({ ...at, month: "2026-11", period: "monthly", today })).days.from).toBe("2026-11-01");
  });
});
