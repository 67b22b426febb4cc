import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  budgetHistory,
  budgetProgress,
  carryStart,
  effectiveLimit,
  hasPassedBudget,
  monthBudget,
  plansByCategory,
  type BudgetLimitEntry,
  type SpendingLookup,
} from "./budgets";
import { addMonths, monthRange } from "./periods";

const groceries = "groceries";
const eatingOut = "eating-out";

const repeat = (
  month: string,
  limitMinor: number | null,
  rollover = false,
  categoryId = groceries,
): BudgetLimitEntry => ({ categoryId, month, scope: "repeat", limitMinor, rollover });
const only = (month: string, limitMinor: number | null, categoryId = groceries): BudgetLimitEntry => ({
  categoryId,
  month,
  scope: "month",
  limitMinor,
  rollover: false,
});

function spending(table: Record<string, number>): SpendingLookup {
  return (categoryId, month) => table[`${categoryId}:${month}`] ?? 0;
}

function plan(rows: BudgetLimitEntry[], categoryId = groceries) {
  const found = plansByCategory(rows).get(categoryId);
  if (!found) throw new Error("no plan");
  return found;
}

describe("effective limit", () => {
  const rows = [
    repeat("2025-01", 40000),
    repeat("2025-04", 45000, true),
    only("2025-06", 60000),
    repeat("2025-09", null),
    only("2025-10", 5000),
  ];

  it("repeats a limit until the next repeat row, and an override holds for its month only", () => {
    const groceriesPlan = plan(rows);
    expect(effectiveLimit(groceriesPlan, "2024-12")).toBeNull();
    expect(effectiveLimit(groceriesPlan, "2025-01")).toEqual({ limitMinor: 40000, rollover: false, source: "repeat" });
    expect(effectiveLimit(groceriesPlan, "2025-03")).toEqual({ limitMinor: 40000, rollover: false, source: "repeat" });
    expect(effectiveLimit(groceriesPlan, "2025-05")).toEqual({ limitMinor: 45000, rollover: true, source: "repeat" });
    expect(effectiveLimit(groceriesPlan, "2025-06")).toEqual({ limitMinor: 60000, rollover: true, source: "month" });
    expect(effectiveLimit(groceriesPlan, "2025-07")).toEqual({ limitMinor: 45000, rollover: true, source: "repeat" });
  });

  it("a repeat row without a limit stops the budget; an override in a stopped month budgets that month alone", () => {
    const groceriesPlan = plan(rows);
    expect(effectiveLimit(groceriesPlan, "2025-09")).toBeNull();
    expect(effectiveLimit(groceriesPlan, "2025-10")).toEqual({ limitMinor: 5000, rollover: false, source: "month" });
    expect(effectiveLimit(groceriesPlan, "2026-03")).toBeNull();
  });

  it("takes rows in any order", () => {
    expect(effectiveLimit(plan([...rows].reverse()), "2025-05")).toEqual({
      limitMinor: 45000,
      rollover: true,
      source: "repeat",
    });
  });
});

