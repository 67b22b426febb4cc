import { isValidIban, normaliseIban } from "../iban";
import { parseStatementAmount } from "./amounts";
import { isoDate } from "./dates";
import {
  cleanText,
  readStatementSafely,
  shortened,
  StatementReadError,
  type Statement,
  type StatementBalance,
  type StatementRead,
  type StatementRow,
} from "./statement";

/**
 * OFX and QFX statements (OFX 1.x SGML, OFX 2.x XML; QFX is OFX with Quicken's `INTU.*` elements). One reader serves
 * both: SGML leaves need no end tag (`<TRNAMT>-12.50`), so an element followed by text is a leaf whatever follows,
 * and an element left open when its parent closes was an empty one. That rule also reads well-formed XML unchanged.
 */

interface OfxElement {
  name: string;
  line: number;
  text?: string;
  children: OfxElement[];
}

/** The aggregates this reader looks into; OFX requires their end tags even in SGML. */
const aggregates = new Set([
  "OFX",
  "SIGNONMSGSRSV1",
  "SONRS",
  "STATUS",
  "BANKMSGSRSV1",
  "CREDITCARDMSGSRSV1",
  "STMTTRNRS",
  "CCSTMTTRNRS",
  "STMTRS",
  "CCSTMTRS",
  "BANKACCTFROM",
  "CCACCTFROM",
  "BANKTRANLIST",
  "STMTTRN",
  "PAYEE",
  "CURRENCY",
  "LEDGERBAL",
  "AVAILBAL",
]);

const namedEntities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,6});/gi, (whole, body: string) => {
    if (body.startsWith("#")) {
      const code = body[1] === "x" || body[1] === "X" ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return namedEntities[body.toLowerCase()] ?? whole;
  });
}

function broken(element: string, line: number, value?: string): StatementReadError {
  return new StatementReadError({
    code: "BROKEN_XML",
    element,
    line,
    ...(value === undefined ? {} : { value: shortened(value) }),
  });
}

const tagPattern = /<(\/?)([A-Z_][\w.:-]*)((?:[^\w<>.:-][^<>]*)?)>/iy;

function countLines(text: string, from: number, to: number): number {
  let lines = 0;
  for (let index = from; index < to; index++) if (text.charCodeAt(index) === 10) lines++;
  return lines;
}

