import { describe, expect, it } from "vitest";
import { relativeChange, savingsRate, summarize } from "./summary";

describe("savings rate", () => {
  it("is net over income", () => {
    expect(savingsRate(300000, 225000)).toBeCloseTo(0.25);
  });
  it("is null with zero income, never NaN or infinity", () => {
    expect(savingsRate(0, 0)).toBeNull();
    expect(savingsRate(0, 5000)).toBeNull();
  });
  it("can be negative when spending beats income", () => {
    expect(savingsRate(1000, 1500)).toBeCloseTo(-0.5);
  });
});

describe("summary cards", () => {
  it("compare with the previous month and say whether the change is good", () => {
    const summary = summarize(
      { incomeMinor: 330000, expenseMinor: 200000 },
      { incomeMinor: 300000, expenseMinor: 250000 },
    );
    expect(summary.income.change).toBeCloseTo(0.1);
    expect(summary.income.changeIsGood).toBe(true);
    expect(summary.expenses.change).toBeCloseTo(-0.2);
    expect(summary.expenses.changeIsGood).toBe(true);
    expect(summary.net.value).toBe(130000);
    expect(summary.savingsRate.change).toBeCloseTo(130000 / 330000 - 50000 / 300000);
  });
  it("has no change against an empty previous month", () => {
    const summary = summarize({ incomeMinor: 1000, expenseMinor: 0 }, { incomeMinor: 0, expenseMinor: 0 });
    expect(summary.income.change).toBeNull();
    expect(summary.savingsRate.change).toBeNull();
    expect(relativeChange(5, 0)).toBeNull();
  });
});
