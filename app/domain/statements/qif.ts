import { isValidIban, normaliseIban } from "../iban";
import { detectDecimalSeparator, parseStatementAmount, type DecimalSeparator } from "./amounts";
import { detectDateFormat, parseStatementDate, statementDateFormats, type StatementDateFormat } from "./dates";
import {
  cleanText,
  readStatementSafely,
  shortened,
  StatementReadError,
  type Statement,
  type StatementRead,
  type StatementRow,
} from "./statement";

/**
 * Quicken Interchange Format: `!Type:` headers, then records of one-letter fields ending with `^`. QIF names no date
 * or number convention; exports follow the locale of the program that wrote them, so both are decided over the whole
 * file (every D and every T), never per row.
 */

interface QifOptions {
  dateFormat?: StatementDateFormat;
  decimal?: DecimalSeparator;
}

/** Sections holding an account's transactions; investments, categories, classes and memorised payees are not statements. */
const transactionSections = new Set(["bank", "ccard", "cash", "oth a", "oth l"]);

type Section = "transactions" | "account" | "other";

interface QifField {
  value: string;
  line: number;
}

interface QifRecord {
  line: number;
  accountIban?: string;
  fields: Map<string, QifField>;
}

// Split lines (S category, E memo, $ amount, % percent) repeat per split; the record's T stays the total.
const splitFields = new Set(["S", "E", "$", "%"]);

function sectionOf(header: string): Section | undefined {
  const lower = header.toLowerCase();
  if (lower.startsWith("!type:")) return transactionSections.has(cleanText(lower.slice(6))) ? "transactions" : "other";
  if (lower.startsWith("!account")) return "account";
  // !Option:AutoSwitch and !Clear:AutoSwitch only frame the account list.
  return undefined;
}

function readRecords(text: string): { records: QifRecord[]; sawTransactions: boolean } {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const records: QifRecord[] = [];
  let section: Section | undefined;
  let sawTransactions = false;
  let accountIban: string | undefined;
  let accountName: string | undefined;
  let current: QifRecord | undefined;

  const endRecord = () => {
    if (current && section === "transactions") records.push(current);
    if (section === "account" && accountName !== undefined)
      accountIban = isValidIban(accountName) ? normaliseIban(accountName) : undefined;
    current = undefined;
    accountName = undefined;
  };

  lines.forEach((raw, index) => {
    const content = raw.trim();
    if (!content) return;
    const line = index + 1;
    if (content.startsWith("!")) {
      endRecord();
      const next = sectionOf(content);
      if (next) section = next;
      if (next === "transactions") sawTransactions = true;
      return;
    }
    if (section === undefined)
      throw new StatementReadError({ code: "NOT_A_STATEMENT", line, value: shortened(content) });
    if (content.startsWith("^")) return endRecord();
    const code = content[0]!;
    const value = content.slice(1).trim();
    if (section === "account") {
      if (code === "N") accountName = value;
      return;
    }
    if (section !== "transactions") return;
    current ??= { line, ...(accountIban ? { accountIban } : {}), fields: new Map() };
    if (splitFields.has(code)) return;
    if (!current.fields.has(code)) current.fields.set(code, { value, line });
  });
  // Some exporters leave out the last "^".
  endRecord();
  return { records, sawTransactions };
}

/**
 * Quicken writes years after 2000 behind an apostrophe and pads with spaces: "12/31'26", "1/ 5'26", "1/ 5' 6".
 * This turns them into the conventions dates.ts knows ("12/31/26", "1/5/06").
 */
function normaliseQifDate(value: string): string {
  const compact = value.replace(/\s+/g, "");
  const quickenYear = /^(\d{1,2})([/.-])(\d{1,2})'(\d{1,2}|\d{4})$/.exec(compact);
  if (!quickenYear) return compact;
  const [, first, separator, second, year] = quickenYear;
  return `${first}${separator}${second}${separator}${year!.length === 4 ? year : year!.padStart(2, "0")}`;
}

/** "28/02/2026" and "31/02/2026" share a shape; "1/5/26" and "01/05/2026" do not. */
function shape(value: string): string {
  return value.replace(/\d{3,}/g, "Y").replace(/\d{1,2}/g, "9");
}

