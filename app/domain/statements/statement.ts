/**
 * What every statement reader returns, whatever the file: rows in the bank's own order, amounts as signed integer
 * minor units (money in > 0, money out < 0), dates as ISO "YYYY-MM-DD". Readers are pure: text in, a statement or a
 * located problem out; decoding bytes and writing rows happen in the import feature.
 */

export const statementFormats = ["csv", "camt", "mt940", "ofx", "qif"] as const;
export type StatementFormat = (typeof statementFormats)[number];

export interface StatementRow {
  /** Booking date, ISO. */
  bookedOn: string;
  /** Value date when the file gives one, ISO. */
  valueOn?: string;
  /** Signed minor units: positive money in, negative money out. */
  amountMinor: number;
  /** ISO 4217 code when the file names one per row or per statement. */
  currency?: string;
  /**
   * What the shop or payer was charged in its own currency, when the bank converted (a card payment abroad): a
   * positive amount in that currency's minor units. The import keeps it when its currency is not the account's.
   */
  original?: { amountMinor: number; currency: string };
  /** The bank's free text (remittance information, :86: text, MEMO…), whitespace collapsed. */
  description: string;
  counterparty?: string;
  /** Normalised (upper case, no spaces). */
  counterpartyIban?: string;
  /** The bank's own reference for the entry (AcctSvcrRef, FITID, MT940 bank reference), when it has one. */
  reference?: string;
  /** 1-based line (text formats) or entry number (XML) where the row starts, for messages. */
  line: number;
}

export interface StatementBalance {
  amountMinor: number;
  /** ISO date the balance is for. */
  on: string;
}

export interface Statement {
  format: StatementFormat;
  /** The statement's own account, normalised, when the file names it. */
  accountIban?: string;
  currency?: string;
  opening?: StatementBalance;
  closing?: StatementBalance;
  rows: StatementRow[];
}

/**
 * Why a file could not be read, each with a translation under `import:errors.<code>`; `line` or `element` says where,
 * so the message can name it ("Line 14: the date “31/02/2026” does not exist").
 */
export const statementErrorCodes = [
  "EMPTY_FILE",
  "FILE_TOO_LARGE",
  "NOT_A_STATEMENT",
  "BROKEN_XML",
  "UNKNOWN_DATE_FORMAT",
  "INVALID_DATE",
  "INVALID_AMOUNT",
  "MISSING_FIELD",
  "TOO_MANY_ROWS",
  /** A CSV wider than `maxCsvColumns`: no bank writes one, and each column costs the mapping suggestion time. */
  "TOO_MANY_COLUMNS",
  /** Reading took longer than its time budget and was stopped (the worker pool, statement-reader.server.ts). */
  "TOO_COMPLEX",
  "UNSUPPORTED_CURRENCY",
] as const;

export type StatementErrorCode = (typeof statementErrorCodes)[number];

export interface StatementError {
  code: StatementErrorCode;
  line?: number;
  /** The XML element or SWIFT tag where the problem sits, e.g. "Ntry 3 / Amt" or ":61:". */
  element?: string;
  /** The offending text, shortened, for the message. */
  value?: string;
}

export type StatementRead = { ok: true; statement: Statement } | { ok: false; error: StatementError };

/** The most rows one import may hold (money-in.md, "Limits and bad input"). */
export const maxStatementRows = 50_000;

export class StatementReadError extends Error {
  constructor(readonly detail: StatementError) {
    super(detail.code);
  }
}

/** Readers throw StatementReadError deep inside; this turns it into the result every reader returns. */
export function readStatementSafely(read: () => Statement): StatementRead {
  try {
    const statement = read();
    if (statement.rows.length > maxStatementRows)
      return { ok: false, error: { code: "TOO_MANY_ROWS", value: String(statement.rows.length) } };
    return { ok: true, statement };
  } catch (error) {
    if (error instanceof StatementReadError) return { ok: false, error: error.detail };
    throw error;
  }
}

/** Free text as banks send it, on one line: runs of whitespace (line breaks of :86: or XML included) become one space. */
export function cleanText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return String(value).replace(/\s+/g, " ").trim();
}

/** A value shortened for an error message. */
export function shortened(value: string, max = 40): string {
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
}
