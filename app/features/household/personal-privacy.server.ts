import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { transaction } from "~/db/schema";
import type { HouseholdAccess } from "./households.server";

/** The member an entry belongs to: who paid or received it, else whoever entered it (null when neither is known). */
export const entryMember = sql<string | null>`coalesce(${transaction.memberUserId}, ${transaction.createdBy})`;

/**
 * Privacy of personal spending (design: money-in.md, "Two people"): a member may show their personal expenses to the
 * other members only as category totals. Every query that returns transactions row by row to a member — lists, an
 * entry's page, search, exports, `.data` — adds this condition; totals per category (month_total, charts) stay whole.
 * Undefined when nobody hides anything, so the usual query is unchanged.
 */
export function visibleEntries(access: Pick<HouseholdAccess, "hiddenPersonalOf">): SQL | undefined {
  if (access.hiddenPersonalOf.length === 0) return undefined;
  // `is not true`, not `not (…)`: an entry nobody is known to own (both columns null) makes the test null, and stays visible.
  return sql`(${and(eq(transaction.kind, "expense"), eq(transaction.shared, false), inArray(entryMember, access.hiddenPersonalOf))}) is not true`;
}

/** Whether one entry may be shown to the member row by row (the entry's own page, its edit form). */
export function isEntryVisible(
  access: Pick<HouseholdAccess, "hiddenPersonalOf">,
  entry: { kind: string; shared: boolean; memberUserId: string | null; createdBy: string | null },
): boolean {
  if (entry.kind !== "expense" || entry.shared) return true;
  const owner = entry.memberUserId ?? entry.createdBy;
  return owner === null || !access.hiddenPersonalOf.includes(owner);
}
