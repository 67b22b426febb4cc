/**
 * Bytes of an uploaded statement to text. Banks still export in the code page of their country (Windows-1250 in
 * Poland, Windows-1252 in Germany, ISO-8859-2 in Czechia), rarely say which, and the text is short: a statistical
 * detector alone guesses wrong (it reads a Polish file as Estonian). So the order is: byte-order mark, UTF-16 by its
 * zero bytes, strict UTF-8, and only then a choice among the single-byte code pages, made by which of them turns the
 * file into words of a real language; the detector only breaks ties.
 */
import { analyse } from "chardet";
import iconv from "iconv-lite";
import type { StatementError } from "./statement";

export type DecodedStatement = { ok: true; text: string; encoding: string } | { ok: false; error: StatementError };

/**
 * Code pages tried when the file is not Unicode, in the order that wins a tie. ISO-8859-1 is not among them: Windows-1252
 * reads every ISO-8859-1 letter the same (browsers treat the two as one), so it is the one name for Western files.
 */
const singleByteEncodings = [
  "windows-1252",
  "windows-1250",
  "ISO-8859-2",
  "windows-1254",
  "windows-1251",
  "KOI8-U",
] as const;

const binarySignatures: readonly { bytes: readonly number[]; kind: string }[] = [
  { bytes: [0x25, 0x50, 0x44, 0x46, 0x2d], kind: "PDF" },
  { bytes: [0x89, 0x50, 0x4e, 0x47], kind: "image" },
  { bytes: [0xff, 0xd8, 0xff], kind: "image" },
  { bytes: [0x47, 0x49, 0x46, 0x38], kind: "image" },
  { bytes: [0x50, 0x4b, 0x03, 0x04], kind: "spreadsheet" },
  { bytes: [0x50, 0x4b, 0x05, 0x06], kind: "spreadsheet" },
  // The old binary .xls (an OLE2 compound file).
  { bytes: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], kind: "spreadsheet" },
];

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.length <= bytes.length && prefix.every((byte, index) => bytes[index] === byte);
}

function notAStatement(kind: string): DecodedStatement {
  return { ok: false, error: { code: "NOT_A_STATEMENT", value: kind } };
}

/** UTF-16 written without a byte-order mark: text that is mostly Latin has a zero byte in every other position. */
function utf16WithoutBom(bytes: Uint8Array): "utf-16le" | "utf-16be" | undefined {
  const pairs = Math.min(bytes.length, 4096) >> 1;
  if (pairs < 2) return undefined;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let index = 0; index < pairs * 2; index += 2) {
    if (bytes[index] === 0) evenZeros++;
    if (bytes[index + 1] === 0) oddZeros++;
  }
  if (oddZeros > pairs * 0.3 && evenZeros < pairs * 0.05) return "utf-16le";
  if (evenZeros > pairs * 0.3 && oddZeros < pairs * 0.05) return "utf-16be";
  return undefined;
}

function strictUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return undefined;
  }
}

// Accented letters of the languages whose banks export in these code pages; a decoding that spells them is right.
const alphabets: readonly string[] = [
  "äöüßÄÖÜ", // de
  "àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ", // fr
  "áéíóúñüÁÉÍÓÚÑÜ", // es
  "éëïöüèáóúÉËÏÖÜ", // nl
  "àèéìíòóùÀÈÉÌÒÙ", // it
  "ãõçáéíóúâêôàÃÕÇÁÉÍÓÚÂÊÔ", // pt
  "äåöæøéÄÅÖÆØÉ", // nordic
  "ąćęłńóśźżĄĆĘŁŃÓŚŹŻ", // pl
  "áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ", // cs
  // Without ŕ and ĺ, which few Slovak words have: Windows-1250 reads Italian "à" as "ŕ" ("Università").
  "áäčďéíľňóôšťúýžÁÄČĎÉÍĽŇÓÔŠŤÚÝŽ", // sk
  "áéíóöőúüűÁÉÍÓÖŐÚÜŰ", // hu
  "ăâîşţșțĂÂÎŞŢȘȚ", // ro
  "čćđšžČĆĐŠŽ", // hr, sl
  "çğıöşüâîûÇĞİÖŞÜ", // tr
  "абвгґдеєжзиіїйклмнопрстуфхцчшщьюяАБВГҐДЕЄЖЗИІЇЙКЛМНОПРСТУФХЦЧШЩЬЮЯыэёъЫЭЁЪ", // uk, ru
];

const latinLetter = /\p{Script=Latin}/u;
const cyrillicLetter = /\p{Script=Cyrillic}/u;
const letter = /\p{L}/u;

/**
 * How much a decoding reads like text: accented letters of one language count for it; control characters, symbols
 * wedged inside words, Latin and Cyrillic in one word, and capitals after small letters inside a word count against.
 */
