import { cleanText, type StatementRow } from "./statement";

/**
 * What banks write where they have no reference: German banks `NONREF`, SEPA files `NOTPROVIDED`, others `NONE` or
 * `NOT PROVIDED`. Compared without case and spacing.
 */
const placeholderReferences = new Set(["NONREF", "NOTPROVIDED", "NOT PROVIDED", "NONE"]);

/** The bank's reference as an identity, or undefined when it is empty or a placeholder that says "no reference". */
export function usableReference(reference: string | undefined): string | undefined {
  const cleaned = cleanText(reference);
  if (cleaned === "" || placeholderReferences.has(cleaned.toUpperCase())) return undefined;
  return cleaned;
}

/**
 * What makes an imported row the same row next time (money-in.md, "Duplicates"). With a bank reference, the reference
 * itself: the same reference in the same account is the same entry. Without one, the row's booking date, amount,
 * counterparty and description, normalised, plus its occurrence number among identical rows of the same file — so two
 * identical coffees on one day stay two, and re-importing an overlapping period (which holds both again) adds nothing.
 *
 * Bank references are not always unique: a placeholder (`NONREF`, `NOTPROVIDED`) says there is none, and some banks
 * give several entries one batch reference. So a placeholder counts as no reference, and a reference that appears more
 * than once in the file identifies none of its rows: they take the occurrence-aware identity instead (a Sparkasse
 * CAMT.052 with five `NONREF` entries failed on the unique import key).
 * The import feature hashes this key with the account's id; the key itself holds no secrets but is never shown.
 */
export function importIdentities(rows: readonly StatementRow[]): string[] {
  const references = rows.map((row) => usableReference(row.reference));
  const timesSeen = new Map<string, number>();
  for (const reference of references)
    if (reference !== undefined) timesSeen.set(reference, (timesSeen.get(reference) ?? 0) + 1);
  const seen = new Map<string, number>();
  return rows.map((row, index) => {
    const reference = references[index];
    if (reference !== undefined && timesSeen.get(reference) === 1) return `ref:${reference}`;
    const base = [
      row.bookedOn,
      row.amountMinor,
      normaliseForIdentity(row.counterparty ?? ""),
      normaliseForIdentity(row.description),
    ].join("|");
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
