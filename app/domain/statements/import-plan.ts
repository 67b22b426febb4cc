import { normaliseIban } from "../iban";
import type { StatementRow } from "./statement";

/**
 * What an import will do with each row, decided before anything is written (the preview) and again, inside the
 * database transaction, when the user confirms — so the preview and the result cannot disagree.
 */

export interface OwnAccount {
  id: string;
  iban: string | null;
}

/** A transfer already recorded from the other account's side, which this row may be the second half of. */
export interface OpenTransfer {
  id: string;
  fromAccountId: string;
  toAccountId: string;
  amountMinor: number;
  occurredOn: string;
  /** Whether this side of the transfer already carries an import identity (then it cannot take another). */
  sideTaken: boolean;
}

export type PlannedRow =
  | { status: "new"; row: StatementRow; key: string }
  | { status: "duplicate"; row: StatementRow; key: string }
  /** Money to or from another own account, recognised by the counterparty's IBAN: written as one transfer row. */
  | { status: "transfer"; row: StatementRow; key: string; otherAccountId: string }
  /** The other half of a transfer recorded from the other account's statement: no new row, the transfer gets this key. */
  | { status: "transfer-matched"; row: StatementRow; key: string; transferId: string };

export interface ImportPlanInput {
  accountId: string;
  rows: readonly StatementRow[];
  /** One identity per row (hashed by the caller), in the rows' order. */
  keys: readonly string[];
  /** Identities already imported into this account (entries and both sides of transfers). */
  existingKeys: ReadonlySet<string>;
  ownAccounts: readonly OwnAccount[];
  openTransfers: readonly OpenTransfer[];
}

/** Banks book the two sides of one transfer up to a few days apart (weekends, cut-off times). */
export const transferMatchDays = 4;

function daysBetween(a: string, b: string): number {
  return Math.abs(Date.parse(a) - Date.parse(b)) / 86_400_000;
}

export function planImport(input: ImportPlanInput): PlannedRow[] {
  const ibanToAccount = new Map<string, string>();
  for (const account of input.ownAccounts)
    if (account.iban && account.id !== input.accountId) ibanToAccount.set(normaliseIban(account.iban), account.id);
  const claimed = new Set<string>();
  return input.rows.map((row, index) => {
    const key = input.keys[index]!;
    if (input.existingKeys.has(key)) return { status: "duplicate", row, key };
    const otherAccountId = row.counterpartyIban ? ibanToAccount.get(normaliseIban(row.counterpartyIban)) : undefined;
    if (!otherAccountId || row.amountMinor === 0) return { status: "new", row, key };
    const incoming = row.amountMinor > 0;
    const match = input.openTransfers
      .filter(
        (transfer) =>
          !claimed.has(transfer.id) &&
          !transfer.sideTaken &&
          transfer.amountMinor === Math.abs(row.amountMinor) &&
          (incoming
            ? transfer.toAccountId === input.accountId && transfer.fromAccountId === otherAccountId
            : transfer.fromAccountId === input.accountId && transfer.toAccountId === otherAccountId) &&
          daysBetween(transfer.occurredOn, row.bookedOn) <= transferMatchDays,
      )
      .toSorted((a, b) => daysBetween(a.occurredOn, row.bookedOn) - daysBetween(b.occurredOn, row.bookedOn))[0];
    if (match) {
      claimed.add(match.id);
      return { status: "transfer-matched", row, key, transferId: match.id };
    }
    return { status: "transfer", row, key, otherAccountId };
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
  };
}
