import { cleanText } from "~/domain/statements/statement";
import { foldPayeeText } from "./fold";
import { merchantDictionary, type Merchant } from "./merchant-dictionary";

/**
 * Who an entry was paid to or received from, read from what the bank wrote, and the payee it folds into: "ALBERT HEIJN
 * 1403 AMSTERDAM" and "AH to go 5812 Utrecht CS" are both the payee "Albert Heijn". Pure and token-based (no regular
 * expression with nested quantifiers runs over bank text), and bounded: names longer than `maxPayeeText` are cut first.
 * The same function serves import, typed entries and search, so a payee's key means one thing everywhere. An import's
 * identity never reads it (import-identity.ts hashes the bank's raw fields), so a better normaliser changes no key.
 */

export interface PayeeName {
  /** Folded (lower case, no accents, single spaces): unique per household. */
  key: string;
  /** What the entry shows as its title. */
  name: string;
  /** The bundled dictionary's merchant, when the name is a known one. */
  merchant: Merchant | null;
}

/** Longer payee text is cut: no bank writes a name this long, and every step below is linear in it. */
export const maxPayeeText = 200;

/** Legal forms, as folded token sequences; longest first so "gmbh co kg" goes before "gmbh". */
const legalForms: readonly (readonly string[])[] = [
  ["gmbh", "co", "kg"],
  ["ag", "co", "kg"],
  ["sp", "z", "oo"],
  ["spolka", "z", "oo"],
  ["san", "ve", "tic", "as"],
  ["san", "ve", "tic", "ltd", "sti"],
  ["ve", "tic", "as"],
  ["ve", "tic", "ltd", "sti"],
  ["ltd", "sti"],
  ["et", "cie"],
  ["co", "kg"],
  ["sp", "j"],
  ["sp", "k"],
  ...[
    "bv",
    "nv",
    "vof",
    "bvba",
    "cvba",
    "srl",
    "sprl",
    "gmbh",
    "ag",
    "kg",
    "ohg",
    "ug",
    "ev",
    "mbh",
    "sa",
    "sas",
    "sasu",
    "sarl",
    "eurl",
    "sca",
    "scs",
    "sl",
    "slu",
    "spa",
    "snc",
    "lda",
    "spzoo",
    "sa",
    "as",
    "ltd",
    "limited",
    "plc",
    "inc",
    "llc",
    "tov",
    "тов",
    "пат",
    "прат",
    "фоп",
    "ооо",
    "ат",
    "кп",
    "stichting",
    "sau",
    "scoop",
    "kgaa",
    "ggmbh",
    "aor",
    "ou",
    "dac",
    "ua",
  ].map((form) => [form]),
];

/** Words that make the place after them part of a name. */
const particles = new Set([
  "van",
  "von",
  "de",
  "der",
  "den",
  "di",
  "da",
  "del",
  "della",
  "do",
  "dos",
  "du",
  "la",
  "le",
  "ten",
  "ter",
  "zum",
  "zur",
  "am",
  "an",
  "im",
  "pod",
  "na",
]);

/** Card processors and payment services whose prefix hides the shop: "PAYPAL *SPOTIFY", "SumUp *Bakkerij Jansen". */
const processorPrefixes = ["paypal", "pp", "sumup", "zettle", "iz", "ccv", "sq", "stripe", "mollie", "sp", "payu"];

/** Words a bank writes around a card payment, never part of a shop's name. */
const boilerplateWords = new Set([
  "pasvolgnr",
  "transactie",
  "term",
  "terminal",
  "pas",
  "nr",
  "kaart",
  "card",
  "karte",
  "kartennr",
  "debitk",
  "contactless",
  "contactloos",
  "betaalpas",
  "bea",
  "gea",
  "visa",
  "mastercard",
  "maestro",
  "vpay",
]);

interface Token {
  /** As written, for telling a processor's "*" apart. */
  raw: string;
  /** Without the punctuation around it. */
  text: string;
  fold: string;
}

/** Punctuation a bank puts around a word ("*SPOTIFY", "N.V.,", "«Сільпо»"); a closing "." stays ("N.V."). */
const leading = new Set([..."*_:#.'\"«»„“”()-"]);
const trailing = new Set([..."*_:#'\"«»„“”(),-"]);

function trimPunctuation(word: string): string {
  let start = 0;
  let end = word.length;
  while (start < end && leading.has(word[start]!)) start += 1;
  while (end > start && trailing.has(word[end - 1]!)) end -= 1;
  return word.slice(start, end);
}