/** The element tree from `<OFX>` on; the header before it (OFX 1 `KEY:VALUE` lines or OFX 2 `<?OFX …?>`) says nothing we need. */
function parseElements(text: string, from: number): OfxElement {
  let line = 1 + countLines(text, 0, from);
  const document: OfxElement = { name: "", line, children: [] };
  const open: OfxElement[] = [document];
  let pendingText = "";
  // The element the previous tag opened: text after it makes it a leaf. And the leaf just read, whose end tag may follow.
  let justOpened: OfxElement | undefined;
  let justRead: OfxElement | undefined;

  const takeText = () => {
    const value = pendingText.trim();
    pendingText = "";
    if (value && justOpened) {
      justOpened.text = decodeEntities(value);
      open.pop();
      justRead = justOpened;
    }
    // Text between aggregates carries nothing OFX defines.
    justOpened = undefined;
  };

  const close = (name: string, at: number) => {
    const index = open.findLastIndex((element) => element.name === name);
    if (index <= 0) throw broken(`</${name}>`, at);
    while (open.length - 1 > index) {
      // An SGML element left open is an empty leaf; what came after it belongs to its parent. Aggregates always close,
      // so one left open means a lost end tag, and reading on would silently merge or drop transactions.
      const unclosed = open.pop()!;
      if (aggregates.has(unclosed.name)) throw broken(unclosed.name, unclosed.line);
      const parent = open.at(-1)!;
      for (const child of unclosed.children) parent.children.push(child);
      unclosed.children = [];
    }
    open.pop();
  };

  let at = from;
  while (at < text.length) {
    const lt = text.indexOf("<", at);
    const end = lt === -1 ? text.length : lt;
    pendingText += text.slice(at, end);
    line += countLines(text, at, end);
    if (lt === -1) break;
    at = lt;
    const next = text[at + 1] ?? "";
    if (text.startsWith("<![CDATA[", at)) {
      const stop = text.indexOf("]]>", at);
      if (stop === -1) throw broken("CDATA", line);
      pendingText += text.slice(at + 9, stop).replaceAll("&", "&amp;");
      line += countLines(text, at, stop);
      at = stop + 3;
      continue;
    }
    const skipTo = text.startsWith("<!--", at) ? "-->" : next === "?" ? "?>" : next === "!" ? ">" : undefined;
    if (skipTo) {
      const stop = text.indexOf(skipTo, at);
      if (stop === -1) throw broken(text.slice(at, at + 4), line);
      line += countLines(text, at, stop);
      at = stop + skipTo.length;
      continue;
    }
    tagPattern.lastIndex = at;
    const tag = tagPattern.exec(text);
    if (!tag) {
      if (/[A-Z_/]/i.test(next)) throw broken(text.slice(at, at + 12).split(/[\s>]/)[0]!, line);
      // A lone "<" in free text ("Spaar < 5 jaar"), which SGML exporters do not always escape.
      pendingText += "<";
      at += 1;
      continue;
    }
    const [whole, slash, rawName, rest] = tag;
    const name = rawName!.toUpperCase();
    takeText();
    if (slash) {
      if (justRead?.name !== name) close(name, line);
      justRead = undefined;
    } else {
      justRead = undefined;
      const element: OfxElement = { name, line, children: [] };
      open.at(-1)!.children.push(element);
      if (!rest!.trimEnd().endsWith("/")) {
        open.push(element);
        justOpened = element;
      }
    }
    line += countLines(whole, 0, whole.length);
    at += whole.length;
  }
  takeText();
  if (open.length > 1) {
    const unclosed = open.slice(1).findLast((element) => element.children.length > 0) ?? open[1]!;
    throw broken(unclosed.name, unclosed.line);
  }
  return document;
}

function child(element: OfxElement | undefined, name: string): OfxElement | undefined {
  return element?.children.find((candidate) => candidate.name === name);
}

function childText(element: OfxElement | undefined, ...path: string[]): string | undefined {
  let current = element;
  for (const name of path) current = child(current, name);
  const value = cleanText(current?.text);
  return value || undefined;
}

/** Every bank and credit card statement, in file order, without recursion (a hostile file may nest deeply). */
function findStatements(document: OfxElement): OfxElement[] {
  const found: OfxElement[] = [];
  const stack = [document];
  while (stack.length > 0) {
    const element = stack.pop()!;
    if (element.name === "STMTRS" || element.name === "CCSTMTRS") found.push(element);
    else for (let index = element.children.length - 1; index >= 0; index--) stack.push(element.children[index]!);
  }
  return found;
}

/** OFX dates are YYYYMMDD[HHMMSS[.XXX]][[+-]h:TZ]]; the day the bank gives is the day we keep. */
function ofxDate(value: string): string | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})/.exec(value);
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : undefined;
}

/** OFX allows a point or a comma as decimal separator and no grouping; the last of the two is the decimal one. */
function ofxAmount(value: string): number | undefined {
  return parseStatementAmount(value, value.lastIndexOf(",") > value.lastIndexOf(".") ? "," : ".");
}

function currencyCode(value: string | undefined): string | undefined {
  const code = value?.toUpperCase();
  return code && /^[A-Z]{3}$/.test(code) ? code : undefined;
}

function requiredText(transaction: OfxElement, name: string, entry: number): { value: string; line: number } {
  const element = child(transaction, name);
  const value = cleanText(element?.text);
  if (!element || !value)
    throw new StatementReadError({
      code: "MISSING_FIELD",
      element: `STMTTRN ${entry} / ${name}`,
      line: element?.line ?? transaction.line,
    });
  return { value, line: element.line };
}

