import { describe, expect, it } from "vitest";
import { goalProgress, isGoalReached, monthlyAmountNeeded, savedAmount } from "./goals";

describe("goals", () => {
  it("caps progress at 100 %", () => {
    expect(goalProgress({ targetMinor: 1000, savedMinor: 250 })).toBe(0.25);
    expect(goalProgress({ targetMinor: 1000, savedMinor: 2000 })).toBe(1);
    expect(isGoalReached({ targetMinor: 1000, savedMinor: 1000 })).toBe(true);
  });
  it("spreads what is left over the months up to the deadline, this month included", () => {
    expect(
      monthlyAmountNeeded({ targetMinor: 120000, savedMinor: 20000, deadline: "2025-12-31" }, "2025-03-10"),
    ).toEqual({
      perMonthMinor: 10000,
      months: 10,
      overdue: false,
    });
    expect(
      monthlyAmountNeeded({ targetMinor: 1000, savedMinor: 0, deadline: "2025-03-31" }, "2025-03-10")?.months,
    ).toBe(1);
  });
  it("asks for everything now when the deadline has passed, and nothing once reached", () => {
    expect(monthlyAmountNeeded({ targetMinor: 1000, savedMinor: 400, deadline: "2025-01-31" }, "2025-03-10")).toEqual({
      perMonthMinor: 600,
      months: 1,
      overdue: true,
    });
    expect(
      monthlyAmountNeeded({ targetMinor: 1000, savedMinor: 1000, deadline: "2025-12-31" }, "2025-03-10"),
    ).toBeNull();
    expect(monthlyAmountNeeded({ targetMinor: 1000, savedMinor: 0, deadline: null }, "2025-03-10")).toBeNull();
  });
});

describe("a goal's saved amount", () => {
  const balances = new Map([
    ["savings", 420_000],
    ["overdrawn", -5_000],
  ]);

  it("is the followed account's balance, never below zero", () => {
    expect(savedAmount({ savedMinor: 10_000, accountId: "savings" }, balances)).toBe(420_000);
    expect(savedAmount({ savedMinor: 10_000, accountId: "overdrawn" }, balances)).toBe(0);
    expect(savedAmount({ savedMinor: 10_000, accountId: "gone" }, balances)).toBe(0);
  });

  it("is the money put in by hand when the goal follows no account", () => {
    expect(savedAmount({ savedMinor: 10_000, accountId: null }, balances)).toBe(10_000);
  });
});
