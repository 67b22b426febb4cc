import type { StatementFormat } from "./statement";

/**
 * Which reader a file needs, from its content: file names lie ("export.txt", "statement.xml" holding OFX). Only the
 * beginning is looked at, so a 10 MB file costs no more than a small one.
 */

const sampleLength = 64 * 1024;

/** Bytes that are not text (a PDF, an image, a spreadsheet) decode into control characters and replacement marks. */
function looksBinary(sample: string): boolean {
  if (sample.startsWith("%PDF-") || sample.includes("\0")) return true;
  let noise = 0;
  for (let index = 0; index < sample.length; index++) {
    const code = sample.charCodeAt(index);
    // Tab, line feed, form feed and carriage return are text; the other C0 controls, DEL and U+FFFD are not.
    if ((code < 0x20 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 0x7f || code === 0xfffd) noise++;
  }
  return noise > sample.length * 0.02;
}

function firstLine(sample: string): string {
  return /^[^\S\r\n]*(\S[^\r\n]*)/m.exec(sample)?.[1] ?? "";
}

/** OFX 1's `OFXHEADER:100` block, OFX 2's `<?OFX OFXHEADER="200" …?>`, or a header-less file that opens with `<OFX>`. */
function isOfx(sample: string): boolean {
  if (/^OFXHEADER\s*:/i.test(firstLine(sample))) return true;
  return /^(?:\s*<\?(?:xml|OFX)\b[^>]*\?>|\s*<!--[\s\S]*?-->)*\s*(?:<\?OFX\b|<OFX>)/i.test(sample);
}

/** ISO 20022 cash management: a `Document` root naming camt.052/053/054 or holding one of their messages. */
function isCamt(sample: string): boolean {
  const root = /^(?:\s*<\?[^>]*\?>|\s*<!--[\s\S]*?-->)*\s*<(?:[\w.-]+:)?Document\b([^>]*)>/.exec(sample);
  if (!root) return false;
  return /camt\.05[234]\./.test(root[1]!) || /<(?:[\w.-]+:)?BkToCstmr(?:Stmt|AcctRpt|DbtCdtNtfctn)\b/.test(sample);
}

/** SWIFT MT940/MT942: the tags open their lines (after a `{4:` block start at most), never mid-line as in a CSV cell. */
function isMt940(sample: string): boolean {
  return /^(?:\{4:\s*)?:20:/m.test(sample) && /^:25P?:/m.test(sample) && /^:(?:60[FM]|61|34F|13D):/m.test(sample);
}

/** QIF opens with a header line; Quicken writes the account list or options before the first `!Type:`. */
function isQif(sample: string): boolean {
  return /^!(?:Type:|Account|Option|Clear:)/i.test(firstLine(sample));
}

function isDelimited(sample: string): boolean {
  return /[,;\t|]/.test(sample);
}

export function detectStatementFormat(text: string): StatementFormat | undefined {
  const sample = text.replace(/^\uFEFF/, "").slice(0, sampleLength);
  if (!sample.trim() || looksBinary(sample)) return undefined;
  if (isQif(sample)) return "qif";
  if (isOfx(sample)) return "ofx";
  if (isCamt(sample)) return "camt";
  // Markup that is neither (HTML, another XML) is no statement, however many commas its text holds.
  if (firstLine(sample).startsWith("<")) return undefined;
  if (isMt940(sample)) return "mt940";
  return isDelimited(sample) ? "csv" : undefined;
}
