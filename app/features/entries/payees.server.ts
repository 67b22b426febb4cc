import { and, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { payee } from "~/db/schema/entries";
import type { CategoryView } from "~/domain/categories";
import { requireHouseholdAccess, type HouseholdAccess } from "~/features/household/households.server";
import { isUsableCategory, listCategories } from "./categories.server";
import { keepHiddenTitles, moveEntriesToPayee } from "./entry-writer.server";
import { listPayeesShownTo, type PayeeListed } from "./transactions.server";

/** Messages are keys of the payees namespace. */
export type PayeeError = "errors.notFound" | "errors.category" | "errors.mergeTarget" | "errors.mergeSelf";

export type PayeeResult<Done = object> = ({ ok: true } & Done) | { ok: false; error: PayeeError };

interface Asked {
  userId: string;
  householdId: string;
}

/**
 * The Payees screen: the household's payees as this member may see them (`listPayeesShownTo`), the categories their
 * memory may name, and whether the member may change them.
 */
export async function listPayees({ userId, householdId }: Asked): Promise<{
  payees: PayeeListed[];
  categories: CategoryView[];
  canWrite: boolean;
}> {
  const access = await requireHouseholdAccess({ userId, householdId });
  const [payees, categories] = await Promise.all([listPayeesShownTo(access), listCategories({ householdId })]);
  return { payees, categories, canWrite: access.canWrite };
}

/** A writer's access, and the payees of these ids as this member sees them listed; a payee not listed is not found. */
async function listedPayees(asked: Asked, ids: readonly string[]) {
  const access = await requireHouseholdAccess({ ...asked, write: true });
  const listed = new Map((await listPayeesShownTo(access)).map((item) => [item.id, item]));
  const found = ids.map((id) => listed.get(id));
  return { access, found };
}

/**
 * Renames a payee this member sees: the title of every entry without a title of its own follows at once (`entryTitle`),
 * except entries hidden from this member, which keep theirs (`keepHiddenTitles`).
 */
export async function renamePayee(
  asked: Asked & { payeeId: string; name: string },
): Promise<PayeeResult<{ name: string }>> {
  const { access, found } = await listedPayees(asked, [asked.payeeId]);
  if (!found[0]) return { ok: false, error: "errors.notFound" };
  const householdId = access.household.id;
  await db().transaction(async (tx) => {
    // Entries hidden from this member keep the title their member sees (decision 0037).
    await keepHiddenTitles(tx, { writer: access, householdId, payeeId: asked.payeeId });
    await tx
      .update(payee)
      .set({ name: asked.name, updatedAt: sql`now()` })
      .where(and(eq(payee.id, asked.payeeId), eq(payee.householdId, householdId)));
  });
  return { ok: true, name: asked.name };
}

/**
 * Sets (or, with null, clears) the payee's memory for money out and money in: the category the next import gives its
 * entries of that kind (`decideImportRows`); and whether its new expenses start shared or personal.
 */
export async function setPayeeMemory(
  asked: Asked & {
    payeeId: string;
    expenseCategoryId: string | null;
    incomeCategoryId: string | null;
    /** Shared or personal for its new expenses, null: as the category says; undefined: left as it is. */
    sharing?: "shared" | "personal" | null;
  },
): Promise<PayeeResult> {
  const { access, found } = await listedPayees(asked, [asked.payeeId]);
  if (!found[0]) return { ok: false, error: "errors.notFound" };
  const householdId = access.household.id;
  const { expenseCategoryId, incomeCategoryId } = asked;
  for (const [categoryId, kind] of [
    [expenseCategoryId, "expense"],
    [incomeCategoryId, "income"],
  ] as const)
    if (categoryId !== null && !(await isUsableCategory({ householdId, categoryId, kind })))
      return { ok: false, error: "errors.category" };
  await db()
    .update(payee)
    .set({
      expenseCategoryId,
      incomeCategoryId,
      ...(asked.sharing === undefined ? {} : { sharing: asked.sharing }),
      updatedAt: sql`now()`,
    })
    .where(and(eq(payee.id, asked.payeeId), eq(payee.householdId, householdId)));
  return { ok: true };
}

/**
 * Merges one payee into another: its entries move to the other (`moveEntriesToPayee`), and it stays as an alias of its
 * key (`merged_into_id`), so what a later import brings under that key lands on the other, and so do the aliases merged
 * into it before. What the merge moved is kept on the merged payee for undo (`undoPayeeMerge`).
 */
export async function mergePayees(
  asked: Asked & { payeeId: string; intoId: string },
): Promise<PayeeResult<{ payeeId: string; name: string; intoName: string; entries: number }>> {
  if (asked.payeeId === asked.intoId) return { ok: false, error: "errors.mergeSelf" };
  const { access, found } = await listedPayees(asked, [asked.payeeId, asked.intoId]);
  const [from, into] = found;
  if (!from) return { ok: false, error: "errors.notFound" };
  if (!into) return { ok: false, error: "errors.mergeTarget" };
  const householdId = access.household.id;
  await db().transaction(async (tx) => {
    // Entries hidden from this member keep the title their member sees (decision 0037).
    await keepHiddenTitles(tx, { writer: access, householdId, payeeId: from.id });
    const entryIds = await moveEntriesToPayee(tx, { householdId, from: from.id, to: into.id });
    const aliases = await tx
      .update(payee)
      .set({ mergedIntoId: into.id, updatedAt: sql`now()` })
      .where(and(eq(payee.householdId, householdId), eq(payee.mergedIntoId, from.id)))
      .returning({ id: payee.id });
    await tx
      .update(payee)
      .set({
        mergedIntoId: into.id,
        mergeUndo: { entryIds, aliasIds: aliases.map((alias) => alias.id) },
        updatedAt: sql`now()`,
      })
      .where(and(eq(payee.id, from.id), eq(payee.householdId, householdId)));
  });
  return { ok: true, payeeId: from.id, name: from.name, intoName: into.name, entries: from.entries };
}

/**
 * Undoes a merge: the entries it moved that are still on the payee it was merged into go back, so do the aliases it
 * pointed on, and the payee is its own again. The payee it was merged into must still be listed to this member.
 */
export async function undoPayeeMerge(asked: Asked & { payeeId: string }): Promise<PayeeResult<{ name: string }>> {
  const access = await requireHouseholdAccess({ ...asked, write: true });
  const householdId = access.household.id;
  const [merged] = await db()
    .select({ id: payee.id, name: payee.name, intoId: payee.mergedIntoId, undo: payee.mergeUndo })
    .from(payee)
    .where(and(eq(payee.id, asked.payeeId), eq(payee.householdId, householdId)))
    .limit(1);
  if (!merged?.intoId || !merged.undo) return { ok: false, error: "errors.notFound" };
  const intoId = merged.intoId;
  if (!(await isListed(access, intoId))) return { ok: false, error: "errors.notFound" };
  const { entryIds, aliasIds } = merged.undo;
  await db().transaction(async (tx) => {
    if (entryIds.length > 0) await moveEntriesToPayee(tx, { householdId, from: intoId, to: merged.id, only: entryIds });
    if (aliasIds.length > 0)
      await tx
        .update(payee)
        .set({ mergedIntoId: merged.id, updatedAt: sql`now()` })
        .where(and(eq(payee.householdId, householdId), eq(payee.mergedIntoId, intoId), inArray(payee.id, aliasIds)));
    await tx
      .update(payee)
      .set({ mergedIntoId: null, mergeUndo: null, updatedAt: sql`now()` })
      .where(eq(payee.id, merged.id));
  });
  return { ok: true, name: merged.name };
}

async function isListed(access: HouseholdAccess, payeeId: string): Promise<boolean> {
  return (await listPayeesShownTo(access)).some((item) => item.id === payeeId);
}
