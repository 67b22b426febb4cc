import { XMLParser, XMLValidator } from "fast-xml-parser";

import { normaliseIban } from "../iban";
import { parseStatementAmount, readOriginalAmount } from "./amounts";
import { isoDate } from "./dates";
import {
  cleanText,
  maxStatementRows,
  readStatementSafely,
  shortened,
  StatementReadError,
  type Statement,
  type StatementBalance,
  type StatementErrorCode,
  type StatementRead,
  type StatementRow,
} from "./statement";

/**
 * ISO 20022 cash-management statements: camt.053 (end-of-day statement), camt.052 (intraday report) and camt.054
 * (debit/credit notification), versions 001.02 to 001.13. The versions differ in a handful of places this reader
 * accepts both ways (entry status as text or as `Sts/Cd`, parties as `Cdtr/Nm` or `Cdtr/Pty/Nm`, a transaction's
 * amount as `TxDtls/Amt` or `TxDtls/AmtDtls/TxAmt/Amt`); namespaces and prefixes are ignored, local names decide.
 */

type XmlNode = unknown;

/** The three messages and the name of their repeated report element. */
const messages = [
  { root: "BkToCstmrStmt", report: "Stmt" },
  { root: "BkToCstmrAcctRpt", report: "Rpt" },
  { root: "BkToCstmrDbtCdtNtfctn", report: "Ntfctn" },
] as const;

const repeated = new Set([
  "Stmt",
  "Rpt",
  "Ntfctn",
  "Ntry",
  "NtryDtls",
  "TxDtls",
  "Bal",
  "Ustrd",
  "Strd",
  "AddtlNtryInf",
  "AddtlTxInf",
]);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  // Amounts, references and IBANs stay text: "0012.50" and "000123" must not turn into numbers.
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name, _path, _leaf, isAttribute) => !isAttribute && repeated.has(name),
});

export function readCamt(text: string): StatementRead {
  return readStatementSafely(() => readDocument(text));
}

function fail(code: StatementErrorCode, element?: string, value?: string): never {
  throw new StatementReadError({
    code,
    ...(element ? { element } : {}),
    ...(value ? { value: shortened(value) } : {}),
  });
}

function readDocument(raw: string): Statement {
  const text = raw.replace(/^\uFEFF/, "");
  if (!text.trim()) fail("EMPTY_FILE");
  if (!text.trimStart().startsWith("<")) fail("NOT_A_STATEMENT");
  // Parsing takes about a second per megabyte: a file with more entries than one import may hold is refused before.
  const entries = text.match(/<(?:[\w.-]+:)?Ntry[\s>]/g)?.length ?? 0;
  if (entries > maxStatementRows) fail("TOO_MANY_ROWS", undefined, String(entries));
  const validation = XMLValidator.validate(text);
  if (validation !== true) {
    throw new StatementReadError({
      code: "BROKEN_XML",
      line: validation.err.line,
      value: shortened(validation.err.msg, 80),
    });
  }
  let tree: XmlNode;
  try {
    tree = parser.parse(text);
  } catch (error) {
    fail("BROKEN_XML", undefined, error instanceof Error ? error.message : undefined);
  }

  const found = findMessage(tree, 4);
  if (!found) fail("NOT_A_STATEMENT");
  const reports = list(found.body, found.report);
  if (reports.length === 0) fail("MISSING_FIELD", found.report);
  return readReports(reports, found.report);
}

/** The message under `Document`, which some banks wrap in an envelope (a business application header, a SOAP body). */
function findMessage(node: XmlNode, depth: number): { body: XmlNode; report: string } | undefined {
  if (!isRecord(node)) return undefined;
  for (const message of messages) {
    const body = child(node, message.root);
    if (body !== undefined) return { body, report: message.report };
  }
  if (depth === 0) return undefined;
  for (const [name, value] of Object.entries(node)) {
    if (name.startsWith("@_") || name === "#text") continue;
    const found = findMessage(Array.isArray(value) ? value[0] : value, depth - 1);
    if (found) return found;
  }
  return undefined;
}

