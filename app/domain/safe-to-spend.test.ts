import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { safeToSpend } from "./safe-to-spend";

describe("safe to spend", () => {
  it("is income received and expected, less spending, bills to come and what budgets still hold", () => {
    const result = safeToSpend({
      incomeReceivedMinor: 0,
      incomeExpectedMinor: 300_000,
      spentMinor: 40_000,
      budgets: [
        { categoryId: "groceries", availableMinor: 35_000 },
        { categoryId: "fun", availableMinor: 10_000 },
      ],
      upcomingBills: [{ categoryId: "housing", amountMinor: 115_000 }],
      billsBeforeNextIncomeMinor: 0,
    });
    expect(result).toEqual({
      incomeMinor: 300_000,
      spentMinor: 40_000,
      billsMinor: 115_000,
      billsBeforeNextIncomeMinor: 0,
      budgetsMinor: 45_000,
      safeMinor: 100_000,
    });
  });

  it("does not count a bill twice when its category has a budget: the category holds the larger of the two", () => {
    const base = { incomeReceivedMinor: 200_000, incomeExpectedMinor: 0, spentMinor: 0, billsBeforeNextIncomeMinor: 0 };
    const billInside = safeToSpend({
      ...base,
      budgets: [{ categoryId: "housing", availableMinor: 120_000 }],
      upcomingBills: [{ categoryId: "housing", amountMinor: 115_000 }],
    });
    expect(billInside.billsMinor + billInside.budgetsMinor).toBe(120_000);
    const billLarger = safeToSpend({
      ...base,
      budgets: [{ categoryId: "housing", availableMinor: 50_000 }],
      upcomingBills: [{ categoryId: "housing", amountMinor: 115_000 }],
    });
    expect(billLarger.billsMinor + billLarger.budgetsMinor).toBe(115_000);
  });

  it("an overspent budget reserves nothing more: its excess is already spent", () => {
    const result = safeToSpend({
      incomeReceivedMinor: 100_000,
      incomeExpectedMinor: 0,
      spentMinor: 30_000,
      budgets: [{ categoryId: "fun", availableMinor: -5_000 }],
      upcomingBills: [],
      billsBeforeNextIncomeMinor: 0,
    });
    expect(result.budgetsMinor).toBe(0);
    expect(result.safeMinor).toBe(70_000);
  });

  it("takes next month's bills due before the next income in full, even where a budget has room", () => {
    const result = safeToSpend({
      incomeReceivedMinor: 250_000,
      incomeExpectedMinor: 0,
      spentMinor: 200_000,
      budgets: [{ categoryId: "housing", availableMinor: 120_000 }],
      upcomingBills: [],
      billsBeforeNextIncomeMinor: 115_000,
    });
    expect(result.billsBeforeNextIncomeMinor).toBe(115_000);
    expect(result.safeMinor).toBe(250_000 - 200_000 - 115_000 - 120_000);
  });

  it("always adds up: safe = income − spent − bills − budgets, and more income never lowers it (property)", () => {
    const category = fc.constantFrom("a", "b", "c", "d");
    const input = fc.record({
      incomeReceivedMinor: fc.nat(10_000_000),
      incomeExpectedMinor: fc.nat(10_000_000),
      spentMinor: fc.nat(10_000_000),
      budgets: fc.uniqueArray(
        fc.record({ categoryId: category, availableMinor: fc.integer({ min: -1_000_000, max: 1_000_000 }) }),
        { selector: (budget) => budget.categoryId },
      ),
      upcomingBills: fc.array(fc.record({ categoryId: category, amountMinor: fc.integer({ min: 1, max: 1_000_000 }) })),
      billsBeforeNextIncomeMinor: fc.nat(1_000_000),
    });
    fc.assert(
      fc.property(input, fc.nat(1_000_000), (value, extra) => {
        const result = safeToSpend(value);
        expect(result.safeMinor).toBe(
          result.incomeMinor -
            result.spentMinor -
            result.billsMinor -
            result.billsBeforeNextIncomeMinor -
            result.budgetsMinor,
        );
        expect(result.budgetsMinor).toBeGreaterThanOrEqual(0);
        expect(safeToSpend({ ...value, incomeExpectedMinor: value.incomeExpectedMinor + extra }).safeMinor).toBe(
          result.safeMinor + extra,
        );
      }),
    );
  });
});
