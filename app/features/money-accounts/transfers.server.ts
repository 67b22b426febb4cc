import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { unionAll, type AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { entryTitle, transaction } from "~/db/schema/entries";
import { moneyAccount, transfer } from "~/db/schema/money-accounts";
import type { TransactionKind } from "~/domain/categories";
import { maxAmountMinor } from "~/domain/money";
import { isIsoDate, type IsoDate } from "~/domain/periods";
import type { FieldErrors } from "~/lib/forms";
import { hasUnsafeCharacters } from "~/lib/safe-text";
import { isUuid, uuidv7 } from "~/lib/uuid";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { visibleEntries } from "~/features/household/personal-privacy.server";
import { transferDescriptionMaxLength } from "./transfer.schema";

export interface TransferFields {
  fromAccountId: string;
  toAccountId: string;
  amountMinor: number;
  occurredOn: IsoDate;
  description: string;
}

export interface TransferView extends TransferFields {
  id: string;
}

type TransferWrite = { ok: true; transfer: TransferView } | { ok: false; fieldErrors: FieldErrors };

const columns = {
  id: transfer.id,
  fromAccountId: transfer.fromAccountId,
  toAccountId: transfer.toAccountId,
  amountMinor: transfer.amountMinor,
  occurredOn: transfer.occurredOn,
  description: transfer.description,
};

/** The rules a transfer keeps whoever calls: the form's schema says the same to the reader, field by field. */
function checkFields(fields: TransferFields): FieldErrors | null {
  if (!isUuid(fields.fromAccountId)) return { form: "errors.transfer.account" };
  if (!isUuid(fields.toAccountId)) return { toAccountId: "errors.transfer.account" };
  if (fields.fromAccountId === fields.toAccountId) return { toAccountId: "errors.transfer.sameAccount" };
  if (!Number.isSafeInteger(fields.amountMinor) || fields.amountMinor <= 0)
    return { amount: "errors.transfer.notPositive" };
  if (fields.amountMinor > maxAmountMinor) return { amount: "errors.amount.tooLarge" };
  if (!isIsoDate(fields.occurredOn)) return { occurredOn: "errors.date.invalid" };
  if (hasUnsafeCharacters(fields.description)) return { description: "errors.transfer.characters" };
  if (fields.description.length > transferDescriptionMaxLength) return { description: "errors.description.tooLong" };
  return null;
}

/**
 * Both accounts belong to the household (one query). A new transfer also needs both open; an undo puts back what
 * was there, so it accepts an account archived since.
 */
async function checkAccounts(
  householdId: string,
  fields: TransferFields,
  { openOnly }: { openOnly: boolean },
): Promise<FieldErrors | null> {
  const rows = await db()
    .select({ id: moneyAccount.id, archivedAt: moneyAccount.archivedAt, currency: moneyAccount.currency })
    .from(moneyAccount)
    .where(
      and(
        eq(moneyAccount.householdId, householdId),
        inArray(moneyAccount.id, [fields.fromAccountId, fields.toAccountId]),
      ),
    );
  const usable = (id: string) => rows.some((row) => row.id === id && (!openOnly || row.archivedAt === null));
  if (!usable(fields.fromAccountId)) return { form: "errors.transfer.account" };
  if (!usable(fields.toAccountId)) return { toAccountId: "errors.transfer.account" };
  // One amount moves between accounts of one currency (a database trigger refuses any other, decision 0026).
  const currencies = new Set(rows.map((row) => row.currency));
  if (currencies.size > 1) return { toAccountId: "errors.transfer.currencies" };
  return null;
}

/** Moves money between two open accounts of the household (owner only): one row, never income or expense. */
export async function createTransfer({
  userId,
  householdId,
  fields,
}: {
  userId: string;
  householdId: string;
  fields: TransferFields;
}): Promise<TransferWrite> {
  await requireHouseholdAccess({ userId, householdId, write: true });
  const problem = checkFields(fields) ?? (await checkAccounts(householdId, fields, { openOnly: true }));
  if (problem) return { ok: false, fieldErrors: problem };
  const [row] = await db()
    .insert(transfer)
    .values({ id: uuidv7(), householdId, createdBy: userId, ...fields })
    .returning(columns);
  if (!row) throw new Error("transfer insert returned nothing");
  return { ok: true, transfer: row };
}

/** Deletes a transfer (owner only) and hands it back, so the page can offer to undo; another household's is not found. */
export async function deleteTransfer({
  userId,
  householdId,
  transferId,
}: {
  userId: string;
  householdId: string;
  transferId: string;
}): Promise<TransferView> {
  await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(transferId)) throw new HouseholdAccessError("notFound");
  const [row] = await db()
    .delete(transfer)
    .where(and(eq(transfer.id, transferId), eq(transfer.householdId, householdId)))
    .returning(columns);
  if (!row) throw new HouseholdAccessError("notFound");
  return row;
}

/**
 * Undo of a delete: puts the transfer back under its old id (a second undo changes nothing). What an import knew
 * about it (its batch and statement keys) is not posted back, so it returns as a transfer typed by hand.
 */
export async function restoreTransfer({
  userId,
  householdId,
  transferId,
  fields,
}: {
  userId: string;
  householdId: string;
  transferId: string;
  fields: TransferFields;
}): Promise<TransferWrite> {
  await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(transferId)) throw new HouseholdAccessError("notFound");
  const problem = checkFields(fields) ?? (await checkAccounts(householdId, fields, { openOnly: false }));
  if (problem) return { ok: false, fieldErrors: problem };
  await db()
    .insert(transfer)
    .values({ id: transferId, householdId, createdBy: userId, ...fields })
    .onConflictDoNothing({ target: transfer.id });
  return { ok: true, transfer: { id: transferId, ...fields } };
}

