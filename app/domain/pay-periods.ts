import {
  addDays,
  addMonths,
  monthEnd,
  monthOf,
  monthStart,
  sameDaysOfPreviousMonth,
  type IsoDate,
  type MonthKey,
} from "./periods";

/**
 * A household's month may start on its payday (decision 0021): the dashboard's month, Left to spend and Safe to
 * spend then run from day N of a month to the day before day N of the next. The period is named by the month it
 * starts in: with payday 25, "November 2026" runs from 25 November to 24 December. Day 1 is the calendar month.
 * At most 28, so every month has the day: payday 28 in February runs from 28 February to 27 March.
 */
export const firstMonthStartDay = 1;
export const lastMonthStartDay = 28;

export function isMonthStartDay(value: unknown): value is number {
  return (
    typeof value === "number" && Number.isInteger(value) && value >= firstMonthStartDay && value <= lastMonthStartDay
  );
}

/** The period named by `month`, half-open: [from, to). */
export interface PayPeriod {
  from: IsoDate;
  to: IsoDate;
}

function dayOf(month: MonthKey, day: number): IsoDate {
  return `${month}-${String(day).padStart(2, "0")}`;
}

export function payPeriod(month: MonthKey, startDay: number): PayPeriod {
  if (startDay <= 1) return { from: monthStart(month), to: monthEnd(month) };
  return { from: dayOf(month, startDay), to: dayOf(addMonths(month, 1), startDay) };
}

/** The month whose period holds `date`: with payday 25, 20 November is in October's period, 28 November in November's. */
export function payPeriodMonthOf(date: IsoDate, startDay: number): MonthKey {
  const month = monthOf(date);
  return Number(date.slice(8, 10)) >= startDay ? month : addMonths(month, -1);
}

/** Whether the period is a calendar month, which month_total already sums. */
export function isCalendarMonth(startDay: number): boolean {
  return startDay <= 1;
}

/**
 * What a period still in progress is compared with: the same number of days from the start of the previous period
 * (sameDaysOfPreviousMonth for calendar months). Null when the whole previous period is the fair comparison: a
 * period that has ended or not begun, or one as long as or longer than the previous period so far.
 */
export function sameDaysOfPreviousPeriod(
  month: MonthKey,
  startDay: number,
  today: IsoDate,
): { from: IsoDate; through: IsoDate } | null {
  if (isCalendarMonth(startDay)) return sameDaysOfPreviousMonth(month, today);
  const period = payPeriod(month, startDay);
  if (today < period.from || today >= period.to) return null;
  const previous = payPeriod(addMonths(month, -1), startDay);
  const through = addDays(previous.from, daysBetween(period.from, today));
  if (through >= addDays(previous.to, -1)) return null;
  return { from: previous.from, through };
}

function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}
