import type { Language } from "~/domain/languages";
import { parseAmount } from "~/domain/money";

/**
 * What a person types into search across all months, read apart: words (payee, description, the bank's text) and an
 * amount, as the person's language writes it — exact ("12,50"), at least or at most (">100", "<20"), or between
 * ("50-100"). "albert heijn >20" finds Albert Heijn's payments of more than 20.
 */
export interface EntrySearch {
  /** The words, as typed (one phrase), or empty. */
  text: string;
  /** In minor units; both set and equal for an exact amount. */
  minMinor: number | null;
  maxMinor: number | null;
}

/** Longest search read: a search is a few words, and each costs a pattern match per entry. */
export const maxSearchLength = 100;

function amountOf(text: string, language: Language): number | null {
  const parsed = parseAmount(text, language);
  return parsed.ok ? parsed.minor : null;
}

export function parseEntrySearch(input: string, language: Language): EntrySearch {
  const words: string[] = [];
  let minMinor: number | null = null;
  let maxMinor: number | null = null;
  for (const token of input.slice(0, maxSearchLength).trim().split(/\s+/u).filter(Boolean)) {
    const bound = token.match(/^([<>])=?(.+)$/u);
    const range = token.match(/^([^-]+)-([^-]+)$/u);
    if (bound) {
      const amount = amountOf(bound[2]!, language);
      if (amount !== null) {
        if (bound[1] === ">") minMinor = amount;
        else maxMinor = amount;
        continue;
      }
    } else if (range && /\d/u.test(range[1]!) && /\d/u.test(range[2]!)) {
      const [low, high] = [amountOf(range[1]!, language), amountOf(range[2]!, language)];
      if (low !== null && high !== null) {
        [minMinor, maxMinor] = [Math.min(low, high), Math.max(low, high)];
        continue;
      }
    } else if (/^[\d.,]+$/u.test(token) && /\d/u.test(token)) {
      const amount = amountOf(token, language);
      if (amount !== null) {
        minMinor = amount;
        maxMinor = amount;
        continue;
      }
    }
    words.push(token);
  }
  return { text: words.join(" "), minMinor, maxMinor };
}
