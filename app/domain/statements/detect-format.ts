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
    if ((code < 0x20 && code !== 9 && code !== 10 && code !== 12 && code !== 13) || code === 0x7f || code === 0xfffd)
      noise++;
  }
  return noise > sample.length * 0.02;
}

/** The first line that holds more than whitespace, from its first visible character (a loop: no regex over the whitespace). */
function firstLine(sample: string): string {
  let start = 0;
  while (start < sample.length && /\s/.test(sample[start]!)) start++;
  let end = start;
  while (end < sample.length && sample[end] !== "\n" && sample[end] !== "\r") end++;
  return sample.slice(start, end);
}

/**
 * Where the markup starts after the whitespace, comments and processing instructions (`<?xml …?>`) that may open an
 * XML file, with `skip` saying which instructions to pass (OFX 2 keeps its `<?OFX …?>` as the marker). A plain loop
 * with indexOf: the pattern it replaces, `(?:\s*<!--[\s\S]*?-->)*`, took 13.7 s over 28 empty comments (issue 20).
 */
function afterProlog(sample: string, skip: (instruction: string) => boolean): number {
  let at = 0;
  for (;;) {
    while (at < sample.length && /\s/.test(sample[at]!)) at++;
    if (sample.startsWith("<!--", at)) {
      const end = sample.indexOf("-->", at + 4);
      if (end === -1) return at;
      at = end + 3;
    } else if (sample.startsWith("<?", at)) {
      const end = sample.indexOf(">", at + 2);
      if (end === -1 || sample[end - 1] !== "?" || !skip(sample.slice(at + 2, end - 1))) return at;
      at = end + 1;
    } else {
      return at;
    }
  }
}

/** OFX 1's `OFXHEADER:100` block, OFX 2's `<?OFX OFXHEADER="200" …?>`, or a header-less file that opens with `<OFX>`. */
function isOfx(sample: string): boolean {
  if (/^OFXHEADER\s*:/i.test(firstLine(sample))) return true;
  const start = afterProlog(sample, (instruction) => /^xml\b/i.test(instruction));
  return /^(?:<\?OFX\b|<OFX>)/i.test(sample.slice(start, start + 8));
}

/** ISO 20022 cash management: a `Document` root naming camt.052/053/054 or holding one of their messages. */
function isCamt(sample: string): boolean {
  const start = afterProlog(sample, () => true);
  const root = /^<(?:[\w.-]+:)?Document\b([^>]*)>/.exec(sample.slice(start));
  if (!root) return false;
  return /camt\.05[234]\./.test(root[1]!) || /[<:]BkToCstmr(?:Stmt|AcctRpt|DbtCdtNtfctn)\b/.test(sample);
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
