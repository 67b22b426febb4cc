import { and, desc, eq, gte, ilike, lt, sql, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { monthTotal, transaction } from "~/db/schema";
import type { TransactionKind } from "~/domain/categories";
import { can } from "~/domain/plans";
import { addMonths, isIsoDate, monthEnd, monthOf, monthStart, type IsoDate, type MonthKey } from "~/domain/periods";
import { isUuid, uuidv7 } from "~/lib/uuid";
import { isUsableCategory } from "./categories.server";
import { BudgetAccessError } from "~/features/household/errors";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { notifyHouseholdMembers } from "./notifications.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import type { FieldErrors } from "~/lib/forms";

export interface TransactionFields {
  kind: TransactionKind;
  amountMinor: number;
  occurredOn: IsoDate;
  description: string;
  categoryId: string;
}

export interface TransactionView extends TransactionFields {
  id: string;
}

type WriteResult = { ok: true; transaction: TransactionView } | { ok: false; fieldErrors: FieldErrors };

const columns = {
  id: transaction.id,
  kind: transaction.kind,
  amountMinor: transaction.amountMinor,
  occurredOn: transaction.occurredOn,
  description: transaction.description,
  categoryId: transaction.categoryId,
};

function toView(row: { id: string; kind: string; amountMinor: number; occurredOn: string; description: string; categoryId: string }): TransactionView {
  return { ...row, kind: row.kind as TransactionKind };
}

async function checkCategory(householdId: string, fields: TransactionFields): Promise<FieldErrors | null> {
  const usable = await isUsableCategory({ householdId, categoryId: fields.categoryId, kind: fields.kind });
  return usable ? null : { categoryId: "errors.category.invalid" };
}

/** Adds an income or expense entry (owner only). */
export async function addTransaction({
  userId,
  householdId,
  fields,
}: {
  userId: string;
  householdId: string;
  fields: TransactionFields;
}): Promise<WriteResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!can(access.plan, "transactions.track")) throw new BudgetAccessError("readOnly");
  const problem = await checkCategory(householdId, fields);
  if (problem) return { ok: false, fieldErrors: problem };
  const [row] = await db()
    .insert(transaction)
    .values({ id: uuidv7(), householdId, accountId: await everydayAccountId(householdId), currency: access.household.currency, createdBy: userId, ...fields })
    .returning(columns);
  if (!row) throw new Error("transaction insert returned nothing");
  if (fields.kind === "expense") await noticeUnusualSpending({ householdId, categoryId: fields.categoryId, month: monthOf(fields.occurredOn) });
  return { ok: true, transaction: toView(row) };
}

/** One entry of one household, and the values to write into it. */
interface EntryWrite {
  userId: string;
  householdId: string;
  transactionId: string;
  fields: TransactionFields;
}

/** Changes an entry (owner only); an id from another household is not found. */
export async function updateTransaction({ userId, householdId, transactionId, fields }: EntryWrite): Promise<WriteResult> {
  await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(transactionId)) throw new BudgetAccessError("notFound");
  const problem = await checkCategory(householdId, fields);
  if (problem) return { ok: false, fieldErrors: problem };
  const [row] = await db()
    .update(transaction)
    .set({ ...fields, updatedAt: new Date() })
    .where(and(eq(transaction.id, transactionId), eq(transaction.householdId, householdId)))
    .returning(columns);
  if (!row) throw new BudgetAccessError("notFound");
  return { ok: true, transaction: toView(row) };
}

/** Deletes an entry (owner only) and hands it back, so the page can offer to undo. */
export async function deleteTransaction({ userId, householdId, transactionId }: { userId: string; householdId: string; transactionId: string }) {
  await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(transactionId)) throw new BudgetAccessError("notFound");
  const [row] = await db()
    .delete(transaction)
    .where(and(eq(transaction.id, transactionId), eq(transaction.householdId, householdId)))
    .returning(columns);
  if (!row) throw new BudgetAccessError("notFound");
  return toView(row);
}

/** Undo of a delete: puts the entry back under its old id (a second undo changes nothing). */
export async function restoreTransaction({ userId, householdId, transactionId, fields }: EntryWrite): Promise<WriteResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(transactionId)) throw new BudgetAccessError("notFound");
  const problem = await checkCategory(householdId, fields);
  if (problem) return { ok: false, fieldErrors: problem };
  await db()
    .insert(transaction)
    .values({ id: transactionId, householdId, accountId: await everydayAccountId(householdId), currency: access.household.currency, createdBy: userId, ...fields })
    .onConflictDoNothing({ target: transaction.id });
  return { ok: true, transaction: { id: transactionId, ...fields } };
}

