import type { BuiltInCategoryKey, TransactionKind } from "~/domain/categories";
import { merchantDictionary } from "./merchant-dictionary";
import { normalisePayee, type PayeeName } from "./payee-name";
import { payeeText, type BookingText } from "./statement-payee";

/** The payee of a statement's row: read from where the bank put it, then normalised. */
export function payeeOfBooking(row: BookingText): PayeeName | null {
  return normalisePayee(payeeText(row));
}

/** Why the dictionary suggests a category: the payee is a known shop or biller, or a word gives it away ("Miete"). */
export type DictionaryReason = { kind: "known" } | { kind: "keyword"; word: string };

export interface DictionarySuggestion {
  category: BuiltInCategoryKey;
  reason: DictionaryReason;
}

/**
 * The bundled dictionary's category for a booking with no rule and no memory of its payee: the known merchant's, else
 * the first telling word of its payee and text. Null when it knows nothing.
 */
export function dictionaryCategory(
  payee: PayeeName | null,
  text: string,
  kind: TransactionKind,
): DictionarySuggestion | null {
  const known = payee?.merchant?.[kind];
  if (known) return { category: known, reason: { kind: "known" } };
  const keyword = merchantDictionary.keyword(`${payee?.name ?? ""} ${text}`, kind);
  return keyword ? { category: keyword.category, reason: { kind: "keyword", word: keyword.word } } : null;
}
