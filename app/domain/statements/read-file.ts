import { presetMapping, detectBankPreset } from "./bank-presets";
import {
  checkCsvMapping,
  findColumn,
  readCsv,
  sniffCsv,
  suggestMapping,
  type CsvMapping,
  type SniffedCsv,
  type SuggestedMapping,
} from "./csv";
import { decodeStatement } from "./decode";
import { detectStatementFormat } from "./detect-format";
import { readCamt } from "./camt";
import { readMt940 } from "./mt940";
import { readOfx } from "./ofx";
import { readQif } from "./qif";
import { StatementReadError, type Statement, type StatementError, type StatementFormat } from "./statement";

/** The most bytes one statement file may have (money-in.md, "Limits and bad input"). */
export const maxStatementBytes = 10 * 1024 * 1024;

export type StatementFileRead =
  | {
      kind: "statement";
      statement: Statement;
      encoding: string;
      /** The CSV mapping used, to save for the account. */ mapping?: CsvMapping;
      preset?: { id: string; bank: string };
    }
  /** A CSV no preset and no saved mapping fits: the mapping step asks for what `suggestion.undecided` lists. */
  | { kind: "needs-mapping"; csv: SniffedCsv; suggestion: SuggestedMapping; encoding: string }
  | { kind: "error"; error: StatementError };

/** Whether every column a mapping names exists in this file (a saved mapping of another bank's export does not fit). */
function mappingFits(mapping: CsvMapping, csv: SniffedCsv): boolean {
  const width = Math.max(csv.headers.length, ...csv.rows.slice(0, 20).map((row) => row.cells.length));
  const columns = [
    mapping.date,
    mapping.amount,
    mapping.debit,
    mapping.credit,
    mapping.indicator?.column,
    ...mapping.description,
  ].filter((column) => column !== undefined);
  return columns.every((column) => {
    const index = findColumn(column, csv.headers);
    return index !== undefined && index < width;
  });
}

/**
 * A statement file's bytes to rows: the encoding and the format from the content (never the file name), then the
 * format's reader. A CSV is read with `mapping` when given (the mapping step's answer, or the account's saved one)
 * and it fits the file, else with the preset of the bank whose header it has, else it needs the mapping step.
 */
export function readStatementFile(bytes: Uint8Array, options: { mapping?: unknown } = {}): StatementFileRead {
  if (bytes.byteLength === 0) return { kind: "error", error: { code: "EMPTY_FILE" } };
  if (bytes.byteLength > maxStatementBytes) return { kind: "error", error: { code: "FILE_TOO_LARGE" } };
  const decoded = decodeStatement(bytes);
  if (!decoded.ok) return { kind: "error", error: decoded.error };
  const format: StatementFormat | undefined = detectStatementFormat(decoded.text);
  if (!format) return { kind: "error", error: { code: "NOT_A_STATEMENT" } };
  const finish = (
    read: ReturnType<typeof readCamt>,
    extra: { mapping?: CsvMapping; preset?: { id: string; bank: string } } = {},
  ): StatementFileRead =>
    read.ok
      ? { kind: "statement", statement: read.statement, encoding: decoded.encoding, ...extra }
      : { kind: "error", error: read.error };

  switch (format) {
    case "camt":
      return finish(readCamt(decoded.text));
    case "mt940":
      return finish(readMt940(decoded.text));
    case "ofx":
      return finish(readOfx(decoded.text));
    case "qif":
      return finish(readQif(decoded.text));
    case "csv": {
      let csv: SniffedCsv | undefined;
      try {
        csv = sniffCsv(decoded.text);
      } catch (error) {
        if (error instanceof StatementReadError) return { kind: "error", error: error.detail };
        throw error;
      }
      if (!csv) return { kind: "error", error: { code: "NOT_A_STATEMENT" } };
      const given = options.mapping === undefined ? undefined : checkCsvMapping(options.mapping);
      if (given?.ok && mappingFits(given.mapping, csv))
        return finish(readCsv(decoded.text, given.mapping, csv), { mapping: given.mapping });
      const preset = detectBankPreset(csv.headers, csv.rows);
      if (preset) {
        const mapping = presetMapping(preset, csv);
        return finish(readCsv(decoded.text, mapping, csv), { mapping, preset: { id: preset.id, bank: preset.bank } });
      }
      return { kind: "needs-mapping", csv, suggestion: suggestMapping(csv), encoding: decoded.encoding };
    }
  }
}
