import { normaliseIban } from "../iban";
import type { StatementRow } from "./statement";

/**
 * What an import will do with each row, decided before anything is written (the preview) and again, inside the
 * database transaction, when the user confirms — so the preview and the result cannot disagree.
 */

export interface OwnAccount {
  id: string;
  iban: string | null;
  currency: string;
}

/** A transfer already recorded from the other account's side, which this row may be the second half of. */
export interface OpenTransfer {
  id: string;
  fromAccountId: string;
  toAccountId: string;
  /** What left the "from" account, in its currency. */
  amountMinor: number;
  /** What arrived in the "to" account, in its currency. */
  toAmountMinor: number;
  occurredOn: string;
  /** Whether the two accounts keep different currencies (then the two amounts differ). */
  betweenCurrencies: boolean;
  /** Whether this side of the transfer already carries an import identity (then it cannot take another). */
  sideTaken: boolean;
}

export type PlannedRow =
  | { status: "new"; row: StatementRow; key: string }
  | { status: "duplicate"; row: StatementRow; key: string }
  /**
   * Money to or from another own account, recognised by the counterparty's IBAN: written as one transfer row.
   * `otherAmountMinor` is the other side, in its account's currency: the same figure within one currency, the
   * published rate's estimate between two, until that account's statement brings the bank's figure.
   */
  | { status: "transfer"; row: StatementRow; key: string; otherAccountId: string; otherAmountMinor: number }
  /** The other half of a transfer recorded from the other account's statement: no new row, the transfer gets this key. */
  | { status: "transfer-matched"; row: StatementRow; key: string; transferId: string }
  /** An entry already in the account (typed by hand, posted by a series): linked to this row, not added twice. */
  | { status: "entry-matched"; row: StatementRow; key: string; entryId: string };

/** An entry of the account no imported row has been linked to yet, which a new row may turn out to be. */
export interface OpenEntry {
  id: string;
  kind: "income" | "expense";
  /** Positive, in minor units. */
  amountMinor: number;
  occurredOn: string;
}

/** An amount in one currency in another at a day's published rate; undefined when there is no rate. */
export type Converter = (amountMinor: number, from: string, to: string, on: string) => number | undefined;

export interface ImportPlanInput {
  accountId: string;
  /** The statement's account's currency. */
  currency: string;
  rows: readonly StatementRow[];
  /** One identity per row (hashed by the caller), in the rows' order. */
  keys: readonly string[];
  /** Identities already imported into this account (entries and both sides of transfers). */
  existingKeys: ReadonlySet<string>;
  ownAccounts: readonly OwnAccount[];
  openTransfers: readonly OpenTransfer[];
  /** For a transfer to an account of another currency: its side's amount until its own statement says. */
  convert: Converter;
  /** Entries of the account with no import identity yet, booked near the file's dates. */
  openEntries?: readonly OpenEntry[];
}

/** Banks book the two sides of one transfer up to a few days apart (weekends, cut-off times). */
export const transferMatchDays = 4;

/**
 * Between currencies the two sides of a transfer differ by the bank's rate and fees: a row is the other half of a
 * transfer whose amount on its side is within this share of its own (the side may be an estimate at the published
 * rate, or typed by hand before the statement came).
 */
export const crossCurrencyTolerance = 0.05;

/** A bank books a card payment or a debit up to a few days after the day it was made (and typed in). */
export const entryMatchDays = 4;

function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
}

export function planImport(input: ImportPlanInput): PlannedRow[] {
  return matchEntries(planTransfers(input), input.openEntries ?? []);
}

/**
 * New rows that are entries already there: same amount and direction, booked within entryMatchDays. Each entry takes
 * at most one row and each row one entry; the closest dates pair first (then the file's order, then the older entry),
 * so two identical rows against one entry link one and leave the other new.
 */
