import { describe, expect, it } from "vitest";
import {
  addMonths,
  chartBuckets,
  daysInMonth,
  formatMonth,
  isIsoDate,
  isMonthKey,
  isoWeek,
  isoWeekStart,
  monthEnd,
  monthRange,
  todayIn,
} from "./periods";

describe("calendar months", () => {
  it("moves across year ends", () => {
    expect(addMonths("2025-01", -1)).toBe("2024-12");
    expect(addMonths("2024-12", 1)).toBe("2025-01");
    expect(addMonths("2025-03", -14)).toBe("2024-01");
  });
  it("ends a month on the first of the next (half-open)", () => {
    expect(monthEnd("2024-02")).toBe("2024-03-01");
    expect(daysInMonth("2024-02")).toBe(29);
    expect(daysInMonth("2025-02")).toBe(28);
  });
  it("lists a range oldest first", () => {
    expect(monthRange("2024-11", "2025-02")).toEqual(["2024-11", "2024-12", "2025-01", "2025-02"]);
  });
  it("validates dates and months", () => {
    expect(isIsoDate("2024-02-29")).toBe(true);
    expect(isIsoDate("2025-02-29")).toBe(false);
    expect(isIsoDate("2025-13-01")).toBe(false);
    expect(isMonthKey("2025-00")).toBe(false);
    expect(isMonthKey("2025-12")).toBe(true);
  });
  it("takes today from the reader's wall clock, not UTC", () => {
    const lateEvening = new Date("2025-01-31T23:30:00Z");
    expect(todayIn("Europe/Amsterdam", lateEvening)).toBe("2025-02-01");
    expect(todayIn("America/New_York", lateEvening)).toBe("2025-01-31");
    expect(todayIn("Not/AZone", lateEvening)).toBe("2025-01-31");
  });
});

describe("ISO weeks", () => {
  it("start on Monday", () => {
    expect(isoWeekStart("2025-03-16")).toBe("2025-03-10"); // a Sunday belongs to the week before
    expect(isoWeekStart("2025-03-10")).toBe("2025-03-10");
  });
  it("number weeks by the Thursday rule", () => {
    expect(isoWeek("2021-01-03")).toEqual({ year: 2020, week: 53 });
    expect(isoWeek("2024-12-30")).toEqual({ year: 2025, week: 1 });
    expect(isoWeek("2025-06-15")).toEqual({ year: 2025, week: 24 });
  });
});

describe("chart buckets", () => {
  it("monthly: the last 12 months ending with the anchor's month", () => {
    const buckets = chartBuckets("monthly", "2025-03-15");
    expect(buckets).toHaveLength(12);
    expect(buckets[0]).toEqual({ key: "2024-04", start: "2024-04-01", end: "2024-05-01" });
    expect(buckets[11]).toEqual({ key: "2025-03", start: "2025-03-01", end: "2025-04-01" });
  });
  it("weekly: the last 12 ISO weeks, Monday to Monday", () => {
    const buckets = chartBuckets("weekly", "2025-03-16");
    expect(buckets).toHaveLength(12);
    expect(buckets[11]).toEqual({ key: "2025-03-10", start: "2025-03-10", end: "2025-03-17" });
    expect(buckets[0]?.start).toBe("2024-12-23");
  });
  it("yearly: the last 5 calendar years", () => {
    expect(chartBuckets("yearly", "2025-03-16").map((bucket) => bucket.key)).toEqual(["2021", "2022", "2023", "2024", "2025"]);
  });
});

describe("formatting", () => {
  it("names months in the reader's language", () => {
    expect(formatMonth("2025-03", "en")).toBe("March 2025");
    expect(formatMonth("2025-03", "pl")).toBe("marzec 2025");
    expect(formatMonth("2025-03", "de")).toBe("März 2025");
  });
});
