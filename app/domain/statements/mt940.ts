import { isValidIban, normaliseIban } from "../iban";
import { parseStatementAmount } from "./amounts";
import { fullYear, isoDate } from "./dates";
import {
  cleanText,
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
 * SWIFT MT940 (customer statement) and MT942 (interim transaction report), as banks export them: with or without the
 * `{1:…}{2:…}{4:` … `-}` envelope, several statements one after another, CRLF, LF or `@@` between lines. Each `:61:`
 * statement line is a row; the `:86:` after it says who and why, in German/Polish `?NN` subfields, Dutch `/TAG/`
 * fields or free text.
 */

export function readMt940(text: string): StatementRead {
  return readStatementSafely(() => readFile(text));
}

interface Field {
  tag: string;
  /** The tag's first line without the tag, then its continuation lines. */
  lines: string[];
  /** 1-based physical line of the tag. */
  line: number;
}

function fail(code: StatementErrorCode, field: Pick<Field, "tag" | "line">, value?: string): never {
  throw new StatementReadError({
    code,
    line: field.line,
    element: `:${field.tag}:`,
    ...(value ? { value: shortened(value) } : {}),
  });
}

function readFile(raw: string): Statement {
  const text = raw.replace(/^\uFEFF/, "");
  if (!text.trim()) throw new StatementReadError({ code: "EMPTY_FILE" });
  const statements = splitStatements(text);
  const balanceTags = /^6[02][FM]$/;
  if (
    !statements.some((fields) =>
      fields.some((field) => field.tag === "25" || field.tag === "61" || balanceTags.test(field.tag)),
    )
  ) {
    throw new StatementReadError({ code: "NOT_A_STATEMENT" });
  }

  const statement: Statement = { format: "mt940", rows: [] };
  for (const fields of statements) {
    const firstRow = statement.rows.length;
    let currency: string | undefined;
    let current: { row: StatementRow; described: boolean } | undefined;
    for (const field of fields) {
      switch (field.tag) {
        case "25": {
          const iban = accountIban(field.lines[0] ?? "");
          if (iban && statement.accountIban === undefined) statement.accountIban = iban;
          break;
        }
        case "60F":
        case "60M": {
          const balance = readBalance(field);
          currency ??= balance.currency;
          statement.opening ??= balance.balance;
          break;
        }
        case "62F":
        case "62M": {
          const balance = readBalance(field);
          currency ??= balance.currency;
          statement.closing = balance.balance;
          current = undefined;
          break;
        }
        case "34F":
          currency ??= /^[A-Z]{3}/.exec(field.lines[0] ?? "")?.[0];
          break;
        case "61": {
          const row = readStatementLine(field);
          statement.rows.push(row);
          current = { row, described: false };
          break;
        }
        case "86":
          // An :86: before the first :61: or after the closing balance is about the whole statement, not a row.
          if (current && !current.described) {
            Object.assign(current.row, describe(field.lines, current.row.description));
            current.described = true;
          }
          break;
        default:
          break;
      }
    }
    if (currency) for (const row of statement.rows.slice(firstRow)) row.currency = currency;
    statement.currency ??= currency;
  }
  if (statement.currency === undefined) delete statement.currency;
  return statement;
}

/** Physical lines, then `@@`-separated pieces of them, grouped into fields and statements; the envelope is dropped. */
function splitStatements(text: string): Field[][] {
  const statements: Field[][] = [];
  let fields: Field[] = [];
  const finish = () => {
    if (fields.length > 0) statements.push(fields);
    fields = [];
  };
  text.split(/\r\n|\r|\n/).forEach((physical, index) => {
    for (let piece of physical.split("@@")) {
      piece = piece.trimEnd();
      if (/^\{[1-3]:/.test(piece)) {
        const body = piece.indexOf("{4:");
        if (body === -1) continue;
        piece = piece.slice(body + 3);
      } else if (piece.startsWith("{4:")) piece = piece.slice(3);
      if (/^\{5:/.test(piece)) continue;
      if (/^-\}?(?:\{5:.*)?$/.test(piece.trim())) {
        finish();
        continue;
      }
      const tagged = /^\s*:(\d{2}[A-Z]?):(.*)$/.exec(piece);
      if (tagged) {
        const tag = tagged[1]!;
        if (tag === "20") finish();
        fields.push({ tag, lines: [tagged[2]!], line: index + 1 });
      } else if (piece.trim()) fields.at(-1)?.lines.push(piece);
    }
  });
  finish();
  return statements;
}

/** `:25:` holds an IBAN, `BIC/IBAN`, `bank code/account`, or (ING) the IBAN with the currency glued on. */
function accountIban(value: string): string | undefined {
  const candidate = normaliseIban(value.slice(value.lastIndexOf("/") + 1));
  if (isValidIban(candidate)) return candidate;
  const withoutCurrency = candidate.replace(/[A-Z]{3}$/, "");
  return withoutCurrency !== candidate && isValidIban(withoutCurrency) ? withoutCurrency : undefined;
}

function readBalance(field: Field): { balance: StatementBalance; currency: string } {
  const value = (field.lines[0] ?? "").trim();
  const match = /^([CD])(\d{6})([A-Z]{3})(.*)$/.exec(value);
  if (!match) fail("MISSING_FIELD", field, value);
  const on = swiftDate(match[2]!);
  if (!on) fail("INVALID_DATE", field, match[2]);
  const amount = /^\d[\d,]*$/.test(match[4]!) ? parseStatementAmount(match[4]!, ",") : undefined;
  if (amount === undefined) fail("INVALID_AMOUNT", field, match[4]);
  return { balance: { amountMinor: match[1] === "D" && amount !== 0 ? -amount : amount, on }, currency: match[3]! };
}

function swiftDate(yymmdd: string): string | undefined {
  return isoDate(fullYear(Number(yymmdd.slice(0, 2))), Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));
}

/**
 * `:61:` value date YYMMDD, [entry date MMDD], C/D/RC/RD, [third letter of the currency], amount with a decimal comma,
 * transaction type (N/F/S + 3), customer reference, [// bank reference], and on the next line supplementary details.
 */
function readStatementLine(field: Field): StatementRow {
  const value = (field.lines[0] ?? "").trim();
  const match = /^(\d{6})(\d{4})?(RC|RD|C|D)[A-Z]?(\d[\d,]*)[NFS][A-Z0-9]{3}(.*)$/.exec(value);
  if (!match) {
    if (!/^\d{6}/.test(value)) fail("INVALID_DATE", field, value);
    if (!/^\d{6}(?:\d{4})?(?:RC|RD|C|D)/.test(value)) fail("MISSING_FIELD", field, value);
    // The amount runs until the transaction type; anything else after its digits means the amount itself is wrong.
    if (!/^\d{6}(?:\d{4})?(?:RC|RD|C|D)[A-Z]?\d[\d,]*(?:[NFS]|$)/.test(value)) fail("INVALID_AMOUNT", field, value);
    fail("MISSING_FIELD", field, value);
  }
  const [valueDate, entryDate, mark, amountText, references] = [match[1]!, match[2], match[3]!, match[4]!, match[5]!];
  const valueOn = swiftDate(valueDate);
  if (!valueOn) fail("INVALID_DATE", field, valueDate);
  const bookedOn = entryDate === undefined ? valueOn : nearestDate(entryDate, valueOn);
  if (!bookedOn) fail("INVALID_DATE", field, entryDate);
  const amount = parseStatementAmount(amountText, ",");
  if (amount === undefined) fail("INVALID_AMOUNT", field, amountText);
  // C and RD (a debit taken back) put money in; D and RC (a credit taken back) take it out.
  const amountMinor = (mark === "D" || mark === "RC") && amount !== 0 ? -amount : amount;

  const split = references.indexOf("//");
  const bankReference = split === -1 ? "" : references.slice(split + 2).trim();
  const supplementary = cleanText(field.lines.slice(1).join(" "));
  const row: StatementRow = { bookedOn, valueOn, amountMinor, description: supplementary, line: field.line };
  if (bankReference && bankReference.toUpperCase() !== "NONREF") row.reference = bankReference;
  return row;
}

/** The entry date MMDD has no year: the one that puts it nearest the value date (a 31 December booking valued 2 January). */
function nearestDate(mmdd: string, valueOn: string): string | undefined {
  const year = Number(valueOn.slice(0, 4));
  const target = Date.parse(valueOn);
  let best: string | undefined;
  for (const candidateYear of [year - 1, year, year + 1]) {
    const candidate = isoDate(candidateYear, Number(mmdd.slice(0, 2)), Number(mmdd.slice(2, 4)));
    if (
      candidate &&
      (best === undefined || Math.abs(Date.parse(candidate) - target) < Math.abs(Date.parse(best) - target))
    )
      best = candidate;
  }
  return best;
}

interface Described {
  description: string;
  counterparty?: string;
  counterpartyIban?: string;
}

/** The `:86:` text in whichever convention the bank uses; `fallback` is the `:61:` supplementary detail. */
function describe(lines: readonly string[], fallback: string): Described {
  // Structured text is wrapped at a fixed width, often inside a word, so its lines join without a space.
  const tight = lines.join("");
  const subfields = germanSubfields(tight);
  const described = subfields
    ? describeSubfields(subfields)
    : (describeTags(tight) ?? describeFreeText(lines.join(" ")));
  return { ...described, description: described.description || fallback };
}

/** German (and Polish) `:86:`: a three-digit transaction code, then `?NN` subfields (some banks use `~` or `^`). */
function germanSubfields(text: string): Map<string, string[]> | undefined {
  const start = /^(?:\d{3})?([?~^])\d{2}/.exec(text);
  if (!start) return undefined;
  const separator = start[1]!;
  const fields = new Map<string, string[]>();
  for (const part of text.split(separator).slice(1)) {
    const code = part.slice(0, 2);
    if (!/^\d{2}$/.test(code)) continue;
    const values = fields.get(code);
    if (values) values.push(part.slice(2));
    else fields.set(code, [part.slice(2)]);
  }
  return fields;
}

const sepaKeywords = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC|COAM|OAMT|PURP|SQTP)\+/g;

function describeSubfields(fields: Map<string, string[]>): Described {
  const pick = (codes: readonly string[]) => codes.flatMap((code) => fields.get(code) ?? []);
  const purposeCodes = ["20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "60", "61", "62", "63"];
  const purpose = joinWrapped(pick(purposeCodes));
  const described: Described = { description: sepaPurpose(purpose) || cleanText(pick(["00"]).join(" ")) };
  const name = joinWrapped(pick(["32", "33"]));
  if (name) described.counterparty = name;
  const iban = [...pick(["31"]), ...pick(["38"])].map(normaliseIban).find(isValidIban);
  if (iban) described.counterpartyIban = iban;
  return described;
}

/**
 * Purpose subfields are 27 characters: a full one was cut by length, maybe inside a word, and joins its successor
 * directly; a shorter one ended where the sender's line ended, and a space follows.
 */
function joinWrapped(parts: readonly string[]): string {
  let result = "";
  parts.forEach((part, index) => {
    const previous = parts[index - 1];
    result += index === 0 || (previous !== undefined && previous.length >= 27) ? part : ` ${part}`;
  });
  return cleanText(result);
}

/** SEPA purpose with keywords ("EREF+… SVWZ+Miete Januar"): the SVWZ text is what the payer wrote. */
function sepaPurpose(purpose: string): string {
  const keywords = [...purpose.matchAll(sepaKeywords)];
  const svwz = keywords.findIndex((keyword) => keyword[1] === "SVWZ");
  if (svwz === -1) return purpose;
  const from = keywords[svwz]!.index + keywords[svwz]![0].length;
  const to = keywords[svwz + 1]?.index ?? purpose.length;
  return cleanText(purpose.slice(from, to)) || purpose;
}

const dutchTags = [
  "TRTP",
  "IBAN",
  "BIC",
  "NAME",
  "REMI",
  "EREF",
  "MARF",
  "CSID",
  "CNTP",
  "ORDP",
  "BENM",
  "ULTC",
  "ULTD",
  "ULTB",
  "PURP",
  "RTRN",
  "PREF",
  "ADDR",
  "ID",
  "ISDT",
];
const dutchTag = new RegExp(`/(${dutchTags.join("|")})/`, "g");

/** Dutch (Rabobank, ING, ABN AMRO SEPA) `:86:`: `/TRTP/SEPA OVERBOEKING/IBAN/NL…/BIC/…/NAME/…/REMI/…/EREF/…`. */
function describeTags(text: string): Described | undefined {
  const trimmed = text.trim();
  const tags = [...trimmed.matchAll(dutchTag)];
  if (tags.length === 0 || tags[0]!.index !== 0) return undefined;
  const values = new Map<string, string>();
  tags.forEach((tag, index) => {
    const value = trimmed.slice(tag.index + tag[0].length, tags[index + 1]?.index ?? trimmed.length);
    if (!values.has(tag[1]!)) values.set(tag[1]!, value.replace(/(?<!\/)\/+$/, ""));
  });
  // ING writes the counterparty as /CNTP/account/BIC/name/city/ and the remittance as /REMI/USTD//text/.
  const counterpartyParts = (values.get("CNTP") ?? "").split("/");
  const remittance = (values.get("REMI") ?? "").replace(/^(USTD|STRD)\/(CUR\/)?\/?/, "");
  const described: Described = { description: cleanText(remittance) || cleanText(values.get("TRTP")) };
  const name = cleanText(values.get("NAME")) || cleanText(counterpartyParts[2]);
  if (name) described.counterparty = name;
  const iban = [values.get("IBAN"), counterpartyParts[0]].map((value) => normaliseIban(value ?? "")).find(isValidIban);
  if (iban) described.counterpartyIban = iban;
  return described;
}

/** Free text, with the labels ABN AMRO puts in it ("Naam: … Omschrijving: …") when they are there. */
function describeFreeText(text: string): Described {
  const cleaned = cleanText(text);
  // cleanText leaves single spaces, so " ?" takes the space after the colon.
  const labels = [
    ...cleaned.matchAll(/\b(IBAN|BIC|Naam|Omschrijving|Kenmerk|Machtiging|Incassant|Betalingskenm\.): ?/g),
  ];
  const labelled = (label: string) => {
    const at = labels.findIndex((match) => match[1] === label);
    if (at === -1) return "";
    return cleanText(cleaned.slice(labels[at]!.index + labels[at]![0].length, labels[at + 1]?.index ?? cleaned.length));
  };
  const described: Described = { description: labelled("Omschrijving") || cleaned };
  const name = labelled("Naam");
  if (name) described.counterparty = name;
  const iban = normaliseIban(labelled("IBAN"));
  if (isValidIban(iban)) described.counterpartyIban = iban;
  return described;
}