function readTransaction(transaction: OfxElement, entry: number, statementCurrency: string | undefined): StatementRow {
  const posted = requiredText(transaction, "DTPOSTED", entry);
  const bookedOn = ofxDate(posted.value);
  if (!bookedOn)
    throw new StatementReadError({
      code: "INVALID_DATE",
      element: `STMTTRN ${entry} / DTPOSTED`,
      line: posted.line,
      value: shortened(posted.value),
    });
  const amount = requiredText(transaction, "TRNAMT", entry);
  const amountMinor = ofxAmount(amount.value);
  if (amountMinor === undefined)
    throw new StatementReadError({
      code: "INVALID_AMOUNT",
      element: `STMTTRN ${entry} / TRNAMT`,
      line: amount.line,
      value: shortened(amount.value),
    });
  const userDate = childText(transaction, "DTUSER");
  // DTUSER is optional and some banks fill it loosely; an unreadable one is left out rather than failing the file.
  const valueOn = userDate ? ofxDate(userDate) : undefined;
  const counterparty = childText(transaction, "NAME") ?? childText(transaction, "PAYEE", "NAME");
  const currency = currencyCode(childText(transaction, "CURRENCY", "CURSYM")) ?? statementCurrency;
  const reference = childText(transaction, "FITID");
  return {
    bookedOn,
    ...(valueOn ? { valueOn } : {}),
    amountMinor,
    ...(currency ? { currency } : {}),
    description: childText(transaction, "MEMO") ?? counterparty ?? "",
    ...(counterparty ? { counterparty } : {}),
    ...(reference ? { reference } : {}),
    line: transaction.line,
  };
}

function readBalance(statement: OfxElement): StatementBalance | undefined {
  const ledger = child(statement, "LEDGERBAL");
  const amount = childText(ledger, "BALAMT");
  const asOf = childText(ledger, "DTASOF");
  if (!ledger || !amount || !asOf) return undefined;
  const amountMinor = ofxAmount(amount);
  if (amountMinor === undefined)
    throw new StatementReadError({
      code: "INVALID_AMOUNT",
      element: "LEDGERBAL / BALAMT",
      line: ledger.line,
      value: shortened(amount),
    });
  const on = ofxDate(asOf);
  if (!on)
    throw new StatementReadError({
      code: "INVALID_DATE",
      element: "LEDGERBAL / DTASOF",
      line: ledger.line,
      value: shortened(asOf),
    });
  return { amountMinor, on };
}

function readDocument(text: string): Statement {
  if (!text.trim()) throw new StatementReadError({ code: "EMPTY_FILE" });
  const start = text.search(/<OFX[\s>]/i);
  if (start === -1) throw new StatementReadError({ code: "NOT_A_STATEMENT" });
  const statements = findStatements(parseElements(text, start));
  if (statements.length === 0) throw new StatementReadError({ code: "NOT_A_STATEMENT", element: "STMTRS" });

  const rows: StatementRow[] = [];
  const accounts = new Set<string>();
  const currencies = new Set<string | undefined>();
  let closing: StatementBalance | undefined;
  for (const statement of statements) {
    const currency = currencyCode(childText(statement, "CURDEF"));
    currencies.add(currency);
    const account = childText(statement, "BANKACCTFROM", "ACCTID") ?? childText(statement, "CCACCTFROM", "ACCTID");
    accounts.add(account ? normaliseIban(account) : "");
    for (const transaction of child(statement, "BANKTRANLIST")?.children ?? []) {
      if (transaction.name === "STMTTRN") rows.push(readTransaction(transaction, rows.length + 1, currency));
    }
    const balance = readBalance(statement);
    if (balance && (!closing || balance.on >= closing.on)) closing = balance;
  }

  // Several statements of one account (months in a row) share a closing balance; of several accounts, none is "the" one.
  const [account] = accounts;
  const oneAccount = accounts.size === 1;
  const [currency] = currencies;
  return {
    format: "ofx",
    ...(oneAccount && account && isValidIban(account) ? { accountIban: account } : {}),
    ...(currencies.size === 1 && currency ? { currency } : {}),
    ...(oneAccount && closing ? { closing } : {}),
    rows,
  };
}

/** Reads an OFX or QFX file's bank and credit card statements into one statement of rows in file order. */
export function readOfx(text: string): StatementRead {
  return readStatementSafely(() => readDocument(text));
}
