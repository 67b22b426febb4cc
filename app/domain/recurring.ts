import type { TransactionKind } from "./categories";
import { normalisePayee } from "./payees/payee-name";
import {
  addDays,
  addMonths,
  daysInMonth,
  isoWeekday,
  monthOf,
  monthsBetween,
  type IsoDate,
  type MonthKey,
} from "./periods";

/**
 * Salary, rent, subscriptions: schedules, their due dates, the sentence that describes them, and series found in a
 * household's history (money-in.md, "The month planned"). Dates are calendar days ("YYYY-MM-DD"), as in periods.ts.
 */

export const recurringFrequencies = ["monthly", "weekly", "yearly"] as const;
export type RecurringFrequency = (typeof recurringFrequencies)[number];

export interface Schedule {
  frequency: RecurringFrequency;
  /** Every N weeks, months or years (1 = every). */
  interval: number;
  /** Monthly: the day, 1–31 (a day past a month's end falls on its last day); null: the start date's day. */
  dayOfMonth: number | null;
  /** Monthly: the month's last day, whatever `dayOfMonth` says. */
  lastDay: boolean;
  /** The first day an occurrence may fall on; weekly series repeat on its weekday, yearly ones on its date. */
  startsOn: IsoDate;
  /** The last day an occurrence may fall on (included); null: no end. */
  endsOn: IsoDate | null;
}

const dayMs = 86_400_000;

function utc(date: IsoDate): number {
  const [y = 0, m = 1, d = 1] = date.split("-").map(Number);
  return Date.UTC(y, m - 1, d);
}

/** Days from a to b (b − a). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((utc(to) - utc(from)) / dayMs);
}

/** Day `day` of `month`, or the month's last day when the month is shorter (31 → 30 April, 29 → 28 February). */
export function dayInMonth(month: MonthKey, day: number): IsoDate {
  return `${month}-${String(Math.min(day, daysInMonth(month))).padStart(2, "0")}`;
}

function dayOf(date: IsoDate): number {
  return Number(date.slice(8, 10));
}

/** Every due date from `from` on (at the earliest the start, at the latest the end), in order. */
function* dueDatesFrom(schedule: Schedule, from: IsoDate): Generator<IsoDate> {
  const start = from > schedule.startsOn ? from : schedule.startsOn;
  const beyondEnd = (date: IsoDate) => schedule.endsOn !== null && date > schedule.endsOn;
  const interval = Math.max(1, Math.trunc(schedule.interval));

  if (schedule.frequency === "weekly") {
    const step = 7 * interval;
    // Jump close to `start` instead of walking from the first week.
    let date = addDays(schedule.startsOn, Math.floor(daysBetween(schedule.startsOn, start) / step) * step);
    while (date < start) date = addDays(date, step);
    for (; !beyondEnd(date); date = addDays(date, step)) yield date;
    return;
  }

  const firstMonth = monthOf(schedule.startsOn);
  const monthsPerStep = schedule.frequency === "yearly" ? 12 * interval : interval;
  const day =
    schedule.frequency === "yearly"
      ? dayOf(schedule.startsOn)
      : schedule.lastDay
        ? 31
        : (schedule.dayOfMonth ?? dayOf(schedule.startsOn));
  for (let step = Math.max(0, Math.floor(monthsBetween(firstMonth, monthOf(start)) / monthsPerStep) - 1); ; step++) {
    const date = dayInMonth(addMonths(firstMonth, step * monthsPerStep), day);
    if (beyondEnd(date)) return;
    if (date >= start) yield date;
  }
}

/** The due dates between two days, both included. */
export function occurrencesBetween(schedule: Schedule, from: IsoDate, to: IsoDate): IsoDate[] {
  const dates: IsoDate[] = [];
  if (to < from) return dates;
  for (const date of dueDatesFrom(schedule, from)) {
    if (date > to) break;
    dates.push(date);
  }
  return dates;
}

