import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { category, categorySharing } from "~/db/schema/entries";
import { builtInSharing, type CategorySharing, type CategoryView, type TransactionKind } from "~/domain/categories";
import { requireHouseholdAccess } from "~/features/household/households.server";

/**
 * The built-in set plus the household's own categories, in picking order, each with whether its new expenses start
 * shared in this household: one small indexed query.
 */
export async function listCategories({ householdId }: { householdId: string }): Promise<CategoryView[]> {
  const rows = await db()
    .select({
      id: category.id,
      kind: category.kind,
      key: category.key,
      name: category.name,
      icon: category.icon,
      color: category.color,
      archived: category.archived,
      sharing: categorySharing.sharing,
    })
    .from(category)
    .leftJoin(
      categorySharing,
      and(eq(categorySharing.categoryId, category.id), eq(categorySharing.householdId, householdId)),
    )
    .where(or(isNull(category.householdId), eq(category.householdId, householdId)))
    .orderBy(asc(category.sortOrder), asc(category.createdAt));
  return rows.map((row) => ({ ...row, kind: row.kind, sharing: row.sharing ?? builtInSharing(row.id) }));
}

/**
 * Sets which expense categories start shared, personal or as their account says in this household (owner or editor).
 * A choice equal to the built-in default removes the household's row, so the default stays the one place it is set.
 * Categories that are not the household's expense categories are refused, and nothing is written.
 */
export async function setCategorySharing({
  userId,
  householdId,
  choices,
}: {
  userId: string;
  householdId: string;
  choices: readonly { categoryId: string; sharing: CategorySharing }[];
}): Promise<{ ok: true } | { ok: false; fieldErrors: { form: string } }> {
  await requireHouseholdAccess({ userId, householdId, write: true });
  // One choice per category: the last one posted.
  const chosen = new Map(choices.map((choice) => [choice.categoryId, choice.sharing]));
  const ids = [...chosen.keys()];
  if (ids.length === 0) return { ok: true };
  const usable = await db()
    .select({ id: category.id })
    .from(category)
    .where(
      and(
        inArray(category.id, ids),
        eq(category.kind, "expense"),
        or(isNull(category.householdId), eq(category.householdId, householdId)),
      ),
    );
  if (usable.length !== ids.length) return { ok: false, fieldErrors: { form: "errors.form.invalid" } };
  const own = [...chosen].filter(([categoryId, sharing]) => sharing !== builtInSharing(categoryId));
  await db().transaction(async (tx) => {
    await tx
      .delete(categorySharing)
      .where(and(eq(categorySharing.householdId, householdId), inArray(categorySharing.categoryId, ids)));
    if (own.length > 0)
      await tx
        .insert(categorySharing)
        .values(own.map(([categoryId, sharing]) => ({ householdId, categoryId, sharing })));
  });
  return { ok: true };
}

/** Whether a category may be used for an entry of this kind in this household. */
export async function isUsableCategory({
  householdId,
  categoryId,
  kind,
}: {
  householdId: string;
  categoryId: string;
  kind: TransactionKind;
}) {
  const [row] = await db()
    .select({ householdId: category.householdId, kind: category.kind, archived: category.archived })
    .from(category)
    .where(eq(category.id, categoryId))
    .limit(1);
  return Boolean(
    row && row.kind === kind && !row.archived && (row.householdId === null || row.householdId === householdId),
  );
}
