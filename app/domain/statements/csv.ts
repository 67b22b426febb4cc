/**
 * Bank CSV exports: the delimiter, header row and column meaning differ per bank, so reading is two steps. `sniffCsv`
 * finds the table (delimiter, the header row under any account lines, the rows with their line numbers);
 * `readCsv` reads it through a `CsvMapping`, which comes from a bank preset, from `suggestMapping`, or from the user in
 * the mapping step.
 */
import { parse } from "csv-parse/sync";
import { isRecord } from "~/lib/is-record";
import { isValidIban, normaliseIban } from "../iban";
import { type DecimalSeparator, detectDecimalSeparator, parseStatementAmount, readOriginalAmount } from "./amounts";
import {
  dateText,
  detectDateFormat,
  isStatementDateFormat,
  parseStatementDate,
  type StatementDateFormat,
  statementDateFormats,
} from "./dates";
import {
  cleanText,
  maxStatementRows,
  readStatementSafely,
  shortened,
  type Statement,
  type StatementBalance,
  type StatementRead,
  StatementReadError,
  type StatementRow,
} from "./statement";

const csvDelimiters = [";", ",", "\t", "|"] as const;
export type CsvDelimiter = (typeof csvDelimiters)[number];

export interface CsvRecord {
  /** 1-based line where the record starts (a quoted cell may span lines). */
  line: number;
  cells: string[];
}

export interface SniffedCsv {
  delimiter: CsvDelimiter;
  /** `false` when quotes in the file are broken and cells are read as written. */
  quote: '"' | false;
  /** 1-based line of the header row; 0 when the file has none (ABN AMRO's TSV). */
  headerLine: number;
  headers: string[];
  rows: CsvRecord[];
  /** The one IBAN named in the account lines above the table (DKB, ING Deutschland), if there is exactly one. */
  accountIban?: string;
}

/** A column by its header (compared with `normaliseHeader`), or by position (0-based) when the header is absent. */
export interface CsvColumn {
  header?: string;
  index?: number;
}

/** Cells read in order; the first that is not empty is taken. */
type CsvColumns = CsvColumn[];

export interface CsvMapping {
  date: CsvColumn;
  valueDate?: CsvColumn;
  /** One signed amount column, or an unsigned one with `indicator`; otherwise `debit` and `credit`. */
  amount?: CsvColumn;
  debit?: CsvColumn;
  credit?: CsvColumn;
  /** A fee charged on top of the amount, in its own column (Revolut): the row's amount is the amount less the fee. */
  fee?: CsvColumn;
  indicator?: { column: CsvColumn; debitValues: string[] };
  /** Joined with spaces. */
  description: CsvColumns;
  /** One list for both directions, or, when the file names payer and payee apart, one per direction. */
  counterparty?: CsvColumns | { incoming: CsvColumns; outgoing: CsvColumns };
  counterpartyIban?: CsvColumn;
  reference?: CsvColumn;
  balance?: CsvColumn;
  currency?: CsvColumn;
  /** A card payment abroad: what the shop charged and in which currency (monobank, PrivatBank). */
  originalAmount?: CsvColumn;
  originalCurrency?: CsvColumn;
  /** The statement's own account, when each row repeats it. */
  account?: CsvColumn;
  /** Rows left out, such as pending ones ("Umsatz vorgemerkt", "PENDING"), which come again once booked. */
  status?: { column: CsvColumn; skipValues: string[] };
  dateFormat: StatementDateFormat;
  decimal: DecimalSeparator;
}

/** What the mapping step asks the user for when it could not be decided. */
export type CsvMappingField = "date" | "amount" | "indicator" | "description" | "dateFormat" | "decimal";

