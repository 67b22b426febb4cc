import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import {
  addPartner,
  seedGoal,
  seedHousehold,
  seedTransactions,
  seedUser,
  type SeedEntry,
} from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { getDashboard } from "./dashboard.server";
import { getReport } from "./reports.server";

useTestDatabase();

const entries: SeedEntry[] = [
  // February 2025
  { kind: "income", category: "salary", amountMinor: 300000, occurredOn: "2025-02-25" },
  { kind: "expense", category: "housing", amountMinor: 120000, occurredOn: "2025-02-01" },
  { kind: "expense", category: "groceries", amountMinor: 30000, occurredOn: "2025-02-10" },
  // March 2025: two ISO weeks matter: Mon 3 – Sun 9 and Mon 10 – Sun 16
  { kind: "income", category: "salary", amountMinor: 330000, occurredOn: "2025-03-09" },
  { kind: "expense", category: "housing", amountMinor: 120000, occurredOn: "2025-03-03" },
  { kind: "expense", category: "groceries", amountMinor: 20000, occurredOn: "2025-03-09" },
  { kind: "expense", category: "groceries", amountMinor: 5000, occurredOn: "2025-03-10" },
  { kind: "expense", category: "eatingOut", amountMinor: 6000, occurredOn: "2025-03-16" },
  // Earlier years
  { kind: "income", category: "salary", amountMinor: 100000, occurredOn: "2023-06-30" },
  { kind: "expense", category: "other", amountMinor: 50000, occurredOn: "2021-01-01" },
  { kind: "expense", category: "other", amountMinor: 70000, occurredOn: "2020-12-31" },
];

async function household() {
  const seeded = await seedHousehold();
  await seedTransactions({ householdId: seeded.household.id, entries });
  // Reports over any range are a premium feature; the free plan's current-month report is covered in app/features/billing.
  await seedPremium(seeded.household.id);
  return seeded;
}