/** The file's date convention, or an error naming the first date that fits no convention the others fit. */
function decideDateFormat(dates: readonly QifField[], given: StatementDateFormat | undefined): StatementDateFormat {
  if (given) return given;
  const values = dates.map((date) => normaliseQifDate(date.value));
  const detected = detectDateFormat(values);
  if (detected) return detected;
  const reads = (format: StatementDateFormat) =>
    values.filter((value) => parseStatementDate(value, format) !== undefined).length;
  const best = statementDateFormats.reduce((most, format) => (reads(format) > reads(most) ? format : most));
  const readable = values.find((value) => parseStatementDate(value, best) !== undefined);
  const failing = Math.max(
    0,
    values.findIndex((value) => parseStatementDate(value, best) === undefined),
  );
  const date = dates[failing]!;
  // A date shaped like the others but not on the calendar ("31/02/2026") is a wrong date, not a strange format.
  const code = readable && shape(readable) === shape(values[failing]!) ? "INVALID_DATE" : "UNKNOWN_DATE_FORMAT";
  throw new StatementReadError({ code, element: "D", line: date.line, value: shortened(date.value) });
}

/** A check number or bank reference; Quicken's words for the kind of payment ("ATM", "EFT", "DEP", "XFER") are not. */
function bankReference(value: string | undefined): string | undefined {
  if (!value || !/\d/.test(value) || !/^[A-Z0-9][A-Z0-9./-]{0,34}$/i.test(value)) return undefined;
  return value;
}

function readDocument(text: string, options: QifOptions): Statement {
  if (!text.trim()) throw new StatementReadError({ code: "EMPTY_FILE" });
  const { records, sawTransactions } = readRecords(text);
  if (!sawTransactions) throw new StatementReadError({ code: "NOT_A_STATEMENT", element: "!Type" });

  const entries = records.map((record) => {
    const date = record.fields.get("D");
    if (!date?.value) throw new StatementReadError({ code: "MISSING_FIELD", element: "D", line: record.line });
    const amount = record.fields.get("T") ?? record.fields.get("U");
    if (!amount?.value) throw new StatementReadError({ code: "MISSING_FIELD", element: "T", line: record.line });
    return { record, date, amount };
  });
  const ibans = new Set(records.map((record) => record.accountIban));
  const [accountIban] = ibans;
  const account = ibans.size === 1 && accountIban ? { accountIban } : {};
  if (entries.length === 0) return { format: "qif", ...account, rows: [] };

  const dateFormat = decideDateFormat(
    entries.map((entry) => entry.date),
    options.dateFormat,
  );
  // Month-first dates come from American Quicken, which writes a decimal point; elsewhere a comma is the safer guess.
  const hint: DecimalSeparator = dateFormat.startsWith("MM") ? "." : ",";
  const decimal =
    options.decimal ??
    detectDecimalSeparator(
      entries.map((entry) => entry.amount.value),
      hint,
    );

  const rows = entries.map(({ record, date, amount }): StatementRow => {
    const bookedOn = parseStatementDate(normaliseQifDate(date.value), dateFormat);
    if (!bookedOn)
      throw new StatementReadError({
        code: "INVALID_DATE",
        element: "D",
        line: date.line,
        value: shortened(date.value),
      });
    const amountMinor = parseStatementAmount(amount.value, decimal);
    if (amountMinor === undefined)
      throw new StatementReadError({
        code: "INVALID_AMOUNT",
        element: "T",
        line: amount.line,
        value: shortened(amount.value),
      });
    const counterparty = cleanText(record.fields.get("P")?.value);
    const reference = bankReference(record.fields.get("N")?.value);
    return {
      bookedOn,
      amountMinor,
      description: cleanText(record.fields.get("M")?.value) || counterparty,
      ...(counterparty ? { counterparty } : {}),
      ...(reference ? { reference } : {}),
      line: record.line,
    };
  });

  return { format: "qif", ...account, rows };
}

/** Reads a QIF file's bank, credit card and cash transactions; investment sections are left out. */
export function readQif(text: string, options: QifOptions = {}): StatementRead {
  return readStatementSafely(() => readDocument(text, options));
}
