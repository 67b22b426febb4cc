import { isOneOf } from "~/lib/one-of";

/** Date conventions found in European bank exports; each reads to an ISO date or nothing. */
export const statementDateFormats = [
  "DD-MM-YYYY",
  "DD.MM.YYYY",
  "DD/MM/YYYY",
  "YYYY-MM-DD",
  "YYYY/MM/DD",
  "YYYY.MM.DD",
  "MM/DD/YYYY",
  "YYYYMMDD",
  "DD-MM-YY",
  "DD.MM.YY",
  "DD/MM/YY",
  "MM/DD/YY",
] as const;

export type StatementDateFormat = (typeof statementDateFormats)[number];

const patterns: Record<
  StatementDateFormat,
  { pattern: RegExp; order: readonly ["d" | "m" | "y", "d" | "m" | "y", "d" | "m" | "y"] }
> = {
  "DD-MM-YYYY": { pattern: /^(\d{1,2})-(\d{1,2})-(\d{4})$/, order: ["d", "m", "y"] },
  "DD.MM.YYYY": { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, order: ["d", "m", "y"] },
  "DD/MM/YYYY": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ["d", "m", "y"] },
  "YYYY-MM-DD": { pattern: /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/, order: ["y", "m", "d"] },
  "YYYY/MM/DD": { pattern: /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/, order: ["y", "m", "d"] },
  "YYYY.MM.DD": { pattern: /^(\d{4})\.(\d{1,2})\.(\d{1,2})$/, order: ["y", "m", "d"] },
  "MM/DD/YYYY": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, order: ["m", "d", "y"] },
  YYYYMMDD: { pattern: /^(\d{4})(\d{2})(\d{2})$/, order: ["y", "m", "d"] },
  "DD-MM-YY": { pattern: /^(\d{1,2})-(\d{1,2})-(\d{2})$/, order: ["d", "m", "y"] },
  "DD.MM.YY": { pattern: /^(\d{1,2})\.(\d{1,2})\.(\d{2})$/, order: ["d", "m", "y"] },
  "DD/MM/YY": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, order: ["d", "m", "y"] },
  "MM/DD/YY": { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{2})$/, order: ["m", "d", "y"] },
};

/** The longest date cell with a time of day ("2026-01-05T14:03:11.123456+01:00" and some room): longer is no date. */
const maxDateTimeLength = 48;
/**
 * A date, then the time some exports add ("05.01.2026 14:03:11", "2026-01-05T14:03"). Anchored at both ends, and the
 * date part cannot hold the separator, so a long cell costs one pass, never one pass per position (issue 20: a 40 KB
 * cell of "T" held the server 7.6 s with the unanchored `[\sT]+`).
 */
const dateWithTime = /^([^\sT]+)[\sT]+\d{1,2}:\d{2}(?::\d{2}(?:[.,]\d+)?)?(?:\s*(?:Z|[+-]\d{2}:?\d{2}))?$/;

/** A date cell without the time some exports add; cells too long to be a date come back trimmed, unread. */
export function dateText(value: string): string {
  const text = value.trim();
  if (text.length > maxDateTimeLength) return text;
  return dateWithTime.exec(text)?.[1] ?? text;
}

export function isStatementDateFormat(value: unknown): value is StatementDateFormat {
  return isOneOf(statementDateFormats, value);
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** An ISO date from numbers, or undefined when the day does not exist (31 February). */
export function isoDate(year: number, month: number, day: number): string | undefined {
  if (
    !Number.isInteger(year) ||
    year < 1900 ||
    year > 2200 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > daysIn(year, month)
  )
    return undefined;
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** Two-digit years are this century up to 69, the last from 70 (as POSIX strptime reads %y). */
export function fullYear(twoDigits: number): number {
  return twoDigits < 70 ? 2000 + twoDigits : 1900 + twoDigits;
}

/** Reads a date in one convention; undefined when it does not match or the day does not exist. */
export function parseStatementDate(text: string, format: StatementDateFormat): string | undefined {
  const { pattern, order } = patterns[format];
  const match = pattern.exec(text.trim());
  if (!match) return undefined;
  const parts: Record<"d" | "m" | "y", number> = { d: 0, m: 0, y: 0 };
  order.forEach((part, index) => {
    parts[part] = Number(match[index + 1]);
  });
  const year = format.endsWith("YY") && !format.endsWith("YYYY") ? fullYear(parts.y) : parts.y;
  return isoDate(year, parts.m, parts.d);
}

/**
 * The convention a column of dates is written in: the first that reads every non-empty value. Day-first comes before
 * month-first (European banks), so "01/02/2026" is 1 February unless another value (such as "12/31/2026") rules
 * day-first out. Undefined when no convention reads them all.
 */
export function detectDateFormat(values: readonly string[]): StatementDateFormat | undefined {
  const samples = values.map((value) => value.trim()).filter(Boolean);
  if (samples.length === 0) return undefined;
  return statementDateFormats.find((format) =>
    samples.every((sample) => parseStatementDate(sample, format) !== undefined),
  );
}