export async function getTransaction({ userId, householdId, transactionId }: { userId: string; householdId: string; transactionId: string }) {
  await requireHouseholdAccess({ userId, householdId });
  if (!isUuid(transactionId)) throw new BudgetAccessError("notFound");
  const [row] = await db()
    .select(columns)
    .from(transaction)
    .where(and(eq(transaction.id, transactionId), eq(transaction.householdId, householdId)))
    .limit(1);
  if (!row) throw new BudgetAccessError("notFound");
  return toView(row);
}

/** Keyset position: the last row's date and id ("2025-03-14.0193…"). */
export function encodeCursor(row: Pick<TransactionView, "occurredOn" | "id">): string {
  return `${row.occurredOn}.${row.id}`;
}

export function decodeCursor(cursor: string | null | undefined): { occurredOn: IsoDate; id: string } | null {
  if (!cursor) return null;
  const [occurredOn, id] = cursor.split(".");
  return isIsoDate(occurredOn) && isUuid(id) ? { occurredOn, id } : null;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
function likePattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

export const pageSize = 50;

/**
 * One month of income or expenses, newest first, filtered by search and category, a page at a time.
 * The page is one range scan on (household, kind, date desc, id desc); totals come from month_total
 * (or, when searching, from the month's matching rows). Cost follows the month, not the history.
 */
export async function listTransactions({
  userId,
  householdId,
  kind,
  month,
  search,
  categoryId,
  cursor,
  limit = pageSize,
}: {
  userId: string;
  householdId: string;
  kind: TransactionKind;
  month: MonthKey;
  search?: string;
  categoryId?: string;
  cursor?: string | null;
  limit?: number;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  const from = monthStart(month);
  const to = monthEnd(month);
  const query = search?.trim().slice(0, 100) ?? "";
  const category = categoryId && isUuid(categoryId) ? categoryId : undefined;
  const position = decodeCursor(cursor);

  const filters: SQL[] = [eq(transaction.householdId, householdId), eq(transaction.kind, kind), gte(transaction.occurredOn, from), lt(transaction.occurredOn, to)];
  if (category) filters.push(eq(transaction.categoryId, category));
  if (query) filters.push(ilike(transaction.description, likePattern(query)));

  const pageFilters = position
    ? [...filters, sql`(${transaction.occurredOn}, ${transaction.id}) < (${position.occurredOn}::date, ${position.id}::uuid)`]
    : filters;

  const totalsQuery = query
    ? db()
        .select({ totalMinor: sql<string>`coalesce(sum(${transaction.amountMinor}), 0)`, entries: sql<number>`count(*)::int` })
        .from(transaction)
        .where(and(...filters))
    : db()
        .select({ totalMinor: sql<string>`coalesce(sum(${monthTotal.totalMinor}), 0)`, entries: sql<number>`coalesce(sum(${monthTotal.entries}), 0)::int` })
        .from(monthTotal)
        .where(
          and(
            eq(monthTotal.householdId, householdId),
            eq(monthTotal.kind, kind),
            eq(monthTotal.month, from),
            ...(category ? [eq(monthTotal.categoryId, category)] : []),
          ),
        );

  const [rows, [totals]] = await Promise.all([
    db()
      .select(columns)
      .from(transaction)
      .where(and(...pageFilters))
      .orderBy(desc(transaction.occurredOn), desc(transaction.id))
      .limit(limit + 1),
    totalsQuery,
  ]);
  const items = rows.slice(0, limit).map(toView);
  const last = items.at(-1);
  return {
    access,
    items,
    nextCursor: rows.length > limit && last ? encodeCursor(last) : null,
    totals: { totalMinor: Number(totals?.totalMinor ?? 0), entries: totals?.entries ?? 0 },
  };
}

/**
 * After an expense: when the category's month now runs 25 % above its average of the three months before
 * (with at least two of them on record), the household hears about it once per category and month.
 */
async function noticeUnusualSpending({ householdId, categoryId, month }: { householdId: string; categoryId: string; month: MonthKey }) {
  const rows = await db()
    .select({ month: monthTotal.month, totalMinor: monthTotal.totalMinor })
    .from(monthTotal)
    .where(
      and(
        eq(monthTotal.householdId, householdId),
        eq(monthTotal.kind, "expense"),
        eq(monthTotal.categoryId, categoryId),
        gte(monthTotal.month, monthStart(addMonths(month, -3))),
        lt(monthTotal.month, monthEnd(month)),
      ),
    );
  const current = rows.find((row) => row.month === monthStart(month))?.totalMinor ?? 0;
  const earlier = rows.filter((row) => row.month !== monthStart(month) && row.totalMinor > 0);
  if (earlier.length < 2) return;
  const usual = earlier.reduce((sum, row) => sum + row.totalMinor, 0) / earlier.length;
  if (current <= usual * 1.25) return;
  await notifyHouseholdMembers({
    householdId,
    kind: "categoryOverUsual",
    payload: { categoryId, month, totalMinor: current, usualMinor: Math.round(usual) },
    dedupeKey: `over-usual:${categoryId}:${month}`,
  });
}
