import { numberFormat } from "./intl-formats";
import { toBcp47, type Language } from "./languages";
import { isOneOf } from "~/lib/one-of";

/** Currencies a household can keep its budget in; all use two minor digits. */
export const currencies = [
  "EUR",
  "USD",
  "GBP",
  "CHF",
  "PLN",
  "CZK",
  "HUF",
  "RON",
  "BGN",
  "SEK",
  "NOK",
  "DKK",
  "TRY",
  "UAH",
] as const;
export type Currency = (typeof currencies)[number];
export const defaultCurrency: Currency = "EUR";

export function isCurrency(value: unknown): value is Currency {
  return isOneOf(currencies, value);
}

/**
 * Currencies a money account can keep beyond the base currencies (decision 0026): those of people who move to
 * Europe or travel from it, each with rates in the bundled history and most at the ECB; among them the yen, the won
 * and the Icelandic króna without minor digits and the Gulf dinars and the Tunisian dinar with three.
 */
// prettier-ignore
const moreAccountCurrencies = [
  "AED", "ALL", "AMD", "AUD", "AZN", "BAM", "BHD", "BRL", "CAD", "CLP", "CNY", "COP", "DZD", "EGP", "GEL", "HKD", "IDR",
  "ILS", "INR", "ISK", "JOD", "JPY", "KRW", "KWD", "KZT", "MAD", "MDL", "MKD", "MXN", "MYR", "NGN", "NZD", "OMR", "PHP",
  "PKR", "QAR", "RSD", "SAR", "SGD", "THB", "TND", "TWD", "VND", "ZAR",
] as const;

/** Every currency an account may keep: the base currencies first, then the others in alphabetical order. */
export const accountCurrencies: readonly string[] = [...currencies, ...moreAccountCurrencies];

export function isAccountCurrency(value: unknown): value is string {
  return isOneOf(currencies, value) || isOneOf(moreAccountCurrencies, value);
}

/** The largest amount one entry may carry: 999,999,999.99 — far above any household figure, far below 2^53. */
export const maxAmountMinor = 99_999_999_999;

export type AmountError = "required" | "invalid" | "notPositive" | "tooManyDecimals" | "tooLarge";
export type ParsedAmount = { ok: true; minor: number } | { ok: false; error: AmountError };

const separatorCache = new Map<Language, { decimal: string; group: string }>();

/** The decimal and grouping characters Intl uses for a language ("," and "." in German). */
export function numberSeparators(language: Language): { decimal: string; group: string } {
  let cached = separatorCache.get(language);
  if (!cached) {
    const parts = new Intl.NumberFormat(toBcp47(language)).formatToParts(1234567.5);
    cached = {
      decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
      group: parts.find((part) => part.type === "group")?.value ?? ",",
    };
    separatorCache.set(language, cached);
  }
  return cached;
}