describe("dashboard", () => {
  it("computes the four cards for the month with the change against the previous one", async () => {
    const { owner, household: home } = await household();
    // A month that has ended is compared with the whole previous month.
    const dashboard = await getDashboard({
      userId: owner.id,
      householdId: home.id,
      month: "2025-03",
      period: "monthly",
      today: "2025-04-02",
    });
    expect(dashboard.comparedWith).toBeNull();
    expect(dashboard.isEmpty).toBe(false);
    expect(dashboard.summary.income).toMatchObject({ value: 330000, changeIsGood: true });
    expect(dashboard.summary.income.change).toBeCloseTo(0.1);
    expect(dashboard.summary.expenses.value).toBe(151000);
    expect(dashboard.summary.net.value).toBe(179000);
    expect(dashboard.summary.savingsRate.value).toBeCloseTo(179000 / 330000);
    expect(dashboard.summary.savingsRate.change).toBeCloseTo(179000 / 330000 - 150000 / 300000);
  });

  it("shows no savings rate (and no change) for a month without income", async () => {
    const { owner, household: home } = await household();
    const dashboard = await getDashboard({
      userId: owner.id,
      householdId: home.id,
      month: "2021-01",
      period: "monthly",
      today: "2025-03-20",
    });
    expect(dashboard.summary.income.value).toBe(0);
    expect(dashboard.summary.savingsRate).toEqual({ value: null, change: null, changeIsGood: null });
    expect(dashboard.summary.net.value).toBe(-50000);
  });

  it("aggregates the chart by calendar month: the last 12 ending with the chosen month", async () => {
    const { owner, household: home } = await household();
    const { chart } = await getDashboard({
      userId: owner.id,
      householdId: home.id,
      month: "2025-03",
      period: "monthly",
      today: "2025-03-20",
    });
    expect(chart).toHaveLength(12);
    expect(chart[0]?.key).toBe("2024-04");
    expect(chart.at(-2)).toMatchObject({ key: "2025-02", incomeMinor: 300000, expenseMinor: 150000 });
    expect(chart.at(-1)).toMatchObject({ key: "2025-03", incomeMinor: 330000, expenseMinor: 151000 });
  });

  it("aggregates by ISO week, Monday first: Sunday the 9th and Monday the 10th fall in different weeks", async () => {
    const { owner, household: home } = await household();
    const { chart } = await getDashboard({
      userId: owner.id,
      householdId: home.id,
      month: "2025-03",
      period: "weekly",
      today: "2025-03-16",
    });
    expect(chart).toHaveLength(12);
    expect(chart.at(-1)).toMatchObject({ key: "2025-03-10", incomeMinor: 0, expenseMinor: 11000 });
    expect(chart.at(-2)).toMatchObject({ key: "2025-03-03", incomeMinor: 330000, expenseMinor: 140000 });
    expect(chart.at(-4)).toMatchObject({ key: "2025-02-17", incomeMinor: 0, expenseMinor: 0 });
    expect(chart.at(-3)).toMatchObject({ key: "2025-02-24", incomeMinor: 300000, expenseMinor: 0 });
  });

  it("aggregates by calendar year: the last 5, a New Year's Eve entry stays in its year", async () => {
    const { owner, household: home } = await household();
    const { chart } = await getDashboard({
      userId: owner.id,
      householdId: home.id,
      month: "2025-03",
      period: "yearly",
      today: "2025-03-20",
    });
    expect(chart.map((point) => [point.key, point.incomeMinor, point.expenseMinor])).toEqual([
      ["2021", 0, 50000],
      ["2022", 0, 0],
      ["2023", 100000, 0],
      ["2024", 0, 0],
      ["2025", 630000, 301000],
    ]);
  });

  it("breaks spending down by category, biggest first, with the change against last month", async () => {
    const { owner, household: home } = await household();
    const { categories } = await getDashboard({
      userId: owner.id,
      householdId: home.id,
      month: "2025-03",
      period: "monthly",
      today: "2025-04-02",
    });
    expect(categories.map((item) => [item.categoryId, item.totalMinor, item.previousMinor])).toEqual([
      [builtInCategory("housing").id, 120000, 120000],
      [builtInCategory("groceries").id, 25000, 30000],
      [builtInCategory("eatingOut").id, 6000, 0],
    ]);
    expect(categories[1]?.change).toBeCloseTo(-1 / 6);
    expect(categories[2]?.change).toBeNull();
  });

  it("compares a month in progress with the same days of the previous month, the chart with whole months", async () => {
    const { owner, household: home } = await household();
    // On 20 March, February's salary (the 25th) has not come yet in the days compared: February 1–20.
    const dashboard = await getDashboard({
      userId: owner.id,
      householdId: home.id,
      month: "2025-03",
      period: "monthly",
      today: "2025-03-20",
    });
    expect(dashboard.comparedWith).toEqual({ from: "2025-02-01", through: "2025-02-20" });
    expect(dashboard.summary.income).toMatchObject({ value: 330000, change: null });
    expect(dashboard.summary.expenses.value).toBe(151000);
    expect(dashboard.summary.expenses.change).toBeCloseTo(151000 / 150000 - 1);
    expect(dashboard.categories.map((item) => [item.categoryId, item.previousMinor])).toEqual([
      [builtInCategory("housing").id, 120000],
      [builtInCategory("groceries").id, 30000],
      [builtInCategory("eatingOut").id, 0],
    ]);
    expect(dashboard.chart.at(-2)).toMatchObject({ key: "2025-02", incomeMinor: 300000, expenseMinor: 150000 });
    // On 5 March only 1–5 February counts: the rent, not the groceries of the 10th.
    const early = await getDashboard({
      userId: owner.id,
      householdId: home.id,
      month: "2025-03",
      period: "monthly",
      today: "2025-03-05",
    });
    expect(early.comparedWith).toEqual({ from: "2025-02-01", through: "2025-02-05" });
    expect(early.categories.find((item) => item.categoryId === builtInCategory("groceries").id)?.previousMinor).toBe(0);
    expect(early.categories.find((item) => item.categoryId === builtInCategory("housing").id)?.previousMinor).toBe(
      120000,
    );
  });

  it("lists the month's latest entries and the active goals; an empty household is empty", async () => {
    const { owner, household: home } = await household();
    await seedGoal({ householdId: home.id, name: "Buffer", targetMinor: 500000, savedMinor: 125000 });
    const dashboard = await getDashboard({
      userId: owner.id,
      householdId: home.id,
      month: "2025-03",
      period: "monthly",
      today: "2025-03-20",
    });
    expect(dashboard.recent.map((item) => item.occurredOn)).toEqual([
      "2025-03-16",
      "2025-03-10",
      "2025-03-09",
      "2025-03-09",
      "2025-03-03",
    ]);
    expect(dashboard.goals).toEqual([expect.objectContaining({ name: "Buffer", progress: 0.25, reached: false })]);
    const { owner: newcomer, household: fresh } = await seedHousehold();
    const empty = await getDashboard({
      userId: newcomer.id,
      householdId: fresh.id,
      month: "2025-03",
      period: "monthly",
      today: "2025-03-20",
    });
    expect(empty.isEmpty).toBe(true);
    expect(empty.summary.savingsRate.value).toBeNull();
  });

  it("a partner sees the dashboard; a stranger gets not found", async () => {
    const { household: home } = await household();
    const partner = await seedUser();
    // Partners see a household only while it is premium.
    await seedPremium(home.id);
    await addPartner({ householdId: home.id, userId: partner.id });
    const view = await getDashboard({
      userId: partner.id,
      householdId: home.id,
      month: "2025-03",
      period: "monthly",
      today: "2025-03-20",
    });
    expect(view.access.canWrite).toBe(false);
    const stranger = await seedUser();
    await expect(
      getDashboard({
        userId: stranger.id,
        householdId: home.id,
        month: "2025-03",
        period: "monthly",
        today: "2025-03-20",
      }),
    ).rejects.toMatchObject({
      code: "notFound",
    });
  });
});