/** One line of an account's activity, as seen from that account: money in is positive, money out negative. */
export type ActivityItem =
  | {
      id: string;
      occurredOn: IsoDate;
      kind: TransactionKind;
      signedAmountMinor: number;
      description: string;
      counterparty: string | null;
      categoryId: string;
    }
  | {
      id: string;
      occurredOn: IsoDate;
      kind: "transferIn" | "transferOut";
      signedAmountMinor: number;
      description: string;
      otherAccountId: string;
    };

export const activityPageSize = 50;

/** Keyset position: the last item's date and id ("2026-11-05.0193…"); ids are unique across entries and transfers. */
function encodeActivityCursor(item: { occurredOn: string; id: string }): string {
  return `${item.occurredOn}.${item.id}`;
}

function decodeActivityCursor(cursor: string | null | undefined): { occurredOn: IsoDate; id: string } | null {
  if (!cursor) return null;
  const [occurredOn, id, ...rest] = cursor.split(".");
  return rest.length === 0 && isIsoDate(occurredOn) && isUuid(id) ? { occurredOn, id } : null;
}

/**
 * An account's entries and its transfers in and out, newest first, a page at a time (`before`: the cursor of the
 * last item seen). Each of the three sources is one range scan on its (account, date) index, cut to a page before
 * they are merged, so a page costs three short scans however long the history is.
 */
export async function listAccountActivity({
  userId,
  householdId,
  accountId,
  before,
}: {
  userId: string;
  householdId: string;
  accountId: string;
  before?: string | null;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  if (!isUuid(accountId)) throw new HouseholdAccessError("notFound");
  const [account] = await db()
    .select({ id: moneyAccount.id })
    .from(moneyAccount)
    .where(and(eq(moneyAccount.id, accountId), eq(moneyAccount.householdId, householdId)))
    .limit(1);
  if (!account) throw new HouseholdAccessError("notFound");

  const position = decodeActivityCursor(before);
  // The date bound alone is what the indexes range over; the row comparison then drops that day's items already seen.
  const seen = (date: AnyPgColumn, id: AnyPgColumn) =>
    position
      ? and(
          lte(date, position.occurredOn),
          sql`(${date}, ${id}) < (${position.occurredOn}::date, ${position.id}::uuid)`,
        )
      : undefined;
  const take = activityPageSize + 1;
  const entries = db()
    .select({
      id: transaction.id,
      occurredOn: transaction.occurredOn,
      kind: sql<TransactionKind | "transferIn" | "transferOut">`${transaction.kind}`.as("kind"),
      amountMinor: transaction.amountMinor,
      description: entryTitle,
      counterparty: transaction.counterparty,
      categoryId: sql<string | null>`${transaction.categoryId}`.as("category_id"),
      otherAccountId: sql<string | null>`null::uuid`.as("other_account_id"),
    })
    .from(transaction)
    .where(
      and(eq(transaction.accountId, accountId), seen(transaction.occurredOn, transaction.id), visibleEntries(access)),
    )
    .orderBy(desc(transaction.occurredOn), desc(transaction.id))
    .limit(take);
  const transfers = (direction: "transferIn" | "transferOut") => {
    const own = direction === "transferOut" ? transfer.fromAccountId : transfer.toAccountId;
    const other = direction === "transferOut" ? transfer.toAccountId : transfer.fromAccountId;
    return db()
      .select({
        id: transfer.id,
        occurredOn: transfer.occurredOn,
        kind: sql<TransactionKind | typeof direction>`${direction}::text`.as("kind"),
        amountMinor: transfer.amountMinor,
        description: transfer.description,
        counterparty: sql<string | null>`null::text`.as("counterparty"),
        categoryId: sql<string | null>`null::uuid`.as("category_id"),
        otherAccountId: sql<string | null>`${other}`.as("other_account_id"),
      })
      .from(transfer)
      .where(and(eq(own, accountId), seen(transfer.occurredOn, transfer.id)))
      .orderBy(desc(transfer.occurredOn), desc(transfer.id))
      .limit(take);
  };
  const rows = await unionAll(entries, transfers("transferOut"), transfers("transferIn"))
    .orderBy(desc(sql.identifier("occurred_on")), desc(sql.identifier("id")))
    .limit(take);
  const items = rows.slice(0, activityPageSize).map(toActivityItem);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > activityPageSize && last ? encodeActivityCursor(last) : null };
}

function toActivityItem(row: {
  id: string;
  occurredOn: string;
  kind: string;
  amountMinor: number;
  description: string;
  counterparty: string | null;
  categoryId: string | null;
  otherAccountId: string | null;
}): ActivityItem {
  const amount = Number(row.amountMinor);
  const base = { id: row.id, occurredOn: row.occurredOn, description: row.description };
  if (row.kind === "transferIn" || row.kind === "transferOut") {
    return {
      ...base,
      kind: row.kind,
      signedAmountMinor: row.kind === "transferIn" ? amount : -amount,
      otherAccountId: row.otherAccountId ?? "",
    };
  }
  const kind: TransactionKind = row.kind === "income" ? "income" : "expense";
  return {
    ...base,
    kind,
    signedAmountMinor: kind === "income" ? amount : -amount,
    counterparty: row.counterparty,
    categoryId: row.categoryId ?? "",
  };
}
