import { cleanText, type StatementRow } from "./statement";

/**
 * What makes an imported row the same row next time (money-in.md, "Duplicates"). With a bank reference, the reference
 * itself: the same reference in the same account is the same entry. Without one, the row's booking date, amount,
 * counterparty and description, normalised, plus its occurrence number among identical rows of the same file — so two
 * identical coffees on one day stay two, and re-importing an overlapping period (which holds both again) adds nothing.
 * The import feature hashes this key with the account's id; the key itself holds no secrets but is never shown.
 */
export function importIdentities(rows: readonly StatementRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    if (row.reference) return `ref:${cleanText(row.reference)}`;
    const base = [row.bookedOn, row.amountMinor, normaliseForIdentity(row.counterparty ?? ""), normaliseForIdentity(row.description)].join("|");
    const occurrence = (seen.get(base) ?? 0) + 1;
    seen.set(base, occurrence);
    return `row:${base}|${occurrence}`;
  });
}

/** Case, accents, punctuation and spacing differ between exports of one bank over time; the words do not. */
export function normaliseForIdentity(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}