/** Headers compared without case, accents, spacing, quotes or the leading "#" some banks put on them. */
export function normaliseHeader(value: string): string {
  return (
    value
      .replace(/ł/gi, "l")
      .replace(/[ıİ]/g, "i")
      // Ukrainian exports write "Дата i час" with a Latin or a Cyrillic i.
      .replace(/і/gi, "i")
      .replace(/ß/g, "ss")
      // German exports spell umlauts out ("Waehrung", "Beguenstigter") or not; both read the same.
      .replace(/ä/gi, "ae")
      .replace(/ö/gi, "oe")
      .replace(/ü/gi, "ue")
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .toLowerCase()
      .replace(/[\s"'#:]+/g, "")
  );
}

// ---------------------------------------------------------------------------------------------------------------------
// Sniffing

function parseRecords(text: string, delimiter: CsvDelimiter, quote: '"' | false): CsvRecord[] {
  const records: CsvRecord[] = [];
  parse(text, {
    delimiter,
    quote,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_empty_values: true,
    // Each record is taken here with the line it ends on, and left out of what `parse` returns.
    on_record: (record, { lines }) => {
      // `lines` counts to the end of the record; a quoted cell's line breaks are inside it.
      const breaks = record.reduce((count, cell) => count + (cell.match(/\n/g)?.length ?? 0), 0);
      records.push({ line: lines - breaks, cells: record.map((cell) => cell.trim()) });
      return null;
    },
  });
  return records;
}

/** Reads the table; a quote that never closes makes the whole file one cell, so then quotes are taken as written. */
function parseTable(text: string, delimiter: CsvDelimiter): { records: CsvRecord[]; quote: '"' | false } {
  try {
    return { records: parseRecords(text, delimiter, '"'), quote: '"' };
  } catch {
    return { records: parseRecords(text, delimiter, false), quote: false };
  }
}

/**
 * How well a delimiter makes a table: the records sharing one column count (of two or more), weighed by that count, so
 * that the semicolon of a file with one decimal-comma amount per row beats the comma inside the amount.
 */
function tableScore(records: readonly CsvRecord[]): number {
  const counts = new Map<number, number>();
  for (const { cells } of records) if (cells.length >= 2) counts.set(cells.length, (counts.get(cells.length) ?? 0) + 1);
  let best = 0;
  for (const [width, count] of counts) best = Math.max(best, count * Math.min(width, 8));
  return best;
}

function isDate(value: string): boolean {
  const text = dateText(value);
  return /\d/.test(text) && statementDateFormats.some((format) => parseStatementDate(text, format) !== undefined);
}

function isAmount(value: string): boolean {
  // A currency may stand beside the number ("-12,50 PLN", "1 234,56 zł"); more letters make it text ("Omschrijving-1").
  return (
    /\d/.test(value) &&
    (value.match(/\p{L}/gu)?.length ?? 0) <= 3 &&
    (parseStatementAmount(value, ",") !== undefined || parseStatementAmount(value, ".") !== undefined)
  );
}

function looksLikeData(cells: readonly string[]): boolean {
  const dateAt = cells.findIndex(isDate);
  return dateAt !== -1 && cells.some((cell, index) => index !== dateAt && isAmount(cell));
}

function looksLikeHeader(cells: readonly string[]): boolean {
  const filled = cells.filter(Boolean);
  return filled.length >= 2 && filled.every((cell) => !isDate(cell) && !isAmount(cell) && /\p{L}/u.test(cell));
}

/**
 * The most columns a CSV may have. Bank exports have tens; a 100,000-column file of 0.9 MB took 10.7 s to preview, as
 * every column is a candidate for every field (issue 20). Wider files are refused before any cell is looked at.
 */
export const maxCsvColumns = 200;
const sampleBytes = 64 * 1024;

/**
 * The table in a CSV export: the delimiter that gives most rows one column count, the first row holding a date and an
 * amount as the first transaction, and the row just above it as the header when it reads like one (banks put account
 * lines above the header). Undefined when the text is not a table of transactions; throws StatementReadError
 * (TOO_MANY_COLUMNS) when a row is wider than `maxCsvColumns`.
 */
export function sniffCsv(text: string): SniffedCsv | undefined {
  const normalised = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  if (!normalised.trim()) return undefined;
  // The delimiter is chosen on the first lines, and at most 64 KB of them: each candidate is one parse of the sample.
  const sample = normalised.split("\n", 200).join("\n").slice(0, sampleBytes);
  let delimiter: CsvDelimiter = csvDelimiters[0];
  let bestScore = 0;
  let sampleRecords: CsvRecord[] = [];
  for (const candidate of csvDelimiters) {
    const { records } = parseTable(sample, candidate);
    const score = tableScore(records);
    if (score > bestScore) {
      delimiter = candidate;
      bestScore = score;
      sampleRecords = records;
    }
  }
  if (bestScore === 0) return undefined;
  // Too wide already in the sample: refused before the whole file is parsed; else once it is, before any cell is read.
  const tooWide = (records: readonly CsvRecord[]) => records.some(({ cells }) => cells.length > maxCsvColumns);
  if (tooWide(sampleRecords)) throw new StatementReadError({ code: "TOO_MANY_COLUMNS" });
  const { records, quote } = parseTable(normalised, delimiter);
  if (tooWide(records)) throw new StatementReadError({ code: "TOO_MANY_COLUMNS" });

  let firstData = records.findIndex(({ cells }) => cells.length >= 2 && looksLikeData(cells));
  // Rows just above it as wide as it and with a date are transactions too, only broken (an empty amount), to be reported.
  const width = records[firstData]?.cells.length;
  while (firstData > 0 && records[firstData - 1]!.cells.length === width && records[firstData - 1]!.cells.some(isDate))
    firstData--;
  if (firstData === -1) {
    // A header and no transactions: a quiet month is still a statement.
    const header = records.find(({ cells }) => looksLikeHeader(cells));
    return header ? { delimiter, quote, headerLine: header.line, headers: header.cells, rows: [] } : undefined;
  }
  const above = records[firstData - 1];
  if (above && looksLikeHeader(above.cells)) {
    const accountIban = ibanAbove(records.slice(0, firstData - 1));
    return {
      delimiter,
      quote,
      headerLine: above.line,
      headers: above.cells,
      rows: records.slice(firstData),
      ...(accountIban ? { accountIban } : {}),
    };
  }
  return { delimiter, quote, headerLine: 0, headers: [], rows: records.slice(firstData) };
}

/** The account lines above a table: a few dozen at most are looked at, and only an IBAN named alone counts. */
function ibanAbove(records: readonly CsvRecord[]): string | undefined {
  const found = new Set<string>();
  for (const { cells } of records.slice(0, 40))
    for (const value of cells.slice(0, 4)) if (isValidIban(value)) found.add(normaliseIban(value));
  return found.size === 1 ? [...found][0] : undefined;
}

// ---------------------------------------------------------------------------------------------------------------------
// Mapping

function isColumn(value: unknown): value is CsvColumn {
  if (!isRecord(value) || Array.isArray(value)) return false;
  const { header, index } = value;
  const validHeader = header === undefined || (typeof header === "string" && header.trim() !== "");
  const validIndex = index === undefined || (typeof index === "number" && Number.isInteger(index) && index >= 0);
  return validHeader && validIndex && (header !== undefined || index !== undefined);
}

function isColumns(value: unknown): value is CsvColumns {
  return Array.isArray(value) && value.length > 0 && value.every(isColumn);
}

function isTextList(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string");
}

/** What is wrong with a mapping read back from storage or a form, by the mapping's fields; none when it is one. */
function csvMappingProblems(mapping: unknown): string[] {
  if (!isRecord(mapping)) return ["mapping"];
  const problems: string[] = [];
  const optionalColumns = [
    "valueDate",
    "fee",
    "counterpartyIban",
    "reference",
    "balance",
    "currency",
    "originalAmount",
    "originalCurrency",
    "account",
  ] as const;
  if (!isColumn(mapping.date)) problems.push("date");
  for (const field of optionalColumns)
    if (mapping[field] !== undefined && !isColumn(mapping[field])) problems.push(field);
  const hasAmount = mapping.amount !== undefined;
  const hasDebitCredit = mapping.debit !== undefined || mapping.credit !== undefined;
  if (hasAmount === hasDebitCredit) problems.push("amount");
  else if (hasAmount && !isColumn(mapping.amount)) problems.push("amount");
  else if (hasDebitCredit && !(isColumn(mapping.debit) && isColumn(mapping.credit))) problems.push("amount");
  if (mapping.indicator !== undefined) {
    const { indicator } = mapping;
    if (!hasAmount || !isRecord(indicator) || !isColumn(indicator.column) || !isTextList(indicator.debitValues)) {
      problems.push("indicator");
    }
  }
  if (!isColumns(mapping.description)) problems.push("description");
  const { counterparty } = mapping;
  if (
    counterparty !== undefined &&
    !isColumns(counterparty) &&
    !(isRecord(counterparty) && isColumns(counterparty.incoming) && isColumns(counterparty.outgoing))
  ) {
    problems.push("counterparty");
  }
  if (mapping.status !== undefined) {
    const { status } = mapping;
    if (!isRecord(status) || !isColumn(status.column) || !isTextList(status.skipValues)) problems.push("status");
  }
  if (!isStatementDateFormat(mapping.dateFormat)) problems.push("dateFormat");
  if (mapping.decimal !== "," && mapping.decimal !== ".") problems.push("decimal");
  return problems;
}

function isCsvMapping(value: unknown): value is CsvMapping {
  return csvMappingProblems(value).length === 0;
}

/**
 * Checks a mapping read back from storage or a form: every required field present and well formed, either one amount
 * column or debit and credit. The problems name the mapping's fields.
 */
export function checkCsvMapping(value: unknown): { ok: true; mapping: CsvMapping } | { ok: false; problems: string[] } {
  return isCsvMapping(value) ? { ok: true, mapping: value } : { ok: false, problems: csvMappingProblems(value) };
}

// ---------------------------------------------------------------------------------------------------------------------
// Reading

/** Where a column sits in this file, or undefined when the file does not have it. */
export function findColumn(column: CsvColumn, headers: readonly string[]): number | undefined {
  if (column.header !== undefined && headers.length > 0) {
    const wanted = normaliseHeader(column.header);
    const at = headers.findIndex((header) => normaliseHeader(header) === wanted);
    if (at !== -1) return at;
  }
  if (column.index !== undefined && (headers.length === 0 || column.index < headers.length)) return column.index;
  return undefined;
}

interface ResolvedColumn {
  index: number;
  /** For messages: the file's own header, or "column 3". */
  name: string;
}

function columnName(index: number, headers: readonly string[]): string {
  return headers[index] || `column ${index + 1}`;
}

function resolver(headers: readonly string[], headerLine: number) {
  const optional = (column: CsvColumn | undefined): ResolvedColumn | undefined => {
    if (!column) return undefined;
    const index = findColumn(column, headers);
    return index === undefined ? undefined : { index, name: columnName(index, headers) };
  };
  const required = (column: CsvColumn): ResolvedColumn => {
    const resolved = optional(column);
    if (resolved) return resolved;
    throw new StatementReadError({
      code: "MISSING_FIELD",
      line: headerLine || undefined,
      element: column.header ?? `column ${(column.index ?? 0) + 1}`,
    });
  };
  const list = (columns: CsvColumns): ResolvedColumn[] => columns.flatMap((column) => optional(column) ?? []);
  return { optional, required, list };
}

function resolveMapping(mapping: CsvMapping, csv: SniffedCsv) {
  const { optional, required, list } = resolver(csv.headers, csv.headerLine);
  const counterparty = mapping.counterparty;
  const description = list(mapping.description);
  if (description.length === 0 && mapping.description[0]) required(mapping.description[0]);
  return {
    date: required(mapping.date),
    valueDate: optional(mapping.valueDate),
    amount: mapping.amount ? required(mapping.amount) : undefined,
    debit: mapping.amount ? undefined : required(mapping.debit ?? { header: "debit" }),
    credit: mapping.amount ? undefined : required(mapping.credit ?? { header: "credit" }),
    fee: optional(mapping.fee),
    indicator: mapping.indicator && {
      column: optional(mapping.indicator.column),
      debitValues: new Set(mapping.indicator.debitValues.map(indicatorValue)),
    },
    description,
    counterparty:
      counterparty === undefined
        ? undefined
        : Array.isArray(counterparty)
          ? { incoming: list(counterparty), outgoing: list(counterparty) }
          : { incoming: list(counterparty.incoming), outgoing: list(counterparty.outgoing) },
    counterpartyIban: optional(mapping.counterpartyIban),
    reference: optional(mapping.reference),
    balance: optional(mapping.balance),
    currency: optional(mapping.currency),
    originalAmount: optional(mapping.originalAmount),
    originalCurrency: optional(mapping.originalCurrency),
    account: optional(mapping.account),
    status: mapping.status && {
      column: optional(mapping.status.column),
      skipValues: new Set(mapping.status.skipValues.map(indicatorValue)),
    },
  };
}

type ResolvedMapping = ReturnType<typeof resolveMapping>;

function indicatorValue(value: string): string {
  return normaliseHeader(value);
}

function cell(row: CsvRecord, column: ResolvedColumn | undefined): string {
  return column ? (row.cells[column.index] ?? "").trim() : "";
}

function located(
  code: "INVALID_DATE" | "INVALID_AMOUNT" | "MISSING_FIELD",
  row: CsvRecord,
  column: ResolvedColumn,
  value?: string,
): StatementReadError {
  return new StatementReadError({
    code,
    line: row.line,
    element: column.name,
    ...(value === undefined ? {} : { value: shortened(value) }),
  });
}

function readDate(
  row: CsvRecord,
  column: ResolvedColumn,
  format: StatementDateFormat,
  required: boolean,
): string | undefined {
  const text = cell(row, column);
  if (!text) {
    if (required) throw located("MISSING_FIELD", row, column);
    return undefined;
  }
  const date = parseStatementDate(dateText(text), format);
  if (date === undefined) throw located("INVALID_DATE", row, column, text);
  return date;
}

function readAmount(row: CsvRecord, column: ResolvedColumn, decimal: DecimalSeparator): number | undefined {
  const text = cell(row, column);
  if (!text) return undefined;
  const amount = parseStatementAmount(text, decimal);
  if (amount === undefined) throw located("INVALID_AMOUNT", row, column, text);
  return amount;
}

function signedAmount(row: CsvRecord, columns: ResolvedMapping, decimal: DecimalSeparator): number {
  if (columns.amount) {
    const amount = readAmount(row, columns.amount, decimal);
    if (amount === undefined) throw located("MISSING_FIELD", row, columns.amount);
    const indicator = columns.indicator;
    const marker = indicator?.column ? cell(row, indicator.column) : "";
    const fee = Math.abs(columns.fee ? (readAmount(row, columns.fee, decimal) ?? 0) : 0);
    if (!indicator || !marker) return amount - fee;
    return (indicator.debitValues.has(indicatorValue(marker)) ? -Math.abs(amount) : Math.abs(amount)) - fee;
  }
  // Some banks write debits negative in their own column, others positive: the column gives the sign.
  const debit = readAmount(row, columns.debit!, decimal);
  const credit = readAmount(row, columns.credit!, decimal);
  if (debit === undefined && credit === undefined) throw located("MISSING_FIELD", row, columns.debit!);
  return Math.abs(credit ?? 0) - Math.abs(debit ?? 0);
}

function firstFilled(row: CsvRecord, columns: readonly ResolvedColumn[]): string | undefined {
  for (const column of columns) {
    const value = cleanText(cell(row, column));
    if (value) return value;
  }
  return undefined;
}

function readIban(row: CsvRecord, column: ResolvedColumn | undefined): string | undefined {
  const value = cell(row, column);
  return value && isValidIban(value) ? normaliseIban(value) : undefined;
}

function readRow(row: CsvRecord, columns: ResolvedMapping, mapping: CsvMapping): StatementRow {
  const bookedOn = readDate(row, columns.date, mapping.dateFormat, true)!;
  const valueOn = columns.valueDate && readDate(row, columns.valueDate, mapping.dateFormat, false);
  const amountMinor = signedAmount(row, columns, mapping.decimal);
  const description = columns.description
    .map((column) => cleanText(cell(row, column)))
    .filter(Boolean)
    .join(" ");
  const counterparty =
    columns.counterparty &&
    firstFilled(row, amountMinor < 0 ? columns.counterparty.outgoing : columns.counterparty.incoming);
  const currency = cell(row, columns.currency).toUpperCase();
  const reference = cleanText(cell(row, columns.reference));
  const counterpartyIban = readIban(row, columns.counterpartyIban);
  const original =
    columns.originalAmount &&
    readOriginalAmount(
      cell(row, columns.originalAmount),
      cell(row, columns.originalCurrency),
      mapping.decimal,
      currency || undefined,
    );
  return {
    bookedOn,
    ...(valueOn ? { valueOn } : {}),
    amountMinor,
    ...(/^[A-Z]{3}$/.test(currency) ? { currency } : {}),
    ...(original ? { original } : {}),
    description,
    ...(counterparty ? { counterparty } : {}),
    ...(counterpartyIban ? { counterpartyIban } : {}),
    ...(reference ? { reference } : {}),
    line: row.line,
  };
}

/** Balances from a running-balance column: the balance after the latest row closes, before the earliest opens. */
function balances(
  read: readonly { row: StatementRow; balance: number | undefined }[],
): Pick<Statement, "opening" | "closing"> {
  const withBalance = read.filter(
    (entry): entry is { row: StatementRow; balance: number } => entry.balance !== undefined,
  );
  const first = withBalance[0];
  const last = withBalance.at(-1);
  if (!first || !last || withBalance.length !== read.length) return {};
  // Exports list newest first or oldest first; the dates tell which.
  const [earliest, latest] = first.row.bookedOn > last.row.bookedOn ? [last, first] : [first, last];
  const opening: StatementBalance = {
    amountMinor: earliest.balance - earliest.row.amountMinor,
    on: earliest.row.bookedOn,
  };
  const closing: StatementBalance = { amountMinor: latest.balance, on: latest.row.bookedOn };
  return { opening, closing };
}

/**
 * Reads every transaction row of a CSV export through a mapping. Rows without a date at the end of the file are the
 * bank's totals and are left out; any other row that does not read stops the import with its line, column and value.
 */
export function readCsv(text: string, mapping: CsvMapping, sniffed?: SniffedCsv): StatementRead {
  return readStatementSafely(() => {
    const csv = sniffed ?? sniffCsv(text);
    if (!csv) throw new StatementReadError({ code: text.trim() ? "NOT_A_STATEMENT" : "EMPTY_FILE" });
    if (csv.rows.length > maxStatementRows)
      throw new StatementReadError({ code: "TOO_MANY_ROWS", value: String(csv.rows.length) });
    const columns = resolveMapping(mapping, csv);
    // Totals under the table ("#Saldo końcowe", "Kontostand") have no date or no amount; a file where no row has
    // both is read as it is, so that the first row says what is missing.
    const isTotal = (row: CsvRecord) =>
      !cell(row, columns.date) || [columns.amount, columns.debit, columns.credit].every((column) => !cell(row, column));
    let end = csv.rows.length;
    while (end > 0 && isTotal(csv.rows[end - 1]!)) end--;
    if (end === 0) end = csv.rows.length;

    const read: { row: StatementRow; balance: number | undefined }[] = [];
    let accountIban: string | undefined;
    for (const row of csv.rows.slice(0, end)) {
      if (columns.status?.column && columns.status.skipValues.has(indicatorValue(cell(row, columns.status.column))))
        continue;
      const statementRow = readRow(row, columns, mapping);
      read.push({ row: statementRow, balance: columns.balance && readAmount(row, columns.balance, mapping.decimal) });
      accountIban ??= readIban(row, columns.account);
    }
    accountIban ??= csv.accountIban;
    const rows = read.map(({ row }) => row);
    const currencies = new Set(rows.map((row) => row.currency));
    const [currency] = currencies;
    return {
      format: "csv",
      ...(accountIban ? { accountIban } : {}),
      ...(currencies.size === 1 && currency ? { currency } : {}),
      ...balances(read),
      rows,
    };
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// Suggesting a mapping for an unknown file

type SuggestedField =
  | "valueDate"
  | "date"
  | "indicator"
  | "debit"
  | "credit"
  | "amount"
  | "balance"
  | "currency"
  | "reference"
  | "counterparty"
  | "description";

/**
 * Header words in our eight languages (normalised). Fields are matched in this order, so "Valutadatum" becomes the
 * value date before "datum" could take it, and "Af Bij" the indicator before "af" could make it the debit column.
 */
const headerWords: readonly [SuggestedField, readonly string[]][] = (
  [
    [
      "valueDate",
      [
        "Valutadatum",
        "Valuta",
        "Wertstellung",
        "Wert",
        "Rentedatum",
        "Value date",
        "Interest date",
        "Fecha valor",
        "F. Valor",
        "Date de valeur",
        "Date valeur",
        "Data waluty",
        "Valör",
        "Valör tarihi",
        "Дата валютування",
      ],
    ],
    [
      "date",
      [
        "Datum",
        "Date",
        "Fecha",
        "Data",
        "Tarih",
        "Дата",
        "Buchungstag",
        "Buchungsdatum",
        "Boekdatum",
        "Transactiedatum",
        "Booking date",
        "Transaction date",
        "Completed date",
        "Started date",
        "Data operacji",
        "Data księgowania",
        "Fecha operación",
        "Date opération",
        "Date de l'opération",
        "İşlem tarihi",
        "Дата операції",
        "Дата і час операції",
        "Дата i час операції",
      ],
    ],
    [
      "indicator",
      [
        "Af Bij",
        "Af/Bij",
        "Debit/credit",
        "Credit/debit",
        "D/C",
        "C/D",
        "DR/CR",
        "S/H",
        "Soll/Haben",
        "Debet/Credit",
        "CdtDbtInd",
        "+/-",
        "Borç/Alacak",
        "Дебет/Кредит",
      ],
    ],
    [
      "debit",
      [
        "Af",
        "Debit",
        "Debet",
        "Soll",
        "Debe",
        "Cargo",
        "Cargos",
        "Obciążenia",
        "Wydatki",
        "Borç",
        "Дебет",
        "Débit euros",
        "Débit",
        "Ausgang",
        "Uitgaven",
      ],
    ],
    [
      "credit",
      [
        "Bij",
        "Credit",
        "Haben",
        "Haber",
        "Abono",
        "Abonos",
        "Uznania",
        "Wpływy",
        "Alacak",
        "Кредит",
        "Crédit euros",
        "Crédit",
        "Eingang",
        "Inkomsten",
      ],
    ],
    [
      "amount",
      [
        "Bedrag",
        "Betrag",
        "Amount",
        "Montant",
        "Importe",
        "Kwota",
        "Tutar",
        "Сума",
        "Сумма",
        "Transactiebedrag",
        "Umsatz",
        "Kwota operacji",
        "İşlem tutarı",
        "Montant opération",
        "Сума в валюті картки",
        "Částka",
        "Összeg",
      ],
    ],
    [
      "balance",
      [
        "Saldo",
        "Balance",
        "Kontostand",
        "Solde",
        "Bakiye",
        "Залишок",
        "Saldo na mutatie",
        "Saldo na trn",
        "Saldo po operacji",
        "Saldo po transakcji",
        "Running balance",
        "Disponible",
        "Залишок після операції",
        "Zůstatek",
        "Egyenleg",
      ],
    ],
    [
      "currency",
      ["Waehrung", "Währung", "Currency", "Munt", "Devise", "Divisa", "Waluta", "Para birimi", "Валюта", "Valuta"],
    ],
    [
      "reference",
      [
        "Referentie",
        "Reference",
        "Referenz",
        "Kundenreferenz",
        "Transactiereferentie",
        "Referencia",
        "Transaction ID",
        "Dekont no",
        "Referencja",
        "Номер документа",
      ],
    ],
    [
      "counterparty",
      [
        "Naam",
        "Naam tegenpartij",
        "Tegenpartij",
        "Name",
        "Payee",
        "Partner name",
        "Counterparty",
        "Beguenstigter/Zahlungspflichtiger",
        "Begünstigter/Zahlungspflichtiger",
        "Begünstigter / Auftraggeber",
        "Auftraggeber / Begünstigter",
        "Zahlungsempfänger",
        "Nadawca/Odbiorca",
        "Odbiorca",
        "Nadawca",
        "Bénéficiaire",
        "Beneficiario",
        "Ordenante",
        "Alıcı",
        "Gönderen",
        "Контрагент",
        "Отримувач",
        "Одержувач",
        "Tiers",
        "Kontrahent",
        "Dane kontrahenta",
        "Protistrana",
        "Název protiúčtu",
        "Partner",
        "Partner neve",
      ],
    ],
    [
      "description",
      [
        "Omschrijving",
        "Mededelingen",
        "Verwendungszweck",
        "Buchungstext",
        "Description",
        "Libellé",
        "Libellé opération",
        "Concepto",
        "Opis",
        "Opis operacji",
        "Opis transakcji",
        "Tytuł",
        "Açıklama",
        "İşlem açıklaması",
        "Призначення",
        "Призначення платежу",
        "Деталі операції",
        "Опис",
        "Опис операції",
        "Payment reference",
        "Details",
        "Memo",
        "Observaciones",
        "Más datos",
        "Movimiento",
        "Popis",
        "Zpráva pro příjemce",
        "Leírás",
        "Közlemény",
      ],
    ],
  ] as const
).map(([field, words]) => [field, words.map(normaliseHeader)]);

function headerScore(header: string, words: readonly string[]): number {
  const normalised = normaliseHeader(header);
  if (words.includes(normalised)) return 2;
  // Short words ("af", "wert") only count when they are the whole header.
  return words.some((word) => word.length >= 4 && normalised.includes(word)) ? 1 : 0;
}

const knownDebitMarkers = new Set(
  [
    "Af",
    "D",
    "S",
    "DR",
    "DB",
    "Debet",
    "Debit",
    "-",
    "Soll",
    "Borç",
    "Дебет",
    "Obciążenie",
    "Cargo",
    "Outgoing",
    "Out",
  ].map(normaliseHeader),
);

export interface SuggestedMapping {
  /** What could be decided; complete (checkCsvMapping passes) when `undecided` is empty. */
  mapping: Partial<CsvMapping>;
  undecided: CsvMappingField[];
}

function columnValues(rows: readonly CsvRecord[], index: number): string[] {
  return rows.slice(0, 500).map((row) => (row.cells[index] ?? "").trim());
}

function columnAt(index: number, headers: readonly string[]): CsvColumn {
  return headers[index] ? { header: headers[index], index } : { index };
}

const valueChecks: Partial<Record<SuggestedField, (values: readonly string[]) => boolean>> = {
  date: (values) => detectDateFormat(values.map(dateText)) !== undefined,
  valueDate: (values) => values.every((value) => !value || isDate(value)),
  amount: (values) => values.some(Boolean) && values.every((value) => !value || isAmount(value)),
  debit: (values) => values.every((value) => !value || isAmount(value)),
  credit: (values) => values.every((value) => !value || isAmount(value)),
  balance: (values) => values.every((value) => !value || isAmount(value)),
  currency: (values) => values.some(Boolean) && values.every((value) => !value || /^[A-Z]{3}$/i.test(value)),
  indicator: (values) => new Set(values.filter(Boolean).map(normaliseHeader)).size <= 4,
};

/**
 * A first mapping for a CSV no preset knows, from its header words (eight languages) and its values (which columns hold
 * dates, amounts, IBANs), with what it could not decide so the mapping step asks for exactly that.
 */
export function suggestMapping(csv: SniffedCsv): SuggestedMapping {
  const { headers, rows } = csv;
  const width = Math.max(headers.length, ...rows.slice(0, 50).map((row) => row.cells.length));
  const taken = new Set<number>();
  const found: Partial<Record<SuggestedField, number[]>> = {};

  for (const [field, words] of headerWords) {
    const scored = headers
      .map((header, index) => ({ index, score: taken.has(index) ? 0 : headerScore(header, words) }))
      .filter(({ index, score }) => score > 0 && (valueChecks[field]?.(columnValues(rows, index)) ?? true))
      .sort((a, b) => b.score - a.score || a.index - b.index);
    const chosen = field === "description" ? scored : scored.slice(0, 1);
    if (chosen.length === 0) continue;
    found[field] = chosen.map(({ index }) => index);
    for (const { index } of chosen) taken.add(index);
  }

  // Without header words (or without a header), the values say which column holds dates and amounts.
  if (!found.date) {
    const index = Array.from({ length: width }, (_, at) => at).find(
      (at) => !taken.has(at) && (valueChecks.date?.(columnValues(rows, at)) ?? false),
    );
    if (index !== undefined) {
      found.date = [index];
      taken.add(index);
    }
  }
  if (!found.amount && !(found.debit && found.credit)) {
    const index = Array.from({ length: width }, (_, at) => at).find((at) => {
      const values = columnValues(rows, at);
      return (
        !taken.has(at) &&
        values.some((value) => /[.,]\d{1,2}$|^[-−+]/.test(value)) &&
        values.every((value) => !value || isAmount(value))
      );
    });
    if (index !== undefined) {
      found.amount = [index];
      taken.add(index);
    }
  }

  // Columns of IBANs: the one that never changes is the statement's own account, another the counterparty's.
  let account: number | undefined;
  let counterpartyIban: number | undefined;
  for (let index = 0; index < width; index++) {
    const values = columnValues(rows, index).filter(Boolean);
    if (values.length === 0 || values.filter(isValidIban).length < values.length * 0.6) continue;
    if (new Set(values.map(normaliseIban)).size === 1 && rows.length > 1) account ??= index;
    else counterpartyIban ??= index;
  }

  const column = (field: SuggestedField): CsvColumn | undefined =>
    found[field]?.[0] === undefined ? undefined : columnAt(found[field][0], headers);
  const mapping: Partial<CsvMapping> = {};
  const undecided: CsvMappingField[] = [];

  const date = column("date");
  if (date) mapping.date = date;
  else undecided.push("date");
  const valueDate = column("valueDate");
  if (valueDate) mapping.valueDate = valueDate;

  const amount = column("amount");
  const debit = column("debit");
  const credit = column("credit");
  let amountValues: string[] = [];
  if (amount) {
    mapping.amount = amount;
    amountValues = columnValues(rows, found.amount![0]!);
  } else if (debit && credit) {
    mapping.debit = debit;
    mapping.credit = credit;
    amountValues = [...columnValues(rows, found.debit![0]!), ...columnValues(rows, found.credit![0]!)];
  } else undecided.push("amount");

  const indicator = column("indicator");
  if (indicator && amount) {
    const markers = [...new Set(columnValues(rows, found.indicator![0]!).filter(Boolean))];
    const debitValues = markers.filter((marker) => knownDebitMarkers.has(normaliseHeader(marker)));
    if (debitValues.length > 0) mapping.indicator = { column: indicator, debitValues };
    else undecided.push("indicator");
  }

  const descriptions = (found.description ?? []).map((index) => columnAt(index, headers));
  if (descriptions.length > 0) mapping.description = descriptions;
  else undecided.push("description");
  const counterparty = column("counterparty");
  if (counterparty) mapping.counterparty = [counterparty];
  if (counterpartyIban !== undefined) mapping.counterpartyIban = columnAt(counterpartyIban, headers);
  if (account !== undefined) mapping.account = columnAt(account, headers);
  const reference = column("reference");
  if (reference) mapping.reference = reference;
  const balance = column("balance");
  if (balance) mapping.balance = balance;
  const currency = column("currency");
  if (currency) mapping.currency = currency;

  if (date) {
    const format = detectDateFormat(columnValues(rows, found.date![0]!).map(dateText));
    if (format) mapping.dateFormat = format;
    else undecided.push("dateFormat");
  }
  if (amountValues.length > 0) {
    // The delimiter hints the convention: a semicolon file is usually a decimal-comma file.
    const hint: DecimalSeparator = csv.delimiter === "," ? "." : ",";
    const decimal = detectDecimalSeparator(amountValues, hint);
    mapping.decimal = decimal;
    if (detectDecimalSeparator(amountValues, hint === "," ? "." : ",") !== decimal) undecided.push("decimal");
  } else undecided.push("decimal");
  return { mapping, undecided };
}