function plausibility(text: string): number {
  let penalty = 0;
  const accented = new Map<string, number>();
  for (const word of text.split(/[\s;,|"'()[\]{}<>/\\:=+*#]+/)) {
    if (!/\P{ASCII}/u.test(word)) continue;
    let latin = false;
    let cyrillic = false;
    const characters = [...word];
    characters.forEach((character, index) => {
      const code = character.codePointAt(0)!;
      if (code < 0x80) return;
      if ((code >= 0x80 && code <= 0x9f) || code === 0xfffd) {
        penalty += 5;
        return;
      }
      if (letter.test(character)) {
        accented.set(character, (accented.get(character) ?? 0) + 1);
        if (latinLetter.test(character)) latin = true;
        if (cyrillicLetter.test(character)) cyrillic = true;
        const previous = characters[index - 1];
        if (previous && previous !== previous.toUpperCase() && character !== character.toLowerCase()) penalty += 1;
        return;
      }
      const before = characters[index - 1];
      const after = characters[index + 1];
      if (before && after && letter.test(before) && letter.test(after)) penalty += 2;
    });
    if (word.split("").some((character) => /[A-Z]/i.test(character))) latin = true;
    if (latin && cyrillic) penalty += 3;
  }
  let best = 0;
  for (const alphabet of alphabets) {
    let known = 0;
    for (const [character, count] of accented) if (alphabet.includes(character)) known += count;
    best = Math.max(best, known);
  }
  return best - penalty;
}

/** Only the lines that hold bytes above ASCII tell code pages apart; a bounded sample of them keeps big files quick. */
function sampleOfNonAscii(bytes: Uint8Array, limit = 64 * 1024): Uint8Array {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let start = 0;
  let nonAscii = false;
  for (let index = 0; index <= bytes.length && size < limit; index++) {
    const byte = bytes[index];
    if (index === bytes.length || byte === 0x0a) {
      if (nonAscii) {
        const line = bytes.subarray(start, index + 1);
        chunks.push(line);
        size += line.length;
      }
      start = index + 1;
      nonAscii = false;
    } else if (byte! >= 0x80) nonAscii = true;
  }
  const sample = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    sample.set(chunk, offset);
    offset += chunk.length;
  }
  return sample;
}

function chooseSingleByteEncoding(bytes: Uint8Array): string {
  const sample = sampleOfNonAscii(bytes);
  // ISO-8859-2 and Windows-1250 differ in a few letters; without bytes 0x80–0x9F (Windows-only letters) ISO comes first.
  const hasWindowsOnlyBytes = sample.some((byte) => byte >= 0x80 && byte <= 0x9f);
  const order = hasWindowsOnlyBytes
    ? singleByteEncodings
    : (["windows-1252", "ISO-8859-2", "windows-1250", "windows-1254", "windows-1251", "KOI8-U"] as const);
  const scored = order.map((encoding) => {
    const text = iconv.decode(sample, encoding);
    return { encoding, text, score: plausibility(text) };
  });
  const best = Math.max(...scored.map(({ score }) => score));
  const tied = scored.filter(({ score }) => score === best);
  // Tied decodings that read differently are where the statistical detector may know better; identical ones are not.
  if (tied.every(({ text }) => text === tied[0]!.text)) return tied[0]!.encoding;
  const confidence = new Map(analyse(sample).map((match) => [match.name.toLowerCase(), match.confidence]));
  const [chosen] = [...tied].sort(
    (a, b) => (confidence.get(b.encoding.toLowerCase()) ?? 0) - (confidence.get(a.encoding.toLowerCase()) ?? 0),
  );
  return chosen!.encoding;
}

// A text file has no NUL and few other control characters; these are tab, line feed, form feed and carriage return.
function looksBinary(text: string): boolean {
  const sample = text.slice(0, 8192);
  let controls = 0;
  for (const character of sample) {
    const code = character.charCodeAt(0);
    if (code === 0) return true;
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0c && code !== 0x0d) controls++;
  }
  return controls > sample.length * 0.01;
}

function decoded(text: string, encoding: string): DecodedStatement {
  if (text.trim() === "") return { ok: false, error: { code: "EMPTY_FILE" } };
  if (looksBinary(text)) return notAStatement("binary");
  return { ok: true, text, encoding };
}

/** The text of an uploaded statement and the encoding it was written in, or why it is not a text statement. */
export function decodeStatement(bytes: Uint8Array): DecodedStatement {
  if (bytes.length === 0) return { ok: false, error: { code: "EMPTY_FILE" } };
  const signature = binarySignatures.find(({ bytes: prefix }) => startsWith(bytes, prefix));
  if (signature) return notAStatement(signature.kind);

  if (startsWith(bytes, [0xef, 0xbb, 0xbf]))
    return decoded(new TextDecoder("utf-8").decode(bytes.subarray(3)), "UTF-8");
  if (startsWith(bytes, [0xff, 0xfe]))
    return decoded(new TextDecoder("utf-16le").decode(bytes.subarray(2)), "UTF-16LE");
  if (startsWith(bytes, [0xfe, 0xff]))
    return decoded(new TextDecoder("utf-16be").decode(bytes.subarray(2)), "UTF-16BE");

  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return decoded(new TextDecoder(utf16).decode(bytes), utf16.toUpperCase());

  const utf8 = strictUtf8(bytes);
  if (utf8 !== undefined) return decoded(utf8, "UTF-8");

  const encoding = chooseSingleByteEncoding(bytes);
  return decoded(iconv.decode(bytes, encoding), encoding);
}