function matchEntries(plan: PlannedRow[], openEntries: readonly OpenEntry[]): PlannedRow[] {
  if (openEntries.length === 0) return plan;
  // By kind and amount, so a large file against a long history compares only entries of the row's amount.
  const byAmount = new Map<string, OpenEntry[]>();
  for (const entry of openEntries) {
    const key = `${entry.kind} ${entry.amountMinor}`;
    const same = byAmount.get(key);
    if (same) same.push(entry);
    else byAmount.set(key, [entry]);
  }
  const pairs: { index: number; entry: OpenEntry; days: number }[] = [];
  plan.forEach((planned, index) => {
    const { row } = planned;
    if (planned.status !== "new" || row.amountMinor === 0) return;
    const kind = row.amountMinor > 0 ? "income" : "expense";
    for (const entry of byAmount.get(`${kind} ${Math.abs(row.amountMinor)}`) ?? []) {
      const days = daysBetween(entry.occurredOn, row.bookedOn);
      if (days <= entryMatchDays) pairs.push({ index, entry, days });
    }
  });
  pairs.sort(
    (a, b) =>
      a.days - b.days ||
      a.index - b.index ||
      a.entry.occurredOn.localeCompare(b.entry.occurredOn) ||
      a.entry.id.localeCompare(b.entry.id),
  );
  const taken = new Set<string>();
  const matched = new Map<number, string>();
  for (const pair of pairs) {
    if (taken.has(pair.entry.id) || matched.has(pair.index)) continue;
    taken.add(pair.entry.id);
    matched.set(pair.index, pair.entry.id);
  }
  return plan.map((planned, index) => {
    const entryId = matched.get(index);
    return entryId ? { status: "entry-matched", row: planned.row, key: planned.key, entryId } : planned;
  });
}

function planTransfers(input: ImportPlanInput): PlannedRow[] {
  const ibanToAccount = new Map<string, OwnAccount>();
  for (const account of input.ownAccounts)
    if (account.iban && account.id !== input.accountId) ibanToAccount.set(normaliseIban(account.iban), account);
  const claimed = new Set<string>();
  return input.rows.map((row, index) => {
    const key = input.keys[index]!;
    if (input.existingKeys.has(key)) return { status: "duplicate", row, key };
    const other = row.counterpartyIban ? ibanToAccount.get(normaliseIban(row.counterpartyIban)) : undefined;
    if (!other || row.amountMinor === 0) return { status: "new", row, key };
    const incoming = row.amountMinor > 0;
    const amount = Math.abs(row.amountMinor);
    // How far this row's amount is from the transfer's amount on this account's side: exact within one currency.
    const distance = (transfer: OpenTransfer) => {
      const side = incoming ? transfer.toAmountMinor : transfer.amountMinor;
      if (!transfer.betweenCurrencies) return side === amount ? 0 : undefined;
      const share = Math.abs(side - amount) / amount;
      return share <= crossCurrencyTolerance ? share : undefined;
    };
    const match = input.openTransfers
      .filter(
        (transfer) =>
          !claimed.has(transfer.id) &&
          !transfer.sideTaken &&
          (incoming
            ? transfer.toAccountId === input.accountId && transfer.fromAccountId === other.id
            : transfer.fromAccountId === input.accountId && transfer.toAccountId === other.id) &&
          daysBetween(transfer.occurredOn, row.bookedOn) <= transferMatchDays &&
          distance(transfer) !== undefined,
      )
      .toSorted(
        (a, b) =>
          daysBetween(a.occurredOn, row.bookedOn) - daysBetween(b.occurredOn, row.bookedOn) ||
          distance(a)! - distance(b)!,
      )[0];
    if (match) {
      claimed.add(match.id);
      return { status: "transfer-matched", row, key, transferId: match.id };
    }
    const otherAmountMinor =
      other.currency === input.currency ? amount : input.convert(amount, input.currency, other.currency, row.bookedOn);
    // Without a rate the other side has no amount to stand on: the row stays an ordinary entry.
    if (otherAmountMinor === undefined || otherAmountMinor <= 0) return { status: "new", row, key };
    return { status: "transfer", row, key, otherAccountId: other.id, otherAmountMinor };
  });
}

/** Counts for the preview's summary line. */
export function summarisePlan(plan: readonly PlannedRow[]) {
  const count = (status: PlannedRow["status"]) => plan.filter((row) => row.status === status).length;
  return {
    rows: plan.length,
    new: count("new"),
    duplicates: count("duplicate"),
    transfers: count("transfer") + count("transfer-matched"),
    matched: count("entry-matched"),
  };
}
