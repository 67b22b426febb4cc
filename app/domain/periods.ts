import { dateFormat } from "./intl-formats";
import type { Language } from "./languages";
import { isOneOf } from "~/lib/one-of";

/**
 * Calendar dates are plain "YYYY-MM-DD" strings and months "YYYY-MM": a budget follows the household's
 * calendar, not UTC instants, so a payment on the evening of 31 January stays in January.
 * All arithmetic runs on UTC midnights, where every day has 24 hours.
 */
export type IsoDate = string;
export type MonthKey = string;

const datePattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const monthPattern = /^(\d{4})-(\d{2})$/;
const dayMs = 86_400_000;

export function isIsoDate(value: unknown): value is IsoDate {
  if (typeof value !== "string") return false;
  const match = datePattern.exec(value);
  if (!match) return false;
  const [, y = 0, m = 0, d = 0] = match.map(Number);
  if (y < 1900 || y > 2999) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

export function isMonthKey(value: unknown): value is MonthKey {
  if (typeof value !== "string") return false;
  const match = monthPattern.exec(value);
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  return year >= 1900 && year <= 2999 && month >= 1 && month <= 12;
}

function toUtc(date: IsoDate): number {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d);
}

function fromUtc(ms: number): IsoDate {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Today's date on the reader's wall calendar (their time zone), falling back to UTC for an unknown zone. */
/**
 * One formatter per time zone: building an `Intl.DateTimeFormat` costs far more than formatting with it, and every
 * signed-in page asks for today. Bounded by the IANA zones (an unknown zone throws before it is kept).
 */
const dayFormatters = new Map<string, Intl.DateTimeFormat>();

export function todayIn(timeZone: string | undefined, now: Date = new Date()): IsoDate {
  const zone = timeZone || "UTC";
  try {
    let formatter = dayFormatters.get(zone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat("en-CA", {
        timeZone: zone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
      });
      dayFormatters.set(zone, formatter);
    }
    return formatter.format(now);
  } catch {
    return now.toISOString().slice(0, 10);
  }
}

export function addDays(date: IsoDate, days: number): IsoDate {
  return fromUtc(toUtc(date) + days * dayMs);
}

export function monthOf(date: IsoDate): MonthKey {
  return date.slice(0, 7);
}

export function addMonths(month: MonthKey, count: number): MonthKey {
  const [y = 0, m = 1] = month.split("-").map(Number);
  const index = y * 12 + (m - 1) + count;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** First day of the month. */
export function monthStart(month: MonthKey): IsoDate {
  return `${month}-01`;
}

/** First day of the next month: ranges are half-open [start, end). */
export function monthEnd(month: MonthKey): IsoDate {
  return monthStart(addMonths(month, 1));
}

export function daysInMonth(month: MonthKey): number {
  return (toUtc(monthEnd(month)) - toUtc(monthStart(month))) / dayMs;
}

/** Whole months from a to b (b − a); negative when b is earlier. */
export function monthsBetween(from: MonthKey, to: MonthKey): number {
  const [fy = 0, fm = 1] = from.split("-").map(Number);
  const [ty = 0, tm = 1] = to.split("-").map(Number);
  return (ty - fy) * 12 + (tm - fm);
}

/** Every month from `from` to `to`, both included, oldest first. */
export function monthRange(from: MonthKey, to: MonthKey): MonthKey[] {
  const count = monthsBetween(from, to);
  return Array.from({ length: Math.max(0, count + 1) }, (_, index) => addMonths(from, index));
}

/** ISO 8601 weekday: Monday 1 … Sunday 7. */
export function isoWeekday(date: IsoDate): number {
  const day = new Date(toUtc(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The Monday that starts the date's ISO week. */
export function isoWeekStart(date: IsoDate): IsoDate {
  return addDays(date, 1 - isoWeekday(date));
}

/** ISO week-numbering year and week: 2021-01-03 is in week 53 of 2020; 2024-12-30 in week 1 of 2025. */
export function isoWeek(date: IsoDate): { year: number; week: number } {
  const thursday = addDays(date, 4 - isoWeekday(date));
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor((toUtc(thursday) - Date.UTC(year, 0, 1)) / (7 * dayMs)) + 1;
  return { year, week };
}

export type ChartPeriod = "monthly" | "weekly" | "yearly";
export const chartPeriods: readonly ChartPeriod[] = ["monthly", "weekly", "yearly"];

export function isChartPeriod(value: unknown): value is ChartPeriod {
  return isOneOf(chartPeriods, value);
}

/** One bar of a chart: a half-open date range and its stable key (month "2025-03", week start "2025-03-10", year "2025"). */
export interface Bucket {
  key: string;
  start: IsoDate;
  end: IsoDate;
}

/** How many buckets each period shows: the last 12 months, the last 12 ISO weeks, the last 5 years. */
export const bucketCounts: Record<ChartPeriod, number> = { monthly: 12, weekly: 12, yearly: 5 };

/** The chart's buckets ending with the one that holds `anchor`, oldest first. */
export function chartBuckets(period: ChartPeriod, anchor: IsoDate): Bucket[] {
  const count = bucketCounts[period];
  if (period === "monthly") {
    const last = monthOf(anchor);
    return monthRange(addMonths(last, 1 - count), last).map((month) => ({
      key: month,
      start: monthStart(month),
      end: monthEnd(month),
    }));
  }
  if (period === "weekly") {
    const lastMonday = isoWeekStart(anchor);
    return Array.from({ length: count }, (_, index) => {
      const start = addDays(lastMonday, (index - count + 1) * 7);
      return { key: start, start, end: addDays(start, 7) };
    });
  }
  const lastYear = Number(anchor.slice(0, 4));
  return Array.from({ length: count }, (_, index) => {
    const year = lastYear - count + 1 + index;
    return { key: String(year), start: `${year}-01-01`, end: `${year + 1}-01-01` };
  });
}

/** "March 2025" / "maart 2025"; short: "Mar 2025". */
export function formatMonth(month: MonthKey, language: Language, style: "long" | "short" = "long"): string {
  return dateFormat(language, { month: style, year: "numeric" }).format(toUtc(monthStart(month)));
}

/** Month name alone for chart axes: "Mar". */
export function formatMonthShort(month: MonthKey, language: Language): string {
  return dateFormat(language, { month: "short" }).format(toUtc(monthStart(month)));
}

/** A date in the reader's language: short "14 Mar", medium "14 Mar 2025", day "Friday, 14 March", long "Friday, 14 March 2025". */
export function formatDate(
  date: IsoDate,
  language: Language,
  style: "short" | "medium" | "day" | "long" = "medium",
): string {
  const options: Intl.DateTimeFormatOptions =
    style === "short"
      ? { day: "numeric", month: "short" }
      : style === "medium"
        ? { day: "numeric", month: "short", year: "numeric" }
        : style === "day"
          ? { weekday: "long", day: "numeric", month: "long" }
          : { weekday: "long", day: "numeric", month: "long", year: "numeric" };
  return dateFormat(language, options).format(toUtc(date));
}

/**
 * What a month still in progress is compared with: the same days of the previous month ("1–23 October" on 23
 * November), not the whole of it — on the 23rd, "income −58 % vs last month" would only say the salary has not come
 * yet. Null when the whole previous month is the fair comparison: a month that has ended or not yet begun, or a day
 * past the previous month's length (the 31st against a 30-day month).
 */
export function sameDaysOfPreviousMonth(month: MonthKey, today: IsoDate): { from: IsoDate; through: IsoDate } | null {
  if (monthOf(today) !== month) return null;
  const previous = addMonths(month, -1);
  const day = Number(today.slice(8, 10));
  if (day >= daysInMonth(previous)) return null;
  return { from: monthStart(previous), through: addDays(monthStart(previous), day - 1) };
}

/** A span of days in the reader's language: "October 1 – 23", "1–23 oktober", "1.–23. Oktober". */
export function formatDayRange(from: IsoDate, through: IsoDate, language: Language): string {
  return dateFormat(language, { day: "numeric", month: "long" }).formatRange(toUtc(from), toUtc(through));
}

/** Label of a chart bucket in the reader's language. */
export function formatBucket(period: ChartPeriod, bucket: Bucket, language: Language): string {
  if (period === "monthly") return formatMonthShort(bucket.key, language);
  if (period === "weekly") return formatDate(bucket.start, language, "short");
  return bucket.key;
}
