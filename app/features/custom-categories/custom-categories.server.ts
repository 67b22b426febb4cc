import { and, asc, count, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { category, monthTotal } from "~/db/schema/entries";
import type { TransactionKind } from "~/domain/categories";
import { maxCustomCategories, sameCategoryName } from "~/domain/custom-categories";
import { can } from "~/domain/plans";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { isUuid } from "~/lib/uuid";
import type { Conflict } from "~/lib/row-version";
import { atVersion, nextVersion, versionOf } from "~/features/platform/row-version.server";
import type { CategoryFieldErrors } from "./custom-category.schema";

export interface CustomCategoryFields {
  name: string;
  color: string;
  icon: string;
}

export type CategoryResult = { ok: true; categoryId: string } | { ok: false; fieldErrors: CategoryFieldErrors };

export interface CustomCategoryView {
  id: string;
  kind: TransactionKind;
  name: string;
  color: string;
  icon: string;
  archived: boolean;
  /** Entries filed under it (all time). */
  entries: number;
  /** The row version an edit must be based on (features/platform/row-version.server.ts). */
  version: string;
}

/** A category's editable fields as they are now: what a refused stale save shows. */
export interface CurrentCategory {
  name: string;
  color: string;
  icon: string;
  version: string;
}

/** The household's own categories (archived ones too) with how many entries use each, for Settings. */
export async function listCustomCategories({ userId, householdId }: { userId: string; householdId: string }) {
  const access = await requireHouseholdAccess({ userId, householdId });
  const rows = await db()
    .select({
      id: category.id,
      kind: category.kind,
      name: category.name,
      color: category.color,
      icon: category.icon,
      archived: category.archived,
      version: versionOf(category.updatedAt),
      // Entry counts come from the month_total rows the triggers keep, not from scanning transactions.
      entries: sql<number>`coalesce((select sum(${monthTotal.entries}) from ${monthTotal} where ${monthTotal.householdId} = ${householdId} and ${monthTotal.categoryId} = ${category.id}), 0)::int`,
    })
    .from(category)
    .where(eq(category.householdId, householdId))
    .orderBy(asc(category.archived), asc(category.kind), asc(category.sortOrder), asc(category.createdAt));
  const categories: CustomCategoryView[] = rows.map((row) => ({
    ...row,
    kind: row.kind,
    name: row.name ?? "",
    entries: Number(row.entries),
  }));
  return {
    access,
    categories,
    canEdit: access.canWrite && can(access.plan, "categories.custom"),
    premium: can(access.plan, "categories.custom"),
  };
}

async function requireEditor(userId: string, householdId: string) {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  return can(access.plan, "categories.custom");
}

async function nameTaken(householdId: string, kind: TransactionKind, name: string, exceptId?: string) {
  const rows = await db()
    .select({ id: category.id, name: category.name })
    .from(category)
    .where(and(eq(category.householdId, householdId), eq(category.kind, kind), eq(category.archived, false)));
  return rows.some((row) => row.id !== exceptId && row.name !== null && sameCategoryName(row.name, name));
}

async function findCustom(householdId: string, categoryId: string) {
  if (!isUuid(categoryId)) return undefined;
  const [row] = await db()
    .select({ id: category.id, kind: category.kind, archived: category.archived, name: category.name })
    .from(category)
    .where(and(eq(category.id, categoryId), eq(category.householdId, householdId)))
    .limit(1);
  return row;
}

/** Premium: the owner adds a category of their own (their words, never translated), with a colour and an icon. */
export async function createCustomCategory({
  userId,
  householdId,
  kind,
  fields,
}: {
  userId: string;
  householdId: string;
  kind: TransactionKind;
  fields: CustomCategoryFields;
}): Promise<CategoryResult> {
  if (!(await requireEditor(userId, householdId)))
    return { ok: false, fieldErrors: { form: "categories.errors.premiumRequired" } };
  if (await nameTaken(householdId, kind, fields.name))
    return { ok: false, fieldErrors: { name: "categories.errors.nameTaken" } };
  const [existing] = await db().select({ total: count() }).from(category).where(eq(category.householdId, householdId));
  if ((existing?.total ?? 0) >= maxCustomCategories)
    return { ok: false, fieldErrors: { form: "categories.errors.tooMany" } };
  const [created] = await db()
    .insert(category)
    .values({
      householdId,
      kind,
      name: fields.name,
      color: fields.color,
      icon: fields.icon,
      sortOrder: 1000 + (existing?.total ?? 0),
    })
    .returning({ id: category.id });
  if (!created) throw new Error("category insert returned nothing");
  return { ok: true, categoryId: created.id };
}

/**
 * Premium: rename, recolour or change the icon; its entries follow (they point to the category, not its name). Only
 * if nobody changed the category since `version` was loaded; otherwise nothing is written and the answer carries the
 * category as it is now.
 */
export async function updateCustomCategory({
  userId,
  householdId,
  categoryId,
  version,
  fields,
}: {
  userId: string;
  householdId: string;
  categoryId: string;
  version: string | undefined;
  fields: CustomCategoryFields;
}): Promise<CategoryResult | Conflict<CurrentCategory>> {
  if (!(await requireEditor(userId, householdId)))
    return { ok: false, fieldErrors: { form: "categories.errors.premiumRequired" } };
  const existing = await findCustom(householdId, categoryId);
  if (!existing) return { ok: false, fieldErrors: { form: "categories.errors.notFound" } };
  if (!existing.archived && (await nameTaken(householdId, existing.kind, fields.name, categoryId)))
    return { ok: false, fieldErrors: { name: "categories.errors.nameTaken" } };
  const saved = await db()
    .update(category)
    .set({ name: fields.name, color: fields.color, icon: fields.icon, updatedAt: nextVersion(category.updatedAt) })
    .where(
      and(eq(category.id, categoryId), eq(category.householdId, householdId), atVersion(category.updatedAt, version)),
    )
    .returning({ id: category.id });
  if (saved.length > 0) return { ok: true, categoryId };
  const [current] = await db()
    .select({ name: category.name, color: category.color, icon: category.icon, version: versionOf(category.updatedAt) })
    .from(category)
    .where(and(eq(category.id, categoryId), eq(category.householdId, householdId)));
  return current ? { conflict: "changed", current: { ...current, name: current.name ?? "" } } : { conflict: "gone" };
}

/**
 * Premium: archiving hides a category from the pickers; the entries filed under it keep it (and its name and
 * colour) in lists, reports and exports. Bringing it back refuses a name that is now taken.
 */
export async function setCustomCategoryArchived({
  userId,
  householdId,
  categoryId,
  archived,
}: {
  userId: string;
  householdId: string;
  categoryId: string;
  archived: boolean;
}): Promise<CategoryResult> {
  if (!(await requireEditor(userId, householdId)))
    return { ok: false, fieldErrors: { form: "categories.errors.premiumRequired" } };
  const existing = await findCustom(householdId, categoryId);
  if (!existing) return { ok: false, fieldErrors: { form: "categories.errors.notFound" } };
  if (
    !archived &&
    existing.archived &&
    (await nameTaken(householdId, existing.kind, existing.name ?? "", categoryId))
  ) {
    return { ok: false, fieldErrors: { form: "categories.errors.nameTakenRestore" } };
  }
  await db()
    .update(category)
    .set({ archived, updatedAt: nextVersion(category.updatedAt) })
    .where(and(eq(category.id, categoryId), eq(category.householdId, householdId)));
  return { ok: true, categoryId };
}
