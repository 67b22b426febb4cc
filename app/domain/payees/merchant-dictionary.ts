import type { BuiltInCategoryKey, TransactionKind } from "~/domain/categories";
import { foldPayeeText } from "./fold";
import data from "./merchants.json" with { type: "json" };

/**
 * The bundled merchant dictionary (merchants.json): data, reviewed and versioned, not code. It names the shops,
 * billers and payers a household in our countries meets, with the built-in category each belongs to, and the words
 * that give a category away when the payee is unknown ("Huur", "Miete", "Loyer" → housing). Every merchant lists
 * examples as banks write them, and merchant-dictionary.test.ts checks each example folds into its merchant.
 */

export interface Merchant {
  /** Folded name: the payee key of every entry that matches. */
  key: string;
  name: string;
  /** The built-in category for money out to it, and for money in from it (a benefit payer, an employer). */
  expense: BuiltInCategoryKey | null;
  income: BuiltInCategoryKey | null;
}

interface MerchantData {
  name: string;
  expense?: string;
  income?: string;
  /** Folded word sequences the payee's name starts with ("albert heijn", "ah to go"). */
  aliases: string[];
  /** Names as banks write them; each must fold into this merchant. */
  examples: string[];
  countries: string[];
}

interface KeywordData {
  category: string;
  kind: TransactionKind;
  /** Folded words; five letters or more also match inside a compound ("Kaltmiete", "Gehaltszahlung"). */
  words: string[];
}

export interface DictionaryData {
  version: string;
  merchants: MerchantData[];
  keywords: KeywordData[];
  /** Folded city and country names, and country codes, that banks write after a shop's name. */
  places: string[];
}

export interface KeywordMatch {
  category: BuiltInCategoryKey;
  word: string;
}

const fold = foldPayeeText;

/** The text a keyword is looked for in: the payee's name and the start of the bank's words. */
const maxKeywordText = 1000;
/** Longer than any keyword: a compound's beginnings and ends are looked up to this length. */
const maxKeywordLength = 30;

/** Keywords this short match whole words only: "huur" must not match "uurhuurder"'s middle by accident. */
const compoundMinimum = 5;

export class MerchantDictionary {
  readonly version: string;
  readonly places: ReadonlySet<string>;
  readonly merchants: readonly (Merchant & { examples: readonly string[]; countries: readonly string[] })[];
  /** Aliases by their first word, longest first. */
  private readonly byFirstWord = new Map<string, { words: string[]; merchant: Merchant }[]>();
  /** Keywords by kind: every one as a whole word; those of five letters or more also inside a compound. */
  private readonly wholeWords: Record<TransactionKind, Map<string, BuiltInCategoryKey>> = {
    income: new Map(),
    expense: new Map(),
  };
  private readonly compounds: Record<TransactionKind, Map<string, BuiltInCategoryKey>> = {
    income: new Map(),
    expense: new Map(),
  };

  constructor(data: DictionaryData) {
    this.version = data.version;
    this.places = new Set(data.places.map(fold));
    this.merchants = data.merchants.map((entry) => ({
      key: entry.name.split(/\s+/u).map(fold).filter(Boolean).join(" "),
      name: entry.name,
      expense: (entry.expense ?? null) as BuiltInCategoryKey | null,
      income: (entry.income ?? null) as BuiltInCategoryKey | null,
      examples: entry.examples,
      countries: entry.countries,
    }));
    this.merchants.forEach((merchant, index) => {
      for (const alias of data.merchants[index]!.aliases) {
        const words = alias.split(/\s+/u).map(fold).filter(Boolean);
        const first = words[0];
        if (!first) continue;
        const list = this.byFirstWord.get(first) ?? [];
        list.push({ words, merchant });
        list.sort((a, b) => b.words.length - a.words.length);
        this.byFirstWord.set(first, list);
      }
    });
    for (const entry of data.keywords) {
      const category = entry.category as BuiltInCategoryKey;
      for (const word of entry.words.map(fold)) {
        if (!this.wholeWords[entry.kind].has(word)) this.wholeWords[entry.kind].set(word, category);
        if (word.length >= compoundMinimum && !this.compounds[entry.kind].has(word))
          this.compounds[entry.kind].set(word, category);
      }
    }
  }

  /** The merchant whose longest alias the folded words start with. */
  match(words: readonly string[]): Merchant | null {
    const present = words.filter(Boolean);
    const candidates = this.byFirstWord.get(present[0] ?? "") ?? [];
    const found = candidates.find((candidate) => candidate.words.every((word, index) => present[index] === word));
    return found?.merchant ?? null;
  }

  /**
   * The first word of the text, in order, that gives away a category of this kind. A word costs a few map lookups
   * (itself, and its beginnings and ends of five letters or more), however many keywords there are: a 50,000-row
   * statement asks this of every row.
   */
  keyword(text: string, kind: TransactionKind): KeywordMatch | null {
    const words = text
      .slice(0, maxKeywordText)
      .split(/[^\p{L}\p{N}]+/u)
      .map(fold)
      .filter(Boolean);
    for (const word of words) {
      const whole = this.wholeWords[kind].get(word);
      if (whole) return { category: whole, word };
      const longest = Math.min(word.length - 1, maxKeywordLength);
      for (let length = compoundMinimum; length <= longest; length += 1)
        for (const part of [word.slice(0, length), word.slice(word.length - length)]) {
          const inside = this.compounds[kind].get(part);
          if (inside) return { category: inside, word: part };
        }
    }
    return null;
  }
}

export const merchantDictionary = new MerchantDictionary(data as DictionaryData);