function readReports(reports: readonly XmlNode[], reportName: string): Statement {
  const statement: Statement = { format: "camt", rows: [] };
  let entryNumber = 0;
  reports.forEach((report, index) => {
    const where = `${reportName} ${index + 1}`;
    const account = child(report, "Acct");
    const iban = text(path(account, "Id", "IBAN"));
    statement.accountIban ??= iban ? normaliseIban(iban) : undefined;
    statement.currency ??= text(child(account, "Ccy"));

    const balances = readBalances(report, where);
    if (balances.opening) statement.opening ??= balances.opening;
    if (balances.closing) statement.closing = balances.closing;

    for (const entry of list(report, "Ntry")) {
      entryNumber += 1;
      statement.rows.push(...readEntry(entry, entryNumber));
    }
  });
  statement.currency ??= statement.rows.find((row) => row.currency)?.currency;
  if (statement.accountIban === undefined) delete statement.accountIban;
  if (statement.currency === undefined) delete statement.currency;
  return statement;
}

function readBalances(report: XmlNode, where: string): { opening?: StatementBalance; closing?: StatementBalance } {
  const found: Partial<Record<"OPBD" | "PRCD" | "CLBD", StatementBalance>> = {};
  list(report, "Bal").forEach((balance, index) => {
    const type = text(path(balance, "Tp", "CdOrPrtry", "Cd")) ?? text(path(balance, "Tp", "CdOrPrtry", "Prtry"));
    if (type !== "OPBD" && type !== "PRCD" && type !== "CLBD") return;
    const at = `${where} / Bal ${index + 1}`;
    const amount = readAmount(child(balance, "Amt"), `${at} / Amt`);
    const sign = readDirection(balance, `${at} / CdtDbtInd`);
    const on = readDate(child(balance, "Dt"), `${at} / Dt`);
    if (on === undefined) fail("MISSING_FIELD", `${at} / Dt`);
    found[type] ??= { amountMinor: signed(amount.minor, sign), on };
  });
  return { opening: found.OPBD ?? found.PRCD, closing: found.CLBD };
}

/** What one transaction inside an entry says, wherever each version puts it. */
interface TransactionDetails {
  node: XmlNode;
  where: string;
  amount?: { minor: number; currency?: string };
  direction?: "CRDT" | "DBIT";
}

function readEntry(entry: XmlNode, number: number): StatementRow[] {
  const where = `Ntry ${number}`;
  const status = text(child(entry, "Sts")) ?? text(path(entry, "Sts", "Cd")) ?? text(path(entry, "Sts", "Prtry"));
  // Pending and information-only entries are not on the account yet; the next statement books them.
  if (status !== undefined && status.toUpperCase() !== "BOOK") return [];

  const amount = readAmount(child(entry, "Amt"), `${where} / Amt`);
  const direction = readDirection(entry, `${where} / CdtDbtInd`);
  // ISO 20022: CdtDbtInd is the direction of this entry, a reversal included ("CRDT and RvslInd true: the original
  // operation was a debit"), so balances add up without flipping. The reversal only tells whose name to show: the
  // parties are those of the original transaction.
  const reversal = /^(?:true|1)$/i.test(text(child(entry, "RvslInd")) ?? "");
  const bookedOn = readDate(child(entry, "BookgDt"), `${where} / BookgDt`);
  const valueOn = readDate(child(entry, "ValDt"), `${where} / ValDt`);
  const entryReference = text(child(entry, "AcctSvcrRef"));
  const entryInformation = joined(list(entry, "AddtlNtryInf"));

  const details: TransactionDetails[] = [];
  for (const group of list(entry, "NtryDtls")) {
    for (const node of list(group, "TxDtls")) {
      const at = `${where} / TxDtls ${details.length + 1}`;
      const ownAmount = child(node, "Amt") ?? path(node, "AmtDtls", "TxAmt", "Amt");
      const ownDirection = text(child(node, "CdtDbtInd"));
      details.push({
        node,
        where: at,
        amount: ownAmount === undefined ? undefined : readAmount(ownAmount, `${at} / Amt`),
        direction: ownDirection === "CRDT" || ownDirection === "DBIT" ? ownDirection : undefined,
      });
    }
  }

  const bookedOrValued = bookedOn ?? valueOn;
  if (bookedOrValued === undefined) return fail("MISSING_FIELD", `${where} / BookgDt`);
  const base = { bookedOn: bookedOrValued, valueOn, currency: amount.currency, line: number };
  const entryAmount = signed(amount.minor, direction);

  if (splitsExactly(details, amount.currency, direction, entryAmount)) {
    return details.map((detail) => {
      const own = detail.direction ?? direction;
      return row({
        ...base,
        ...describe(detail.node, reversal ? opposite(own) : own, entryInformation),
        amountMinor: signed(detail.amount?.minor ?? 0, own),
        original: originalAmount(detail.node, amount.currency),
        // Each part needs its own reference, or every part would look like a duplicate of the first.
        reference: text(path(detail.node, "Refs", "AcctSvcrRef")),
      });
    });
  }

  const only = details.length === 1 ? details[0]?.node : undefined;
  const batchText = details
    .map((detail) => remittance(detail.node))
    .filter(Boolean)
    .join("; ");
  const described =
    only === undefined
      ? { description: entryInformation || batchText }
      : describe(only, reversal ? opposite(direction) : direction, entryInformation);
  return [
    row({
      ...base,
      ...described,
      amountMinor: entryAmount,
      original: only === undefined ? undefined : originalAmount(only, amount.currency),
      reference: entryReference ?? text(path(only, "Refs", "AcctSvcrRef")),
    }),
  ];
}

