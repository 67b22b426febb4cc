import { describe, expect, it } from "vitest";
import {
  addMonths,
  chartBuckets,
  daysInMonth,
  formatDayRange,
  formatMonth,
  isIsoDate,
  isMonthKey,
  isoWeek,
  isoWeekStart,
  monthEnd,
  monthRange,
  sameDaysOfPreviousMonth,
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
    expect(chartBuckets("yearly", "2025-03-16").map((bucket) => bucket.key)).toEqual([
      "2021",
      "2022",
      "2023",
      "2024",
      "2025",
    ]);
  });
});

describe("formatting", () => {
  it("names months in the reader's language", () => {
    expect(formatMonth("2025-03", "en")).toBe("March 2025");
    expect(formatMonth("2025-03", "pl")).toBe("marzec 2025");
    expect(formatMonth("2025-03", "de")).toBe("März 2025");
  });
});

describe("a month in progress against the same days of the previous one", () => {
  it("compares the first days only while the month runs", () => {
    expect(sameDaysOfPreviousMonth("2026-11", "2026-11-23")).toEqual({ from: "2026-10-01", through: "2026-10-23" });
    expect(sameDaysOfPreviousMonth("2026-01", "2026-01-01")).toEqual({ from: "2025-12-01", through: "2025-12-01" });
    // March 29th against a February of 28 days: the whole of February.
    expect(sameDaysOfPreviousMonth("2026-03", "2026-03-29")).toBeNull();
    expect(sameDaysOfPreviousMonth("2026-03", "2026-03-27")).toEqual({ from: "2026-02-01", through: "2026-02-27" });
    expect(sameDaysOfPreviousMonth("2024-03", "2024-03-28")).toEqual({ from: "2024-02-01", through: "2024-02-28" });
    // A month that has ended, or one ahead: the whole previous month.
    expect(sameDaysOfPreviousMonth("2026-10", "2026-11-23")).toBeNull();
    expect(sameDaysOfPreviousMonth("2026-12", "2026-11-23")).toBeNull();
  });

  it("names the days in the reader's language", () => {
    expect(formatDayRange("2026-10-01", "2026-10-23", "en")).toMatch(/^October 1\s–\s23$/);
    expect(formatDayRange("2026-10-01", "2026-10-23", "nl")).toBe("1–23 oktober");
    expect(formatDayRange("2026-10-01", "2026-10-23", "pl")).toBe("1–23 października");
    expect(formatDayRange("2026-10-01", "2026-10-01", "de")).toBe("1. Oktober");
  });
});