// Spaces people (and Intl) put between thousands: normal, no-break, narrow no-break, thin; and the Swiss apostrophe.
const groupingNoise = /[\s'’]/g;

/**
 * Reads an amount typed in the reader's language into positive integer minor units, `digits` of them (ISO 4217's:
 * two for most currencies): "1.234,56" (de), "1 234,56" (fr, pl, ua), "1,234.56" (en) → 123456.
 * The other separator is accepted as a decimal point only where it cannot be a thousands group ("12.5" in German).
 * `allowZero` accepts "0" where nothing is a meaningful amount (a budget of zero: spend nothing here).
 */
export function parseAmount(
  input: string | null | undefined,
  language: Language,
  { allowZero = false, digits = 2 }: { allowZero?: boolean; digits?: number } = {},
): ParsedAmount {
  const raw = (input ?? "").trim();
  if (!raw) return { ok: false, error: "required" };
  let text = raw.replace(/^[€$£₺₴]|[€$£₺₴]$/g, "").trim();
  if (/^[-−–]/.test(text))
    return /\d/.test(text) ? { ok: false, error: "notPositive" } : { ok: false, error: "invalid" };
  text = text.replace(/^\+/, "").replace(groupingNoise, "");
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return { ok: false, error: "invalid" };

  const { decimal } = numberSeparators(language);
  const other = decimal === "," ? "." : ",";
  let integerPart = text;
  let fraction = "";
  const decimalAt = text.lastIndexOf(decimal);
  if (decimalAt >= 0) {
    integerPart = text.slice(0, decimalAt);
    fraction = text.slice(decimalAt + 1);
    if (fraction.includes(decimal) || fraction.includes(other)) return { ok: false, error: "invalid" };
  } else {
    const otherAt = text.lastIndexOf(other);
    const tail = otherAt >= 0 ? text.slice(otherAt + 1) : "";
    // "12.50" in German cannot be a thousands group (groups have three digits), so it is a decimal point.
    if (otherAt >= 0 && text.indexOf(other) === otherAt && tail.length !== 3) {
      integerPart = text.slice(0, otherAt);
      fraction = tail;
    }
  }
  if (integerPart.includes(decimal)) return { ok: false, error: "invalid" };
  const groups = integerPart.split(other);
  if (groups.length > 1 && (groups.slice(1).some((group) => group.length !== 3) || groups[0] === "")) {
    return { ok: false, error: "invalid" };
  }
  const wholeDigits = groups.join("");
  if (!/^\d*$/.test(wholeDigits)) return { ok: false, error: "invalid" };
  if (wholeDigits === "" && fraction === "") return { ok: false, error: "invalid" };
  if (!/^\d*$/.test(fraction)) return { ok: false, error: "invalid" };
  if (fraction.length > digits) return { ok: false, error: "tooManyDecimals" };
  const whole = wholeDigits.replace(/^0+(?=\d)/, "");
  if (whole.length > 12) return { ok: false, error: "tooLarge" };
  const minor = Number(whole || "0") * 10 ** digits + Number(fraction.padEnd(digits, "0") || "0");
  if (minor === 0 && !allowZero) return { ok: false, error: "notPositive" };
  if (minor > maxAmountMinor) return { ok: false, error: "tooLarge" };
  return { ok: true, minor };
}

/**
 * Currency signs the server's and the browsers' ICU data disagree on, pinned to one: Node 24 writes "₴" for the
 * hryvnia in Ukrainian where Chromium writes "грн", so a page drawn on the server would change on hydration.
 * Ukrainian prices are written "грн". tests/e2e/money-format.spec.ts compares both ICUs for every language and
 * currency, so a new disagreement is found, not shipped.
 */
export const pinnedSigns: Partial<Record<Language, Partial<Record<string, string>>>> = {
  ua: { UAH: "грн" },
};

interface MoneyFormatter {
  format(major: number): string;
  /** The currency's sign as this formatter writes it (pinned where the ICUs disagree). */
  sign: string;
}

const formatterCache = new Map<string, MoneyFormatter>();

function formatter(language: Language, currency: string, options: Intl.NumberFormatOptions = {}): MoneyFormatter {
  const key = `${language}|${currency}|${JSON.stringify(options)}`;
  let cached = formatterCache.get(key);
  if (!cached) {
    const intl = new Intl.NumberFormat(toBcp47(language), { style: "currency", currency, ...options });
    const pinned = pinnedSigns[language]?.[currency];
    const sign = pinned ?? intl.formatToParts(0).find((part) => part.type === "currency")?.value ?? currency;
    cached = {
      sign,
      format: pinned
        ? (major) =>
            intl
              .formatToParts(major)
              .map((part) => (part.type === "currency" ? pinned : part.value))
              .join("")
        : (major) => intl.format(major),
    };
    formatterCache.set(key, cached);
  }
  return cached;
}

/**
 * ISO 4217's minor digits where they are not two (the list as of June 2024; money.test.ts checks it against the
 * `currency-codes` package, which carries ISO's own table). Not Intl's: ICU rounds the forint, rupiah and rupee to
 * whole units for display, but their amounts are still kept in hundredths, as banks write them.
 */
// prettier-ignore
const isoMinorDigits: Readonly<Record<string, number>> = {
  BIF: 0, CLP: 0, DJF: 0, GNF: 0, ISK: 0, JPY: 0, KMF: 0, KRW: 0, PYG: 0, RWF: 0, UGX: 0, UYI: 0, VND: 0, VUV: 0,
  XAF: 0, XOF: 0, XPF: 0,
  BHD: 3, IQD: 3, JOD: 3, KWD: 3, LYD: 3, OMR: 3, TND: 3,
  CLF: 4, UYW: 4,
};

/** Minor digits of a currency as ISO 4217 gives them (JPY 0, EUR 2, KWD 3): how its minor units are kept. */
export function minorDigits(currency: string): number {
  return isoMinorDigits[currency] ?? 2;
}

/** Minor units as the currency's whole units: 123456 cents → 1234.56, 2300 yen → 2300. */
function majorUnits(minor: number, currency: string): number {
  return minor / 10 ** minorDigits(currency);
}

/** 123456 cents → "1.234,56 €" for a German reader, "€1,234.56" for an English one; 2300 yen → "¥2,300". */
export function formatMoney(minor: number, currency: string, language: Language): string {
  return formatter(language, currency).format(majorUnits(minor, currency));
}

/** Whole units only, for chart axes and tight cards: "1.235 €". */
export function formatMoneyCompact(minor: number, currency: string, language: Language): string {
  const major = majorUnits(minor, currency);
  if (Math.abs(major) >= 100_000) {
    return formatter(language, currency, { notation: "compact", maximumFractionDigits: 1 }).format(major);
  }
  return formatter(language, currency, { maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(major);
}

/**
 * The amount as a user would type it back into a form in their language: 123456 → "1234,56" (de); in a currency of
 * other minor digits, `digits` of them (2300 yen → "2300", 14625 fils → "14,625").
 */
export function amountToInput(minor: number, language: Language, digits = 2): string {
  const { decimal } = numberSeparators(language);
  // The sign apart from the digits: -0,50 has no whole euros to carry it.
  const sign = minor < 0 ? "-" : "";
  const scale = 10 ** digits;
  const whole = Math.floor(Math.abs(minor) / scale);
  const fraction = Math.abs(minor) % scale;
  return fraction === 0 ? `${sign}${whole}` : `${sign}${whole}${decimal}${String(fraction).padStart(digits, "0")}`;
}

/** An empty amount field's example, in the currency's minor digits: "0,00" (de), "0" for the yen. */
export function amountPlaceholder(language: Language, digits = 2): string {
  return digits === 0 ? "0" : `0${numberSeparators(language).decimal}${"0".repeat(digits)}`;
}

/** The currency's symbol in the reader's language, for the amount field's prefix. */
export function currencySymbol(currency: string, language: Language): string {
  return formatter(language, currency).sign;
}

/**
 * A fraction (0.256) as a percentage in the reader's language: "25,6 %" (de); null → "—".
 * `signed` adds + or − for trends; `oneDecimal` always shows one decimal ("64.0%"), for figures side by side.
 */
export function formatPercent(
  fraction: number | null,
  language: Language,
  options: { signed?: boolean; oneDecimal?: boolean } = {},
): string {
  if (fraction === null || !Number.isFinite(fraction)) return "—";
  return numberFormat(language, {
    style: "percent",
    minimumFractionDigits: options.oneDecimal ? 1 : 0,
    maximumFractionDigits: 1,
    signDisplay: options.signed ? "exceptZero" : "auto",
  }).format(fraction);
}
