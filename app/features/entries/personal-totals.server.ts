import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { transaction } from "~/db/schema/entries";
import { monthEnd, monthStart, type MonthKey } from "~/domain/periods";
import type { HouseholdAccess } from "~/features/household/households.server";
import { entryMember } from "~/features/household/personal-privacy.server";

/** One member's hidden personal spending of a month, as the lists show it instead of the entries. */
export interface HiddenPersonalSpending {
  memberUserId: string;
  totalMinor: number;
  categories: { categoryId: string; totalMinor: number }[];
}

/**
 * What the expenses list shows in place of the personal expenses it may not list (design: money-in.md, "Two people"):
 * per member who keeps theirs to category totals, that month's totals per category. One query, grouped in the
 * database, over the month's range of the household's expenses; nothing when nobody hides anything from this member.
 */
export async function hiddenPersonalSpending({
  access,
  month,
  memberUserId = null,
  categoryId,
}: {
  /** The reader's access (requireHouseholdAccess), which names whose personal rows are hidden from them. */
  access: Pick<HouseholdAccess, "household" | "hiddenPersonalOf">;
  month: MonthKey;
  /** A member view: only this member's; null: everyone's. */
  memberUserId?: string | null;
  categoryId?: string;
}): Promise<HiddenPersonalSpending[]> {
  const hidden =
    memberUserId === null ? access.hiddenPersonalOf : access.hiddenPersonalOf.filter((id) => id === memberUserId);
  if (hidden.length === 0) return [];
  const rows = await db()
    .select({
      memberUserId: sql<string>`${entryMember}`,
      categoryId: transaction.categoryId,
      totalMinor: sql<string>`sum(${transaction.amountMinor})`,
    })
    .from(transaction)
    .where(
      and(
        eq(transaction.householdId, access.household.id),
        eq(transaction.kind, "expense"),
        gte(transaction.occurredOn, monthStart(month)),
        lt(transaction.occurredOn, monthEnd(month)),
        eq(transaction.shared, false),
        inArray(entryMember, hidden),
        categoryId ? eq(transaction.categoryId, categoryId) : undefined,
      ),
    )
    .groupBy(sql`1`, transaction.categoryId);
  const byMember = new Map<string, HiddenPersonalSpending>();
  for (const row of rows) {
    const spending = byMember.get(row.memberUserId) ?? {
      memberUserId: row.memberUserId,
      totalMinor: 0,
      categories: [],
    };
    const totalMinor = Number(row.totalMinor);
    spending.totalMinor += totalMinor;
    spending.categories.push({ categoryId: row.categoryId, totalMinor });
    byMember.set(row.memberUserId, spending);
  }
  for (const spending of byMember.values()) spending.categories.sort((a, b) => b.totalMinor - a.totalMinor);
  return hidden.flatMap((id) => byMember.get(id) ?? []);
}