describe("reports", () => {
  it("covers a chosen range with monthly averages, the savings-rate trend and category changes", async () => {
    const { owner, household: home } = await household();
    const report = await getReport({
      userId: owner.id,
      householdId: home.id,
      from: "2025-02",
      to: "2025-03",
      currentMonth: "2025-03",
    });
    expect(report.months.map((month) => [month.month, month.incomeMinor, month.expenseMinor])).toEqual([
      ["2025-02", 300000, 150000],
      ["2025-03", 330000, 151000],
    ]);
    expect(report.months[0]?.savingsRate).toBeCloseTo(0.5);
    expect(report.totals).toMatchObject({ incomeMinor: 630000, expenseMinor: 301000, netMinor: 329000 });
    expect(report.averages).toEqual({ incomeMinor: 315000, expenseMinor: 150500, netMinor: 164500 });
    // Compared with the two months before (Dec–Jan): only the housing and groceries are new.
    expect(report.categories[0]).toMatchObject({
      categoryId: builtInCategory("housing").id,
      totalMinor: 240000,
      previousMinor: 0,
      change: null,
    });
  });

  it("swaps a reversed range and gives months without income no rate", async () => {
    const { owner, household: home } = await household();
    const report = await getReport({
      userId: owner.id,
      householdId: home.id,
      from: "2021-02",
      to: "2020-12",
      currentMonth: "2025-03",
    });
    expect(report.from).toBe("2020-12");
    expect(report.months.map((month) => month.savingsRate)).toEqual([null, null, null]);
    expect(report.totals.savingsRate).toBeNull();
  });

  it("caps the range at five years", async () => {
    const { owner, household: home } = await household();
    const report = await getReport({
      userId: owner.id,
      householdId: home.id,
      from: "2000-01",
      to: "2025-03",
      currentMonth: "2025-03",
    });
    expect(report.months).toHaveLength(60);
    expect(report.from).toBe("2020-04");
  });
});
