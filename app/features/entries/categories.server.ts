import { asc, eq, isNull, or } from "drizzle-orm";
import { db } from "~/db/client.server";
import { category } from "~/db/schema/entries";
import type { CategoryView, TransactionKind } from "~/domain/categories";

/** The built-in set plus the household's own categories, in picking order: one small indexed query. */
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
    })
    .from(category)
    .where(or(isNull(category.householdId), eq(category.householdId, householdId)))
    .orderBy(asc(category.sortOrder), asc(category.createdAt));
  return rows.map((row) => ({ ...row, kind: row.kind }));
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
