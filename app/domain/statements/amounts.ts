import { minorDigits } from "../money";

/**
 * Amounts as banks write them, read exactly (string arithmetic, never floating point) into signed minor units.
 * The decimal separator is decided per file column, not per value: in a decimal-comma file "-3.000" is minus three
 * thousand, the very value other tools import as minus three.
 */

export type DecimalSeparator = "," | ".";

// Currency codes and symbols banks put beside the number; spaces of every width and the Swiss apostrophe as groups.
const currencyNoise = /[A-Z]{3}|[€$£₺₴₽zł]|Kč|Ft|kr|лв/giu;
const groupNoise = /[\s'’]/g;
const minusSigns = /[-−–]/;

/** The number part of a bank amount and its sign: "(12,50)", "12,50-", "− 1 234,56 €", "+45.00", "EUR -3.000". */
function split(text: string): { negative: boolean; digits: string } | undefined {
  let value = text.trim().replace(currencyNoise, "").replace(groupNoise, "");
  if (!value) return undefined;
  let negative = false;
  if (value.startsWith("(") && value.endsWith(")")) {
    negative = true;
    value = value.slice(1, -1);
  }
  if (minusSigns.test(value[0] ?? "")) {
    negative = !negative;
    value = value.slice(1);
  } else if (value.startsWith("+")) value = value.slice(1);
  else if (minusSigns.test(value.at(-1) ?? "")) {
    negative = !negative;
    value = value.slice(0, -1);
  } else if (value.endsWith("+")) value = value.slice(0, -1);
  if (!/^\d[\d.,]*$/.test(value) && !/^[.,]\d+$/.test(value)) return undefined;
  return { negative, digits: value };
}

/**
 * Reads one amount with a known decimal separator into signed minor units (two decimals); undefined when it is not a
 * number in that convention ("1.2.3", "12,345" with a comma decimal, three decimals that are not zeros).
 */
export function parseStatementAmount(text: string, decimal: DecimalSeparator, minorDigits = 2): number | undefined {
  const parts = split(text);
  if (!parts) return undefined;
  const group = decimal === "," ? "." : ",";
  const at = parts.digits.lastIndexOf(decimal);
  let whole = at === -1 ? parts.digits : parts.digits.slice(0, at);
  let fraction = at === -1 ? "" : parts.digits.slice(at + 1);
  if (fraction.includes(group) || fraction.includes(decimal) || whole.includes(decimal)) return undefined;
  if (whole.includes(group)) {
    // Groups are three digits each: "1.234.567" yes, "1.23" no.
    if (!/^\d{1,3}(?:\.\d{3})+$/.test(whole.replaceAll(group, "."))) return undefined;
    whole = whole.replaceAll(group, "");
  }
  if (!/^\d*$/.test(fraction)) return undefined;
  if (fraction.length > minorDigits) {
    if (/[^0]/.test(fraction.slice(minorDigits))) return undefined;
    fraction = fraction.slice(0, minorDigits);
  }
  const minor = Number((whole || "0") + fraction.padEnd(minorDigits, "0"));
  if (!Number.isSafeInteger(minor)) return undefined;
  return parts.negative && minor !== 0 ? -minor : minor;
}

/**
 * The decimal separator of a column of amounts. Values that show it ("12,50", "1.234,56", "0.5") decide; a value with
 * both characters tells by the last one. When every value is ambiguous ("3.000", "12", "1,000"), a separator followed by
 * exactly three digits is read as a thousands group, and `hint` (the bank preset's or the reader's convention) decides.
 */
export function detectDecimalSeparator(values: readonly string[], hint: DecimalSeparator = ","): DecimalSeparator {
  let comma = 0;
  let point = 0;
  for (const raw of values) {
    const parts = split(raw);
    if (!parts) continue;
    const lastComma = parts.digits.lastIndexOf(",");
    const lastPoint = parts.digits.lastIndexOf(".");
    if (lastComma !== -1 && lastPoint !== -1) {
      if (lastComma > lastPoint) comma++;
      else point++;
      continue;
    }
    const at = Math.max(lastComma, lastPoint);
    if (at === -1) continue;
    const decimals = parts.digits.length - at - 1;
    const repeated = parts.digits.indexOf(parts.digits[at]!) !== at;
    // "1.234.567" (a repeated separator) is a group; "12,5" / "12,50" is a decimal; "3.000" says nothing.
    if (repeated) {
      if (lastComma !== -1) point++;
      else comma++;
    } else if (decimals !== 3) {
      if (lastComma !== -1) comma++;
      else point++;
    }
  }
  if (comma === point) return hint;
  return comma > point ? "," : ".";
}

/**
 * What a card payment abroad cost in the shop's currency, as a statement states it beside the account's amount:
 * positive minor units in that currency's own digits (JPY none, KWD three). Undefined when either part is missing or
 * not readable, or the currency is the account's own (`accountCurrency`, when the file names it): the figure only
 * informs, so an odd value is left out rather than refusing the file.
 */
export function readOriginalAmount(
  amountText: string | undefined,
  currencyText: string | undefined,
  decimal: DecimalSeparator,
  accountCurrency?: string,
): { amountMinor: number; currency: string } | undefined {
  const currency = currencyText?.trim().toUpperCase();
  if (!amountText || !currency || !/^[A-Z]{3}$/.test(currency) || currency === accountCurrency?.toUpperCase())
    return undefined;
  const minor = parseStatementAmount(amountText.trim(), decimal, minorDigits(currency));
  return minor === undefined || minor === 0 ? undefined : { amountMinor: Math.abs(minor), currency };
}
