import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { entryLine, transaction } from "~/db/schema/entries";
import { personalPrivacy } from "~/db/schema/household";
import { moneyAccount } from "~/db/schema/money-accounts";
import { recurring } from "~/db/schema/recurring";
import type { HouseholdAccess } from "./households.server";

/** The member an entry belongs to: who paid or received it, else whoever entered it (null when neither is known). */
export const entryMember = sql<string | null>`coalesce(${transaction.memberUserId}, ${transaction.createdBy})`;

/**
 * The member a line belongs to (decision 0018): its own member when it names one, else its entry's. For a query that
 * joins `entry_line` to its `transaction`.
 */
export const lineMember = sql<
  string | null
>`coalesce(${entryLine.memberUserId}, ${transaction.memberUserId}, ${transaction.createdBy})`;

/**
 * `visibleEntries` for one line at a time, for readers that return a split entry's lines row by row (the CSV export,
 * a category filter): a personal expense line of a member who shows personal spending only as category totals is not
 * shown to the others, whatever its entry is. Apply it beside `visibleEntries`, never instead (the entry's own rule
 * stands as it is). Undefined when nobody hides anything.
 */
export function visibleLines(access: Pick<HouseholdAccess, "hiddenPersonalOf">): SQL | undefined {
  if (access.hiddenPersonalOf.length === 0) return undefined;
  return sql`(${and(eq(entryLine.kind, "expense"), eq(entryLine.shared, false), inArray(lineMember, access.hiddenPersonalOf))}) is not true`;
}

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

/** `visibleEntries` for raw SQL, where a condition must always stand: true when nobody hides anything. */
export function visibleEntriesInSql(access: Pick<HouseholdAccess, "hiddenPersonalOf">): SQL {
  return visibleEntries(access) ?? sql`true`;
}

/**
 * The recurring series the member may see one by one: not an expense series another member set up on an account whose
 * entries start personal while that member shows personal spending only as category totals — its entries would be
 * hidden, and its name ("Therapist, monthly") tells as much. Undefined when nobody hides anything.
 */
export function visibleSeries(access: Pick<HouseholdAccess, "hiddenPersonalOf">): SQL | undefined {
  if (access.hiddenPersonalOf.length === 0) return undefined;
  const startsShared = sql`coalesce((select ${moneyAccount.defaultShared} from ${moneyAccount} where ${moneyAccount.id} = ${recurring.accountId}), false)`;
  return sql`(${and(eq(recurring.kind, "expense"), inArray(recurring.createdBy, access.hiddenPersonalOf), sql`not ${startsShared}`)}) is not true`;
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

/**
 * Whether a member shows their personal spending to the others entry by entry (true) or only as category totals.
 * The choice is kept apart from the membership so that it outlives it (decision 0016).
 */
export function showsPersonalInDetail(householdId: AnyColumn | SQL, userId: AnyColumn | SQL): SQL<boolean> {
  return sql<boolean>`not exists (select 1 from ${personalPrivacy} where ${personalPrivacy.householdId} = ${householdId} and ${personalPrivacy.userId} = ${userId})`;
}

/** A member's own choice for their own data; idempotent. */
export async function choosePersonalPrivacy({
  householdId,
  userId,
  personalInDetail,
}: {
  householdId: string;
  userId: string;
  personalInDetail: boolean;
}) {
  if (personalInDetail)
    await db()
      .delete(personalPrivacy)
      .where(and(eq(personalPrivacy.householdId, householdId), eq(personalPrivacy.userId, userId)));
  else await db().insert(personalPrivacy).values({ householdId, userId }).onConflictDoNothing();
}
