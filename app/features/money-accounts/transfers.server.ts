import { and, desc, eq, inArray, lt, lte, sql } from "drizzle-orm";
import { unionAll, type AnyPgColumn } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { entryTitle, transaction } from "~/db/schema/entries";
import { deletedTransfer, moneyAccount, transfer } from "~/db/schema/money-accounts";
import type { TransactionKind } from "~/domain/categories";
import { maxAmountMinor } from "~/domain/money";
import { conversion, minorUnitFactor } from "~/domain/rates";
import { isIsoDate, type IsoDate } from "~/domain/periods";
import type { FieldErrors } from "~/lib/forms";
import { hasUnsafeCharacters } from "~/lib/safe-text";
import { isUuid, uuidv7 } from "~/lib/uuid";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { visibleEntries } from "~/features/household/personal-privacy.server";
import { rateTable } from "~/features/rates/rates.server";
import { transferDescriptionMaxLength } from "./transfer.schema";

export interface TransferFields {
  fromAccountId: string;
  toAccountId: string;
  /** What leaves the "from" account, in its currency. */
  amountMinor: number;
  /** What arrives in the "to" account, in its currency: needed only between accounts of two currencies. */
  toAmountMinor?: number | undefined;
  occurredOn: IsoDate;
  description: string;
}

export interface TransferView extends TransferFields {
  id: string;
  toAmountMinor: number;
}

type TransferWrite = { ok: true; transfer: TransferView } | { ok: false; fieldErrors: FieldErrors };

const columns = {
  id: transfer.id,
  fromAccountId: transfer.fromAccountId,
  toAccountId: transfer.toAccountId,
  amountMinor: transfer.amountMinor,
  toAmountMinor: transfer.toAmountMinor,
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
  if (fields.toAmountMinor !== undefined) {
    if (!Number.isSafeInteger(fields.toAmountMinor) || fields.toAmountMinor <= 0)
      return { receivedAmount: "errors.transfer.notPositive" };
    if (fields.toAmountMinor > maxAmountMinor) return { receivedAmount: "errors.amount.tooLarge" };
  }
  if (!isIsoDate(fields.occurredOn)) return { occurredOn: "errors.date.invalid" };
  if (hasUnsafeCharacters(fields.description)) return { description: "errors.transfer.characters" };
  if (fields.description.length > transferDescriptionMaxLength) return { description: "errors.description.tooLong" };
  return null;
}

/**
 * How far the amount that arrived may be from what the day's known rate makes of the amount that left, either way:
 * a bank's fee or spread is a few percent, a slip of the keyboard (€0.01 typed as ¥99,999,999,999) is orders off.
 */
export const rateTolerance = 10;

/**
 * Both accounts belong to the household and are open (one query). Answers the amount that arrives: the one that left,
 * within one currency (whatever was typed); the one typed, between two (decision 0027), unless it is more than
 * `rateTolerance` times off the day's known rate (`conversion`). Without a known rate any positive pair is taken.
 */
async function checkAccounts(
  householdId: string,
  fields: TransferFields,
): Promise<{ ok: true; toAmountMinor: number } | { ok: false; fieldErrors: FieldErrors }> {
  const rows = await db()
    .select({ id: moneyAccount.id, archivedAt: moneyAccount.archivedAt, currency: moneyAccount.currency })
    .from(moneyAccount)
    .where(
      and(
        eq(moneyAccount.householdId, householdId),
        inArray(moneyAccount.id, [fields.fromAccountId, fields.toAccountId]),
      ),
    );
  const open = (id: string) => rows.find((row) => row.id === id && row.archivedAt === null);
  const from = open(fields.fromAccountId);
  const to = open(fields.toAccountId);
  if (!from) return { ok: false, fieldErrors: { form: "errors.transfer.account" } };
  if (!to) return { ok: false, fieldErrors: { toAccountId: "errors.transfer.account" } };
  // Within one currency one amount moves (a database trigger refuses two); between two, the bank's conversion.
  if (from.currency === to.currency) return { ok: true, toAmountMinor: fields.amountMinor };
  if (fields.toAmountMinor === undefined)
    return { ok: false, fieldErrors: { receivedAmount: "errors.transfer.receivedRequired" } };
  const known = conversion(rateTable(), from.currency, to.currency, fields.occurredOn);
  if (known) {
    const expected = fields.amountMinor * minorUnitFactor(known.rate, from.currency, to.currency);
    const off = fields.toAmountMinor / expected;
    if (!(off <= rateTolerance && off >= 1 / rateTolerance))
      return { ok: false, fieldErrors: { receivedAmount: "errors.transfer.rateFarOff" } };
  }
  return { ok: true, toAmountMinor: fields.toAmountMinor };
}

