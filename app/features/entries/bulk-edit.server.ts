import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { bulkEdit, type BulkEditedEntry } from "~/db/schema/entries";
import type { EntrySearch } from "~/domain/entry-search";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { uuidv7 } from "~/lib/uuid";
import { bulkEditCap, type BulkEditAction } from "./bulk-edit.schema";
import { listCategories } from "./categories.server";
import {
  changeEntriesInBulk,
  deleteEntries,
  restoreBulkChange,
  restoreEntries,
  undoHours,
  type BulkChange,
} from "./entry-writer.server";
import { entriesForBulkEdit, listPayeesShownTo } from "./transactions.server";

/** Messages are keys of the app namespace. */
export type BulkEditError =
  | "search.bulk.errors.none"
  | "search.bulk.errors.tooMany"
  | "search.bulk.errors.category"
  | "search.bulk.errors.payee"
  | "search.bulk.errors.notFound";

interface Asked {
  userId: string;
  householdId: string;
}

type Chosen =
  | { action: "setCategory"; categoryId: string }
  | { action: "setPayee"; payeeId: string }
  | { action: "makeShared" | "makePersonal" | "delete" };

/**
 * Bulk edit of search results (decision 0020): sets one category, payee or sharing on the chosen entries, or deletes
 * them, in a few statements whatever their number, and keeps what it changed from for a day, for `undoBulkEdit`.
 * The entries are the ids posted, each checked to be the household's and shown to this member, or, for "all that
 * match", the search run again here; never more than `bulkEditCap`. A member who only looks is refused.
 */
export async function bulkEditEntries(
  asked: Asked & { selection: { ids: readonly string[] } | { search: EntrySearch }; chosen: Chosen },
): Promise<{ ok: true; bulkEditId: string; changed: number; skipped: number } | { ok: false; error: BulkEditError }> {
  const access = await requireHouseholdAccess({ ...asked, write: true });
  const householdId = access.household.id;
  const { chosen } = asked;
  const ids = await entriesForBulkEdit(access, asked.selection, bulkEditCap + 1);
  if (ids.length > bulkEditCap) return { ok: false, error: "search.bulk.errors.tooMany" };
  if (ids.length === 0) return { ok: false, error: "search.bulk.errors.none" };
  let change: BulkChange | undefined;
  if (chosen.action === "setCategory") {
    const usable = (await listCategories({ householdId })).some(
      (category) => category.id === chosen.categoryId && !category.archived,
    );
    if (!usable) return { ok: false, error: "search.bulk.errors.category" };
    change = { categoryId: chosen.categoryId };
  } else if (chosen.action === "setPayee") {
    if (!(await listPayeesShownTo(access)).some((listed) => listed.id === chosen.payeeId))
      return { ok: false, error: "search.bulk.errors.payee" };
    change = { payeeId: chosen.payeeId };
  } else if (chosen.action !== "delete") change = { shared: chosen.action === "makeShared" };
  const bulkEditId = uuidv7();
  const changed = await db().transaction(async (tx) => {
    const entries: BulkEditedEntry[] = change
      ? await changeEntriesInBulk(tx, { writer: access, householdId, ids, change })
      : (await deleteEntries(tx, { writer: access, householdId, selection: { ids }, undoBy: asked.userId })).map(
          (entry) => ({ id: entry.id }),
        );
    await tx
      .insert(bulkEdit)
      .values({ id: bulkEditId, householdId, userId: asked.userId, action: chosen.action, entries });
    return entries.length;
  });
  return { ok: true, bulkEditId, changed, skipped: ids.length - changed };
}

function isAction(action: string): action is BulkEditAction {
  return ["setCategory", "setPayee", "makeShared", "makePersonal", "delete"].includes(action);
}

/** A bulk edit this member made within the undo time, for the notice that offers its undo; undefined when there is none. */
export async function findBulkEdit(
  asked: Asked & { bulkEditId: string },
): Promise<{ id: string; action: BulkEditAction; entries: number } | undefined> {
  const access = await requireHouseholdAccess(asked);
  const [row] = await db()
    .select({ action: bulkEdit.action, entries: bulkEdit.entries, createdAt: bulkEdit.createdAt })
    .from(bulkEdit)
    .where(
      and(
        eq(bulkEdit.id, asked.bulkEditId),
        eq(bulkEdit.householdId, access.household.id),
        eq(bulkEdit.userId, asked.userId),
      ),
    )
    .limit(1);
  if (!row || !isAction(row.action) || row.createdAt.getTime() < Date.now() - undoHours * 3_600_000) return undefined;
  return { id: asked.bulkEditId, action: row.action, entries: row.entries.length };
}

/**
 * Undo of a bulk edit, by the member who made it, within a day: each entry gets back its own earlier category, payee
 * or sharing (unless somebody changed it since), or the deleted entries come back whole with their lines. The record
 * goes with it, so a second undo finds nothing.
 */
export async function undoBulkEdit(
  asked: Asked & { bulkEditId: string },
): Promise<{ ok: true; restored: number } | { ok: false; error: BulkEditError }> {
  const access = await requireHouseholdAccess({ ...asked, write: true });
  const householdId = access.household.id;
  return db().transaction(async (tx) => {
    const [record] = await tx
      .delete(bulkEdit)
      .where(
        and(
          eq(bulkEdit.id, asked.bulkEditId),
          eq(bulkEdit.householdId, householdId),
          eq(bulkEdit.userId, asked.userId),
        ),
      )
      .returning({ action: bulkEdit.action, entries: bulkEdit.entries, createdAt: bulkEdit.createdAt });
    if (!record || record.createdAt.getTime() < Date.now() - undoHours * 3_600_000)
      return { ok: false, error: "search.bulk.errors.notFound" } as const;
    const restored =
      record.action === "delete"
        ? await restoreEntries(tx, {
            writer: access,
            householdId,
            entryIds: record.entries.map((entry) => entry.id),
            deletedBy: asked.userId,
          })
        : await restoreBulkChange(tx, { writer: access, householdId, entries: record.entries });
    return { ok: true, restored } as const;
  });
}