/** The first due date on or after a day; null once the series has ended. */
export function nextOccurrence(schedule: Schedule, onOrAfter: IsoDate): IsoDate | null {
  for (const date of dueDatesFrom(schedule, onOrAfter)) return date;
  return null;
}

export function isOccurrence(schedule: Schedule, date: IsoDate): boolean {
  return nextOccurrence(schedule, date) === date;
}

/**
 * What a schedule says, as a translation key and its values: "Every month on day 5", "Every 2 weeks on Friday",
 * "Every year on 14 March". `count` picks the plural form (every month / every 3 months); the page formats the
 * weekday (1 Monday … 7 Sunday) and the yearly date in the reader's language.
 */
export type ScheduleSentence =
  | { key: "monthlyOnDay"; count: number; day: number }
  | { key: "monthlyOnLastDay"; count: number }
  | { key: "weeklyOn"; count: number; weekday: number }
  | { key: "yearlyOn"; count: number; date: IsoDate };

export function describeSchedule(schedule: Schedule): ScheduleSentence {
  const count = Math.max(1, Math.trunc(schedule.interval));
  if (schedule.frequency === "weekly") return { key: "weeklyOn", count, weekday: isoWeekday(schedule.startsOn) };
  if (schedule.frequency === "yearly") return { key: "yearlyOn", count, date: schedule.startsOn };
  if (schedule.lastDay) return { key: "monthlyOnLastDay", count };
  return { key: "monthlyOnDay", count, day: schedule.dayOfMonth ?? dayOf(schedule.startsOn) };
}

// ---------------------------------------------------------------------------------------------------------------
// Detection: series in the history.

/** One entry of the history, as detection reads it. */
export interface HistoryEntry {
  kind: TransactionKind;
  amountMinor: number;
  occurredOn: IsoDate;
  /** As the bank wrote it; null or empty for entries typed by hand. */
  counterparty: string | null;
  description: string;
  categoryId: string;
  accountId: string;
  /** The household's payee (payee-name.ts): every branch of a chain is one, so it groups before the bank's text. */
  payee?: { key: string; name: string } | null;
}

export interface RecurringSuggestion {
  /** Kind and normalised name: what a series already set up is matched against, and what "Dismiss" remembers. */
  key: string;
  kind: TransactionKind;
  /** The payee's name, else the name as last written: the counterparty, else the description. */
  name: string;
  counterparty: string | null;
  description: string;
  /** The median of the series' amounts. */
  amountMinor: number;
  frequency: RecurringFrequency;
  interval: number;
  dayOfMonth: number | null;
  lastDay: boolean;
  /** How many times the series was seen. */
  occurrences: number;
  lastSeen: IsoDate;
  /** The next due date from today on. */
  nextDue: IsoDate;
  /** The category used most often in the series, and the account of its latest entry. */
  categoryId: string;
  accountId: string;
}

/** An entry with its date as a day number, so the chains compare integers. */
type DatedEntry = HistoryEntry & { day: number };

/** Amounts within ±10 % of the series' median belong to it (money-in.md). */
const amountTolerance = 0.1;
/** Three entries make a series; a monthly bill or income shows itself in two months, when its amount barely moved. */
const minimumOccurrences = 3;
/** How far the second month's amount may lie from the first's, either way (money-in.md: ±2 %). */
const monthlyPairTolerance = 0.02;

interface Pattern {
  frequency: RecurringFrequency;
  interval: number;
  /** Days one period spans: a month is 28 to 31 days, a year 365 or 366. */
  shortest: number;
  longest: number;
  /** How much further apart or closer two entries may be (banks book on the next working day). */
  toleranceDays: number;
  /** How long after the expected date a series still counts as running, not ended. */
  graceDays: number;
  /** The fewest entries that make this series. */
  fewest: number;
}