/** A batch becomes one row per transaction only when their amounts, in the entry's currency, add up to the entry. */
function splitsExactly(
  details: readonly TransactionDetails[],
  currency: string | undefined,
  direction: "CRDT" | "DBIT",
  entryAmount: number,
): boolean {
  if (details.length < 2) return false;
  let sum = 0;
  for (const detail of details) {
    if (!detail.amount) return false;
    if (detail.amount.currency && currency && detail.amount.currency !== currency) return false;
    sum += signed(detail.amount.minor, detail.direction ?? direction);
  }
  return sum === entryAmount;
}

function describe(
  transaction: XmlNode,
  originalDirection: "CRDT" | "DBIT",
  entryInformation: string,
): { description: string; counterparty?: string; counterpartyIban?: string } {
  // Money in comes from the debtor, money out goes to the creditor.
  const role = originalDirection === "CRDT" ? "Dbtr" : "Cdtr";
  const parties = child(transaction, "RltdPties");
  const name = partyName(child(parties, role)) ?? partyName(child(parties, `Ultmt${role}`));
  const iban = text(path(parties, `${role}Acct`, "Id", "IBAN"));
  return {
    description: remittance(transaction) || joined(list(transaction, "AddtlTxInf")) || entryInformation,
    counterparty: name,
    counterpartyIban: iban ? normaliseIban(iban) : undefined,
  };
}

/** Unstructured remittance lines joined, or else the structured creditor reference. */
function remittance(transaction: XmlNode): string {
  const information = child(transaction, "RmtInf");
  const lines = joined(list(information, "Ustrd"));
  if (lines) return lines;
  return joined(list(information, "Strd").map((structured) => path(structured, "CdtrRefInf", "Ref")));
}

/** Versions up to 001.07 name the party directly; later ones wrap it in `Pty` (or name an agent instead). */
function partyName(party: XmlNode): string | undefined {
  const name = cleanText(text(child(party, "Nm")) ?? text(path(party, "Pty", "Nm")));
  return name || undefined;
}

function readAmount(node: XmlNode, where: string): { minor: number; currency?: string } {
  const value = text(node);
  if (value === undefined) fail("MISSING_FIELD", where);
  // xs:decimal as ISO 20022 writes amounts: digits, an optional point, never a sign or a group separator.
  const minor = /^\s*\d+(?:\.\d*)?\s*$/.test(value) ? parseStatementAmount(value, ".") : undefined;
  if (minor === undefined) fail("INVALID_AMOUNT", where, value);
  const currency = attribute(node, "Ccy");
  return currency ? { minor, currency } : { minor };
}