async function checkTransfer(
  householdId: string,
  fields: TransferFields,
): Promise<{ ok: true; fields: TransferFields & { toAmountMinor: number } } | { ok: false; fieldErrors: FieldErrors }> {
  const problem = checkFields(fields);
  if (problem) return { ok: false, fieldErrors: problem };
  const accounts = await checkAccounts(householdId, fields);
  return accounts.ok ? { ok: true, fields: { ...fields, toAmountMinor: accounts.toAmountMinor } } : accounts;
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
  const checked = await checkTransfer(householdId, fields);
  if (!checked.ok) return checked;
  const [row] = await db()
    .insert(transfer)
    .values({ id: uuidv7(), householdId, createdBy: userId, ...checked.fields })
    .returning(columns);
  if (!row) throw new Error("transfer insert returned nothing");
  return { ok: true, transfer: row };
}

/** How long undo of a delete can put the transfer back; the copy is removed after it (`purgeTransferUndoCopies`). */
export const transferUndoHours = 24;

/**
 * Deletes a transfer (a member who may write) and hands it back, so the page can offer to undo; another household's is
 * not found. The server keeps the deleted row whole for a day (`deleted_transfer`): undo restores exactly that copy.
 */
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
  const matches = and(eq(transfer.id, transferId), eq(transfer.householdId, householdId));
  const row = await db().transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${deletedTransfer} ("id", "household_id", "deleted_by", "transfer")
      select ${transfer.id}, ${transfer.householdId}, ${userId}, to_jsonb(${transfer}) from ${transfer} where ${matches}
      on conflict ("id") do update
        set "transfer" = excluded."transfer", "deleted_by" = excluded."deleted_by", "deleted_at" = now()`);
    const [removed] = await tx.delete(transfer).where(matches).returning(columns);
    return removed;
  });
  if (!row) throw new HouseholdAccessError("notFound");
  return row;
}

/**
 * Undo of a delete: puts back the copy the delete kept on the server, exactly as it was (its amounts, accounts, import
 * keys and batches), never what the browser posts: the browser names only the transfer. Only the member who deleted it,
 * in the same household, within a day; a second undo changes nothing and answers the transfer as it is. Without such a
 * copy (none, another member's, past its day, its accounts gone or its statement lines imported again meanwhile) the
 * answer is `undoGone`, and nothing changes.
 */
export async function restoreTransfer({
  userId,
  householdId,
  transferId,
}: {
  userId: string;
  householdId: string;
  transferId: string;
}): Promise<{ ok: true; transfer: TransferView } | { ok: false; fieldErrors: { form: "errors.transfer.undoGone" } }> {
  await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(transferId)) return { ok: false, fieldErrors: { form: "errors.transfer.undoGone" } };
  await db().execute(sql`
    with "copy" as (
      delete from ${deletedTransfer}
      where "id" = ${transferId} and "household_id" = ${householdId} and "deleted_by" = ${userId}
        and "deleted_at" > now() - make_interval(hours => ${transferUndoHours})
      returning "transfer"),
    "kept" as (select (jsonb_populate_record(null::"transfer", "copy"."transfer")).* from "copy")
    insert into ${transfer} select "kept".* from "kept"
    where "kept"."household_id" = ${householdId}
      and (select count(*) from ${moneyAccount} where ${moneyAccount.householdId} = ${householdId}
             and ${moneyAccount.id} in ("kept"."from_account_id", "kept"."to_account_id")) = 2
    on conflict do nothing`);
  const [row] = await db()
    .select(columns)
    .from(transfer)
    .where(and(eq(transfer.id, transferId), eq(transfer.householdId, householdId)))
    .limit(1);
  return row ? { ok: true, transfer: row } : { ok: false, fieldErrors: { form: "errors.transfer.undoGone" } };
}

/** Removes the copies of deleted transfers past their undo time: deleted means deleted, a day later at the latest. */
export async function purgeTransferUndoCopies(now: Date = new Date()): Promise<number> {
  const before = new Date(now.getTime() - transferUndoHours * 3_600_000);
  const removed = await db()
    .delete(deletedTransfer)
    .where(lt(deletedTransfer.deletedAt, before))
    .returning({ id: deletedTransfer.id });
  return removed.length;
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
      /** The other account's side, in its currency (the same figure within one currency). */
      otherAmountMinor: number;
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
      otherAmountMinor: sql<number | null>`null::bigint`.as("other_amount_minor"),
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
    const [ownAmount, otherAmount] =
      direction === "transferOut"
        ? [transfer.amountMinor, transfer.toAmountMinor]
        : [transfer.toAmountMinor, transfer.amountMinor];
    return db()
      .select({
        id: transfer.id,
        occurredOn: transfer.occurredOn,
        kind: sql<TransactionKind | typeof direction>`${direction}::text`.as("kind"),
        amountMinor: ownAmount,
        otherAmountMinor: sql<number | null>`${otherAmount}`.as("other_amount_minor"),
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
  otherAmountMinor: number | null;
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
      otherAmountMinor: Number(row.otherAmountMinor ?? amount),
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
