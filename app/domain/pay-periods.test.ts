import { describe, expect, it } from "vitest";
import { isMonthStartDay, payPeriod, payPeriodMonthOf, sameDaysOfPreviousPeriod } from "./pay-periods";
import { sameDaysOfPreviousMonth } from "./periods";

describe("pay periods", () => {
  it("payday 25: November's period runs from 25 November to 24 December", () => {
    expect(payPeriod("2026-11", 25)).toEqual({ from: "2026-11-25", to: "2026-12-25" });
    // Across the year's end.
    expect(payPeriod("2026-12", 25)).toEqual({ from: "2026-12-25", to: "2027-01-25" });
  });

  it("covers months of 28, 29, 30 and 31 days, every day once", () => {
    expect(payPeriod("2026-01", 25)).toEqual({ from: "2026-01-25", to: "2026-02-25" });
    expect(payPeriod("2026-02", 25)).toEqual({ from: "2026-02-25", to: "2026-03-25" });
    expect(payPeriod("2024-02", 25)).toEqual({ from: "2024-02-25", to: "2024-03-25" });
    expect(payPeriod("2026-04", 25)).toEqual({ from: "2026-04-25", to: "2026-05-25" });
    // Consecutive periods meet: one ends where the next begins.
    expect(payPeriod("2026-03", 25).to).toBe(payPeriod("2026-04", 25).from);
  });

  it("payday 28 exists in February, leap year or not", () => {
    expect(payPeriod("2026-02", 28)).toEqual({ from: "2026-02-28", to: "2026-03-28" });
    expect(payPeriod("2024-02", 28)).toEqual({ from: "2024-02-28", to: "2024-03-28" });
    expect(payPeriod("2026-01", 28)).toEqual({ from: "2026-01-28", to: "2026-02-28" });
    expect(payPeriodMonthOf("2024-02-29", 28)).toBe("2024-02");
    expect(payPeriodMonthOf("2026-03-27", 28)).toBe("2026-02");
  });

  it("today before payday is in the previous month's period, on or after it in this month's", () => {
    expect(payPeriodMonthOf("2026-11-28", 25)).toBe("2026-11");
    expect(payPeriodMonthOf("2026-11-25", 25)).toBe("2026-11");
    expect(payPeriodMonthOf("2026-11-24", 25)).toBe("2026-10");
    expect(payPeriodMonthOf("2026-11-20", 25)).toBe("2026-10");
    expect(payPeriodMonthOf("2027-01-03", 25)).toBe("2026-12");
  });

  it("day 1 is the calendar month, as before", () => {
    expect(payPeriod("2026-11", 1)).toEqual({ from: "2026-11-01", to: "2026-12-01" });
    expect(payPeriodMonthOf("2026-11-01", 1)).toBe("2026-11");
    expect(payPeriodMonthOf("2026-11-30", 1)).toBe("2026-11");
    for (const [month, today] of [
      ["2026-11", "2026-11-23"],
      ["2026-03", "2026-03-29"],
      ["2026-10", "2026-11-23"],
    ] as const)
      expect(sameDaysOfPreviousPeriod(month, 1, today)).toEqual(sameDaysOfPreviousMonth(month, today));
  });

  it("a period in progress is compared with as many days of the previous one", () => {
    // 28 November is the period's fourth day: 25–28 October.
    expect(sameDaysOfPreviousPeriod("2026-11", 25, "2026-11-28")).toEqual({
      from: "2026-10-25",
      through: "2026-10-28",
    });
    // A period that has ended or not begun is compared whole.
    expect(sameDaysOfPreviousPeriod("2026-10", 25, "2026-11-28")).toBeNull();
    expect(sameDaysOfPreviousPeriod("2026-11", 25, "2026-11-20")).toBeNull();
    // February's period (28 days) on its last day against January's (31): still a part of January's.
    expect(sameDaysOfPreviousPeriod("2026-02", 25, "2026-03-24")).toEqual({
      from: "2026-01-25",
      through: "2026-02-21",
    });
    // March's 31st day against February's 28: the whole of February's period.
    expect(sameDaysOfPreviousPeriod("2026-03", 25, "2026-04-24")).toBeNull();
  });

  it("accepts the days 1 to 28 only", () => {
    expect([1, 25, 28].every(isMonthStartDay)).toBe(true);
    expect([0, 29, 31, 2.5, "25", null].some(isMonthStartDay)).toBe(false);
  });
});