const patterns: readonly Pattern[] = [
  { frequency: "weekly", interval: 1, shortest: 7, longest: 7, toleranceDays: 2, graceDays: 9, fewest: 3 },
  { frequency: "weekly", interval: 2, shortest: 14, longest: 14, toleranceDays: 3, graceDays: 17, fewest: 3 },
  { frequency: "monthly", interval: 1, shortest: 28, longest: 31, toleranceDays: 3, graceDays: 34, fewest: 2 },
  { frequency: "yearly", interval: 1, shortest: 365, longest: 366, toleranceDays: 7, graceDays: 38, fewest: 3 },
];

/** How many days a gap falls outside one period's span (0 when it fits exactly). */
function gapError(gap: number, pattern: Pattern): number {
  return gap < pattern.shortest ? pattern.shortest - gap : gap > pattern.longest ? gap - pattern.longest : 0;
}

/**
 * The name a series is known by: lower case, without accents, punctuation or extra spaces, so "NETFLIX.COM" and
 * "Netflix com" are one. Hand-typed descriptions also lose their digits ("Rent 03/2026" and "Rent 04/2026"). An entry's
 * payee goes first: its key already folds every branch of a chain into one ("ALBERT HEIJN 1403", "AH to go 5812").
 */
export function seriesKey(
  kind: TransactionKind,
  counterparty: string | null,
  description: string,
  payeeKey?: string | null,
): string | null {
  const fromBank = payeeKey?.trim() ? payeeKey : counterparty?.trim() ? counterparty : null;
  const name = (fromBank ?? description)
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(fromBank ? /[^\p{L}\p{N}]+/gu : /\P{L}+/gu, " ")
    .trim();
  return name ? `${kind}:${name}` : null;
}

/**
 * Every key a series already set up answers to, so that no suggestion repeats it: the key of its own names, and that
 * of the payee its counterparty or name folds into. A series added from a payee's suggestion carries the payee's name
 * and the bank's latest text, and either one finds the payee again.
 */
export function knownSeriesKeys(series: {
  kind: TransactionKind;
  counterparty: string | null;
  description: string;
}): string[] {
  const keys = [seriesKey(series.kind, series.counterparty, series.description)];
  for (const name of [series.counterparty, series.description]) {
    const payee = name ? normalisePayee(name) : null;
    if (payee) keys.push(seriesKey(series.kind, null, "", payee.key));
  }
  return keys.filter((key): key is string => key !== null);
}

function median(values: readonly number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : Math.round((sorted[middle - 1]! + sorted[middle]!) / 2);
}

const withinTolerance = (amount: number, centre: number) => Math.abs(amount - centre) <= centre * amountTolerance;
const fewestOfAny = Math.min(...patterns.map((pattern) => pattern.fewest));

/**
 * Two months of one bill: the later amount within `tolerance` (a fraction) of the earlier one, up or down alike, in
 * the calendar month right after it. A gap of a month's length that skips a month (29 January, 1 March) is no pair.
 */
function consecutiveMonthsClose(pair: readonly DatedEntry[], tolerance: number): boolean {
  const [earlier, later] = pair;
  if (!earlier || !later || pair.length !== 2) return false;
  if (monthsBetween(monthOf(earlier.occurredOn), monthOf(later.occurredOn)) !== 1) return false;
  return Math.abs(later.amountMinor - earlier.amountMinor) <= earlier.amountMinor * tolerance;
}

/**
 * The largest group of entries whose amounts lie within ±10 % of each other, then every entry within ±10 % of that
 * group's median: a one-off different amount (a refund, a yearly fee) stays out of the series.
 */