/** "COOP-4567" → "COOP", "4567": a branch number glued to the name with a hyphen (PostFinance, UBS) is a token apart. */
function withoutGluedBranch(part: string): string[] {
  const hyphen = part.lastIndexOf("-");
  if (hyphen < 1 || !/^\p{L}+$/u.test(part.slice(0, hyphen)) || !/^\p{N}+$/u.test(part.slice(hyphen + 1)))
    return [part];
  return [part.slice(0, hyphen), part.slice(hyphen + 1)];
}

function tokens(text: string): Token[] {
  return text
    .split(/[\s,;/|]+/u)
    .filter(Boolean)
    .flatMap(withoutGluedBranch)
    .map((part) => ({
      raw: part,
      text: trimPunctuation(part),
      fold: foldPayeeText(part),
    }))
    .filter((token) => token.text !== "" || token.fold !== "");
}

const hasDigit = (fold: string) => /\p{N}/u.test(fold);
/** A masked card number ("XXXX1234", "****1234", "5354xxxxxxxx1234"). */
const isMasked = (text: string) => /\*{3}|x{4}/i.test(text);

function startsWith(folds: readonly string[], at: number, words: readonly string[]): boolean {
  return words.every((word, index) => folds[at + index] === word);
}

/** The shop's own words: processor prefix, legal forms, and from the branch number on (number, city, terminal) gone. */
function nameTokens(all: readonly Token[]): Token[] {
  let list = [...all];
  // "PAYPAL *SPOTIFY", "SumUp *Bakkerij", "Zettle_*Cafe": the processor goes when a name follows it.
  const first = list[0];
  const second = list[1]?.raw ?? "";
  if (first && processorPrefixes.includes(first.fold) && (/[*_]$/u.test(first.raw) || second.startsWith("*")))
    list = list.slice(1);
  else if (first?.raw.includes("*")) {
    // "SumUp*Bakkerij": the processor goes; "GLOVO*ORDER 8372651", "SPOTIFY*P2E4A7": the reference after the shop goes.
    const before = first.raw.slice(0, first.raw.indexOf("*"));
    const after = first.raw.slice(first.raw.indexOf("*") + 1);
    const kept = processorPrefixes.includes(foldPayeeText(before)) ? after : before;
    list = [...(kept ? [{ raw: kept, text: kept, fold: foldPayeeText(kept) }] : []), ...list.slice(1)];
  }
  const kept: Token[] = [];
  const folds = list.map((candidate) => candidate.fold);
  for (let index = 0; index < list.length; index += 1) {
    const token = list[index]!;
    if (kept.length > 0 && (hasDigit(token.fold) || isMasked(token.text) || boilerplateWords.has(token.fold))) break;
    if (token.fold === "" && kept.length === 0) continue;
    const form = legalForms.find((words) => startsWith(folds, index, words));
    if (form && (kept.length > 0 || index + form.length < list.length)) {
      index += form.length - 1;
      continue;
    }
    kept.push(token);
  }
  // A city or country after a name of two words or more: "Bakkerij de Vries Haarlem", "Café Noir Amsterdam NLD". A
  // name of one word and a place stays whole ("Pizzeria Roma"), and so does a place after "van", "de", "di"…
  // ("Jan van Kampen").
  while (kept.length > 2 && !particles.has(kept.at(-2)!.fold) && merchantDictionary.places.has(kept.at(-1)!.fold))
    kept.pop();
  while (kept.length > 1 && kept.at(-1)!.fold === "") kept.pop();
  return kept;
}

/** "BAKKERIJ DE VRIES" → "Bakkerij De Vries"; names the bank wrote in mixed case keep it. */
function displayName(list: readonly Token[]): string {
  const text = list.map((token) => token.text).join(" ");
  const letters = text.replace(/\P{L}/gu, "");
  const upper = letters.replace(/\P{Lu}/gu, "").length;
  if (letters.length < 4 || upper / letters.length < 0.8) return text;
  return list
    .map((token) =>
      token.text
        .toLocaleLowerCase()
        .replace(
          /(^|[-'.&])(\p{L})/gu,
          (_match, before: string, letter: string) => before + letter.toLocaleUpperCase(),
        ),
    )
    .join(" ");
}

/** The payee a name from a statement or a typed entry folds into; null when nothing readable is left. */
export function normalisePayee(raw: string): PayeeName | null {
  const text = cleanText(raw).slice(0, maxPayeeText);
  if (!text) return null;
  const all = tokens(text);
  const known =
    merchantDictionary.match(all.map((token) => token.fold)) ??
    merchantDictionary.match(nameTokens(all).map((token) => token.fold));
  if (known) return { key: known.key, name: known.name, merchant: known };
  const own = nameTokens(all);
  const key = own
    .map((token) => token.fold)
    .filter(Boolean)
    .join(" ");
  if (!key) return null;
  return { key, name: displayName(own), merchant: null };
}
