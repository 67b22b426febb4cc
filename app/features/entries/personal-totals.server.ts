import { and, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { entryLine, transaction } from "~/db/schema/entries";
import { monthEnd, monthStart, type MonthKey } from "~/domain/periods";
import type { HouseholdAccess } from "~/features/household/households.server";
import { lineMember } from "~/features/household/personal-privacy.server";

/** One member's hidden personal spending of a month, as the lists show it instead of the entries. */
export interface HiddenPersonalSpending {
  memberUserId: string;
  totalMinor: number;
  categories: { categoryId: string; totalMinor: number }[];
}

/**
 * What the expenses list shows in place of the personal expenses it may not list (design: money-in.md, "Two people"):
 * per member who keeps theirs to category totals, that month's totals per category. One query, grouped in the
 * database, over the month's range of the household's expense lines (decision 0018): a split's personal line counts as
 * its own member's, in its own category, and its shared lines not at all; nothing when nobody hides anything from
 * this member.
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
      memberUserId: sql<string>`${lineMember}`,
      categoryId: entryLine.categoryId,
      totalMinor: sql<string>`sum(${entryLine.baseAmountMinor})`,
    })
    .from(entryLine)
    .innerJoin(transaction, eq(transaction.id, entryLine.entryId))
    .where(
      and(
        eq(entryLine.householdId, access.household.id),
        eq(entryLine.kind, "expense"),
        gte(entryLine.occurredOn, monthStart(month)),
        lt(entryLine.occurredOn, monthEnd(month)),
        eq(entryLine.shared, false),
        inArray(lineMember, hidden),
        categoryId ? eq(entryLine.categoryId, categoryId) : undefined,
      ),
    )
    .groupBy(sql`1`, entryLine.categoryId);
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
