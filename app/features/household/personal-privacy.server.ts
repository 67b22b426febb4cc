import { and, eq, inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import { db } from "~/db/client.server";
import { entryLine, payee, transaction } from "~/db/schema/entries";
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

/**
 * The visibility layer (issue 44, decision 0037): what a member may see of the household's entries, lines and payees,
 * built here once and read by every module that returns them to a member. Nothing else decides it.
 *
 * `entriesSeenBy(access)` gives the conditions on `transaction` that leave out another member's hidden personal
 * entries and entries whose every line is such a line, and each row's amount, base amount, category and sharing as the
 * lines the member may see make them: with another member's hidden line in it, the others' sums and the first shown
 * one's category and sharing. An amount search or range compares `amountMinor` from here, never the whole entry's. When
 * nobody hides anything the conditions are empty and the columns are the entry's own, so the usual query (and its
 * index) is unchanged. Plain SQL expressions in a plain select: the read batcher (decision 0034) still joins them.
 */
export function entriesSeenBy(access: Pick<HouseholdAccess, "hiddenPersonalOf">) {
  const hidden = visibleEntries(access);
  const shownLine = visibleLines(access);
  const visibility: SQL[] = [
    ...(hidden ? [hidden] : []),
    ...(shownLine
      ? [sql`exists (select 1 from ${entryLine} where ${eq(entryLine.entryId, transaction.id)} and ${shownLine})`]
      : []),
  ];
  const firstShown = (column: SQL) =>
    sql`(select ${column} from ${entryLine} where ${eq(entryLine.entryId, transaction.id)} and ${shownLine} order by ${entryLine.position} limit 1)`;
  const sumShown = (column: SQL) =>
    sql`(select sum(${column}) from ${entryLine} where ${eq(entryLine.entryId, transaction.id)} and ${shownLine})`;
  const amountMinor = shownLine
    ? sql<number>`coalesce(${sumShown(sql`${entryLine.amountMinor}`)}, 0)`.mapWith(Number)
    : sql<number>`${transaction.amountMinor}`;
  const seen = shownLine
    ? {
        amountMinor,
        // Null while the entry has no rate, like the entry's own.
        baseAmountMinor: sql<number | null>`case when ${transaction.baseAmountMinor} is null then null else ${sumShown(
          sql`${entryLine.baseAmountMinor}`,
        )} end`.mapWith(Number),
        categoryId: sql<string>`${firstShown(sql`${entryLine.categoryId}`)}`,
        shared: sql<boolean>`${firstShown(sql`${entryLine.shared}`)}`,
      }
    : {};
  return { visibility, seen, amountMinor };
}

/**
 * The payees a member may see (decision 0037): those with an entry the member may see (`entriesSeenBy`), and those
 * with no entry at all (payee memory learned in an import preview). A payee seen only on another member's hidden
 * entries is not: not listed, not renamed or merged, its memory (category, "personal") and name given to none of this
 * member's imports, and an entry they import under its key is not joined to it. Undefined when nobody hides anything.
 * A condition on `payee`.
 */
export function payeesSeenBy(
  access: Pick<HouseholdAccess, "hiddenPersonalOf">,
  /** The payee's id, when it is not `payee.id` (an alias of the table). */
  payeeId: AnyColumn | SQL = payee.id,
): SQL | undefined {
  const { visibility } = entriesSeenBy(access);
  if (visibility.length === 0) return undefined;
  return sql`(exists (select 1 from ${transaction} where ${and(eq(transaction.payeeId, payeeId), ...visibility)})
    or not exists (select 1 from ${transaction} where ${eq(transaction.payeeId, payeeId)}))`;
}

/**
 * Why a reader sees every entry of a household, hidden ones included (decision 0037). Each is a sum, a match or a
 * process for the household itself; none returns a hidden entry's text, amount or payee to a member.
 */
export type WholeHouseholdReason =
  | "balances" // account balances: the money left the account, whoever's it is
  | "monthTotals" // month and account totals and their triggers: category totals stay whole (decision 0016)
  | "linesAddUp" // the writer's check that lines add up to their entry
  | "settleUp" // settle up's and fair share's sums
  | "matching" // duplicate, transfer and already-entered matching of an import: a yes or no per row, never the entry
  | "baseCurrency" // converting every entry to a new base currency, and filling missing rates
  | "backups" // database backups and restores
  | "backgroundJobs"; // recurring posting, purges, the rates' fill: no member reads the result

/**
 * The reader that sees the whole household, for the readers named in `WholeHouseholdReason` only; the reason is
 * written at every call, so `grep wholeHousehold(` lists them.
 */
export function wholeHousehold(_reason: WholeHouseholdReason): Pick<HouseholdAccess, "hiddenPersonalOf"> {
  return { hiddenPersonalOf: [] };
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