function amountCluster<Entry extends { amountMinor: number }>(entries: readonly Entry[]): Entry[] {
  const byAmount = entries.toSorted((a, b) => a.amountMinor - b.amountMinor);
  let best: Entry[] = [];
  let low = 0;
  let high = 0;
  for (const centre of byAmount) {
    while (
      low < byAmount.length &&
      !withinTolerance(byAmount[low]!.amountMinor, centre.amountMinor) &&
      byAmount[low]!.amountMinor < centre.amountMinor
    )
      low++;
    while (high < byAmount.length && withinTolerance(byAmount[high]!.amountMinor, centre.amountMinor)) high++;
    if (high - low > best.length) best = byAmount.slice(low, high);
  }
  if (best.length === 0) return [];
  const centre = median(best.map((entry) => entry.amountMinor));
  return entries.filter((entry) => withinTolerance(entry.amountMinor, centre));
}

/**
 * The longest chain of entries one period apart (give or take the tolerance), ending as late as possible. Entries
 * between the links are left out, so an unrelated entry of the same amount does not break the series.
 */
function longestChain<Entry extends { day: number }>(byDate: readonly Entry[], pattern: Pattern): Entry[] {
  const length: number[] = [];
  const previous: number[] = [];
  let end = -1;
  for (let index = 0; index < byDate.length; index++) {
    length[index] = 1;
    previous[index] = -1;
    const day = byDate[index]!.day;
    for (let earlier = index - 1; earlier >= 0; earlier--) {
      const gap = day - byDate[earlier]!.day;
      // Sorted by date: once an earlier entry is too far back, every one before it is too.
      if (gap > pattern.longest + pattern.toleranceDays) break;
      if (gapError(gap, pattern) <= pattern.toleranceDays && length[earlier]! + 1 > length[index]!) {
        length[index] = length[earlier]! + 1;
        previous[index] = earlier;
      }
    }
    if (end === -1 || length[index]! >= length[end]!) end = index;
  }
  const chain: Entry[] = [];
  for (let index = end; index !== -1; index = previous[index]!) chain.unshift(byDate[index]!);
  return chain;
}

/** How far the chain's links fall from one period apart, in days altogether. */
function fitError(chain: readonly { day: number }[], pattern: Pattern): number {
  let error = 0;
  for (let index = 1; index < chain.length; index++)
    error += gapError(chain[index]!.day - chain[index - 1]!.day, pattern);
  return error;
}

/** The value seen most often; among equals, the one seen last. */
function mostCommon<Value>(values: readonly Value[]): Value {
  const counts = new Map<Value, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best = values.at(-1)!;
  for (let index = values.length - 1; index >= 0; index--)
    if (counts.get(values[index]!)! > counts.get(best)!) best = values[index]!;
  return best;
}

function isLastDayOfMonth(date: IsoDate): boolean {
  return dayOf(date) === daysInMonth(monthOf(date));
}

