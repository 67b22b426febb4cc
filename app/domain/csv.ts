/** CSV as RFC 4180 writes it: CRLF line ends, fields quoted when they hold the delimiter, a quote or a line break. */

export type CsvDecimal = "locale" | "point";

/** A UTF-8 byte order mark: spreadsheet programs read the file as UTF-8 (accents, Cyrillic, ł, ğ) only with it. */
export const utf8Bom = "\uFEFF";

/**
 * The delimiter that goes with a decimal separator: a comma decimal ("12,50") needs ";" between fields, which is
 * also what spreadsheet programs expect in those locales.
 */
export function csvDelimiter(decimalSeparator: string): "," | ";" {
  return decimalSeparator === "," ? ";" : ",";
}

/**
 * One text field. Cells starting with = + - @ (or a tab / carriage return) would run as formulas when opened in a
 * spreadsheet (CSV injection), so such user text gets a leading apostrophe, the usual neutral marker.
 */
export function csvText(value: string, delimiter: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return csvQuote(safe, delimiter);
}

/** Quotes a field when it must be, doubling the quotes inside (RFC 4180 §2.5–2.7). */
export function csvQuote(value: string, delimiter: string): string {
  if (value.includes(delimiter) || value.includes('"') || value.includes("\n") || value.includes("\r")) {
    return `"${value.replaceAll('"', '""')}"`;
  }
  return value;
}

/** Integer cents as a plain number with the chosen decimal separator and no grouping: -123456 → "-1234,56". */
export function csvAmount(minor: number, decimalSeparator: string): string {
  const sign = minor < 0 ? "-" : "";
  const absolute = Math.abs(minor);
  return `${sign}${Math.trunc(absolute / 100)}${decimalSeparator}${String(absolute % 100).padStart(2, "0")}`;
}

export function csvLine(fields: readonly string[], delimiter: string): string {
  return `${fields.join(delimiter)}\r\n`;
}