function readDirection(node: XmlNode, where: string): "CRDT" | "DBIT" {
  const value = text(child(node, "CdtDbtInd"));
  if (value === "CRDT" || value === "DBIT") return value;
  return value === undefined ? fail("MISSING_FIELD", where) : fail("INVALID_AMOUNT", where, value);
}

/** `<Dt>` or `<DtTm>` inside a date choice; a date-time keeps the bank's own calendar day. */
function readDate(choice: XmlNode, where: string): string | undefined {
  if (choice === undefined) return undefined;
  const value = text(child(choice, "Dt")) ?? text(child(choice, "DtTm"));
  if (value === undefined) return undefined;
  const match = /^\s*(\d{4})-(\d{2})-(\d{2})(?:$|[TZ+\-\s])/.exec(value);
  const date = match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
  if (date === undefined) fail("INVALID_DATE", where, value);
  return date;
}

/**
 * A card payment abroad: the instructed amount (what the shop charged, `AmtDtls/InstdAmt`), or the transaction
 * amount when the bank gives it in another currency than the entry's.
 */
function originalAmount(transaction: XmlNode, entryCurrency: string | undefined) {
  for (const amount of [
    path(transaction, "AmtDtls", "InstdAmt", "Amt"),
    path(transaction, "AmtDtls", "TxAmt", "Amt"),
  ]) {
    const found = readOriginalAmount(text(amount), attribute(amount, "Ccy"), ".", entryCurrency);
    if (found) return found;
  }
  return undefined;
}

function signed(minor: number, direction: "CRDT" | "DBIT"): number {
  return direction === "DBIT" && minor !== 0 ? -minor : minor;
}

function opposite(direction: "CRDT" | "DBIT"): "CRDT" | "DBIT" {
  return direction === "CRDT" ? "DBIT" : "CRDT";
}

type RowFields = Omit<
  StatementRow,
  "valueOn" | "currency" | "counterparty" | "counterpartyIban" | "reference" | "original"
> & { original?: StatementRow["original"] | undefined } & Partial<
    Record<"valueOn" | "currency" | "counterparty" | "counterpartyIban" | "reference", string | undefined>
  >;

/** A row holding only what the file said: optional fields that came out empty are left off. */
function row(fields: RowFields): StatementRow {
  const result: StatementRow = {
    bookedOn: fields.bookedOn,
    amountMinor: fields.amountMinor,
    description: cleanText(fields.description),
    line: fields.line,
  };
  for (const key of ["valueOn", "currency", "counterparty", "counterpartyIban", "reference"] as const) {
    const value = cleanText(fields[key]);
    if (value) result[key] = value;
  }
  if (fields.original) result.original = fields.original;
  return result;
}

function joined(values: readonly XmlNode[]): string {
  return cleanText(
    values
      .map((value) => text(value))
      .filter((value): value is string => value !== undefined)
      .join(" "),
  );
}

function isRecord(node: XmlNode): node is Record<string, unknown> {
  return typeof node === "object" && node !== null && !Array.isArray(node);
}

function child(node: XmlNode, name: string): XmlNode {
  if (!isRecord(node)) return undefined;
  const value = node[name];
  return Array.isArray(value) ? value[0] : value;
}

function list(node: XmlNode, name: string): XmlNode[] {
  if (!isRecord(node)) return [];
  const value = node[name];
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function path(node: XmlNode, ...names: string[]): XmlNode {
  return names.reduce<XmlNode>((current, name) => child(current, name), node);
}

/** An element's text: a plain string, or the text beside its attributes; undefined when absent or empty. */
function text(node: XmlNode): string | undefined {
  const value = isRecord(node) ? node["#text"] : node;
  if (typeof value !== "string" && typeof value !== "number") return undefined;
  const trimmed = String(value).trim();
  return trimmed || undefined;
}

function attribute(node: XmlNode, name: string): string | undefined {
  if (!isRecord(node)) return undefined;
  const value = node[`@_${name}`];
  return typeof value === "string" && value.trim() ? value.trim() : undefined;
}