/** A regular series in one group's entries (same kind and name, sorted by date), if there is one. */
function seriesIn(key: string, entries: readonly DatedEntry[], today: IsoDate): RecurringSuggestion | null {
  const cluster = amountCluster(entries);
  if (cluster.length < fewestOfAny) return null;
  let found: { chain: DatedEntry[]; pattern: Pattern; span: number; error: number } | null = null;
  for (const pattern of patterns) {
    const chain = longestChain(cluster, pattern);
    if (chain.length < pattern.fewest) continue;
    // Two months are a series only when the amount barely moved (rent, a salary, a subscription), not a ±10 % guess.
    if (chain.length < minimumOccurrences && !consecutiveMonthsClose(chain, monthlyPairTolerance)) continue;
    // Entries of the same amount between the chain's links that fit no period: a few are noise, many mean the
    // entries come whenever (groceries), and a chain among them is chance.
    const first = chain[0]!.day;
    const last = chain.at(-1)!.day;
    const between = cluster.filter((entry) => entry.day >= first && entry.day <= last).length - chain.length;
    if (between > Math.max(1, Math.floor(chain.length / 4))) continue;
    const fit = { chain, pattern, span: last - first, error: fitError(chain, pattern) };
    // More links first, then the longer stretch of time, then the closer fit: Jan 1, Feb 1, Feb 15 and Mar 1 are monthly.
    if (
      !found ||
      fit.chain.length > found.chain.length ||
      (fit.chain.length === found.chain.length &&
        (fit.span > found.span || (fit.span === found.span && fit.error < found.error)))
    )
      found = fit;
  }
  if (!found) return null;

  const { chain, pattern } = found;
  const latest = chain.at(-1)!;
  const monthly = pattern.frequency === "monthly";
  const lastDay = monthly && chain.every((entry) => isLastDayOfMonth(entry.occurredOn));
  const dayOfMonth = monthly && !lastDay ? mostCommon(chain.map((entry) => dayOf(entry.occurredOn))) : null;
  const schedule: Schedule = {
    frequency: pattern.frequency,
    interval: pattern.interval,
    dayOfMonth,
    lastDay,
    startsOn: latest.occurredOn,
    endsOn: null,
  };
  const expected = nextOccurrence(schedule, addDays(latest.occurredOn, 1));
  // A series that stopped (a cancelled subscription) is no longer worth suggesting.
  if (!expected || daysBetween(expected, today) > pattern.graceDays) return null;
  const nextDue = nextOccurrence(schedule, expected > today ? expected : today);
  if (!nextDue) return null;
  const counterparty = latest.counterparty?.trim() ? latest.counterparty.trim() : null;
  // Entries from before payees existed may share the group: the name is the payee's, whichever entry carries it.
  const payeeName = chain.findLast((entry) => entry.payee?.name)?.payee?.name ?? null;
  return {
    key,
    kind: latest.kind,
    name: payeeName ?? counterparty ?? latest.description.trim(),
    counterparty,
    description: latest.description.trim(),
    amountMinor: median(chain.map((entry) => entry.amountMinor)),
    frequency: pattern.frequency,
    interval: pattern.interval,
    dayOfMonth,
    lastDay,
    occurrences: chain.length,
    lastSeen: latest.occurredOn,
    nextDue,
    categoryId: mostCommon(chain.map((entry) => entry.categoryId)),
    accountId: latest.accountId,
  };
}

/**
 * Series in a household's history: entries with the same payee (else counterparty, else, typed by hand, the same
 * description) and kind, amounts within ±10 % of their median, at least three times at a regular interval (weekly, every two
 * weeks, monthly ±3 days, yearly ±7 days) — or in two consecutive months with amounts within ±2 % — still running
 * today. Sorted by their next due date.
 */
export function detectRecurring(
  entries: readonly HistoryEntry[],
  { today }: { today: IsoDate },
): RecurringSuggestion[] {
  const groups = new Map<string, DatedEntry[]>();
  // A household has a few hundred names and tens of thousands of entries: each name is normalised once.
  const keys = new Map<string, string | null>();
  for (const entry of entries) {
    if (entry.amountMinor <= 0) continue;
    const raw = `${entry.kind}|${entry.payee?.key ?? ""}|${entry.counterparty ?? ""}|${entry.description}`;
    let key = keys.get(raw);
    if (key === undefined) {
      key = seriesKey(entry.kind, entry.counterparty, entry.description, entry.payee?.key);
      keys.set(raw, key);
    }
    if (!key) continue;
    const dated = { ...entry, day: utc(entry.occurredOn) / dayMs };
    const group = groups.get(key);
    if (group) group.push(dated);
    else groups.set(key, [dated]);
  }
  const suggestions: RecurringSuggestion[] = [];
  for (const [key, group] of groups) {
    if (group.length < fewestOfAny) continue;
    const suggestion = seriesIn(
      key,
      group.sort((a, b) => a.day - b.day),
      today,
    );
    if (suggestion) suggestions.push(suggestion);
  }
  return suggestions.sort((a, b) =>
    a.nextDue < b.nextDue ? -1 : a.nextDue > b.nextDue ? 1 : a.key.localeCompare(b.key),
  );
}