describe("rollover", () => {
  it("carries what is left into the next month, and overspending as a negative amount", () => {
    const rows = [repeat("2025-01", 40000, true)];
    const spent = spending({ "groceries:2025-01": 30000, "groceries:2025-02": 55000, "groceries:2025-03": 10000 });
    const [january, february, march, april] = budgetHistory(rows, "2025-01", "2025-04", spent);
    expect(january).toMatchObject({ carryMinor: 0, availableMinor: 10000 });
    expect(february).toMatchObject({ carryMinor: 10000, spentMinor: 55000, availableMinor: -5000 });
    expect(march).toMatchObject({ carryMinor: -5000, availableMinor: 25000 });
    // A month without spending counts: all of it carries.
    expect(april).toMatchObject({ carryMinor: 25000, spentMinor: 0, availableMinor: 65000 });
  });

  it("starts at the first budgeted month and works across a year boundary", () => {
    const rows = [repeat("2025-11", 20000, true)];
    const spent = spending({ "groceries:2025-10": 99999, "groceries:2025-11": 25000, "groceries:2025-12": 5000 });
    const { categories } = monthBudget(rows, "2026-01", spent);
    // October's spending came before the budget: it never counts. November −5,000; December +15,000.
    expect(categories).toEqual([
      {
        categoryId: groceries,
        month: "2026-01",
        limitMinor: 20000,
        carryMinor: 10000,
        spentMinor: 0,
        availableMinor: 30000,
        rollover: true,
        source: "repeat",
      },
    ]);
  });

  it("carries nothing without rollover, and a month with rollover off ends the chain", () => {
    const rows = [repeat("2025-01", 10000, true), repeat("2025-03", 10000, false), repeat("2025-04", 10000, true)];
    const history = budgetHistory(
      rows,
      "2025-01",
      "2025-05",
      spending({ "groceries:2025-01": 2000, "groceries:2025-03": 1000, "groceries:2025-04": 4000 }),
    );
    expect(history.map((item) => item.carryMinor)).toEqual([0, 8000, 18000, 0, 6000]);
  });

  it("stopping a budget resets the carry; a restarted budget starts afresh", () => {
    const rows = [repeat("2025-01", 10000, true), repeat("2025-03", null), repeat("2025-05", 10000, true)];
    const history = budgetHistory(rows, "2025-01", "2025-06", spending({}));
    expect(history.map((item) => [item.month, item.carryMinor])).toEqual([
      ["2025-01", 0],
      ["2025-02", 10000],
      ["2025-05", 0],
      ["2025-06", 10000],
    ]);
  });

  it("an override month takes part in the chain with its own amount", () => {
    const rows = [repeat("2025-01", 10000, true), only("2025-02", 30000)];
    const history = budgetHistory(rows, "2025-01", "2025-03", spending({ "groceries:2025-02": 35000 }));
    expect(history.map((item) => [item.limitMinor, item.carryMinor, item.availableMinor])).toEqual([
      [10000, 0, 10000],
      [30000, 10000, 5000],
      [10000, 5000, 15000],
    ]);
  });

  it("looks back only as far as the chain of rolled-over months", () => {
    const rows = [repeat("2024-01", 1000), repeat("2025-01", 1000, true)];
    expect(carryStart(plan(rows), "2025-06")).toBe("2025-01");
    expect(carryStart(plan(rows), "2024-06")).toBe("2024-06");
  });

  it("a month's carry is the sum of what every earlier month of the chain left (property)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 30 }),
        fc.integer({ min: 0, max: 100_000 }),
        (amounts, limit) => {
          const months = monthRange("2024-11", addMonths("2024-11", amounts.length - 1));
          const table = Object.fromEntries(months.map((month, index) => [`groceries:${month}`, amounts[index] ?? 0]));
          const history = budgetHistory(
            [repeat("2024-11", limit, true)],
            "2024-11",
            months.at(-1) as string,
            spending(table),
          );
          history.forEach((item, index) => {
            const before = amounts.slice(0, index).reduce((sum, amount) => sum + (limit - amount), 0);
            expect(item.carryMinor).toBe(before);
            expect(item.availableMinor).toBe(before + limit - (amounts[index] ?? 0));
          });
        },
      ),
    );
  });
});

describe("the month's totals", () => {
  it("left to spend is the sum of what each budgeted category has available, overspending included", () => {
    const rows = [repeat("2025-01", 40000, false, groceries), repeat("2025-01", 10000, false, eatingOut)];
    const { categories, totals } = monthBudget(
      rows,
      "2025-03",
      spending({ "groceries:2025-03": 12000, "eating-out:2025-03": 16000 }),
    );
    expect(categories).toHaveLength(2);
    expect(totals).toEqual({ limitMinor: 50000, carryMinor: 0, spentMinor: 28000, leftMinor: 22000 });
    const overspent = categories.find((item) => item.categoryId === eatingOut);
    expect(overspent && hasPassedBudget(overspent)).toBe(true);
  });

  it("has no categories and zero totals without budgets", () => {
    expect(monthBudget([], "2025-03", spending({ "groceries:2025-03": 500 }))).toEqual({
      categories: [],
      totals: { limitMinor: 0, carryMinor: 0, spentMinor: 0, leftMinor: 0 },
    });
  });
});

describe("passing and progress", () => {
  const item = (limitMinor: number, carryMinor: number, spentMinor: number) => ({
    categoryId: groceries,
    month: "2025-03",
    limitMinor,
    carryMinor,
    spentMinor,
    availableMinor: limitMinor + carryMinor - spentMinor,
    rollover: carryMinor !== 0,
    source: "repeat" as const,
  });

  it("a budget is passed once spending goes beyond what was available, not when it is met exactly", () => {
    expect(hasPassedBudget(item(10000, 0, 10000))).toBe(false);
    expect(hasPassedBudget(item(10000, 0, 10001))).toBe(true);
    expect(hasPassedBudget(item(10000, 5000, 12000))).toBe(false);
    expect(hasPassedBudget(item(0, 0, 1))).toBe(true);
    // Overspending carried in is last month's news: nothing spent yet this month.
    expect(hasPassedBudget(item(1000, -5000, 0))).toBe(false);
  });

  it("fills the bar against limit plus carry, full once passed or when nothing was available", () => {
    expect(budgetProgress(item(10000, 0, 2500))).toBe(0.25);
    expect(budgetProgress(item(10000, 10000, 5000))).toBe(0.25);
    expect(budgetProgress(item(10000, 0, 20000))).toBe(1);
    expect(budgetProgress(item(0, 0, 0))).toBe(0);
    expect(budgetProgress(item(1000, -2000, 1))).toBe(1);
  });
});
