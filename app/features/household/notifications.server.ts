import { and, desc, eq, isNull, ne, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { subscription } from "~/db/schema/billing";
import { household, householdMember, notification } from "~/db/schema/household";
import { can } from "~/domain/plans";
import { householdPlan } from "~/lib/billing-mode.server";

export type NotificationKind =
  "partnerJoined" | "goalReached" | "categoryOverUsual" | "budgetPassed" | "settleUpRequested" | "sharedExpense";

type Payload = Record<string, string | number | null>;

/**
 * Tells every member of a household about an event, once: the dedupe key makes a repeated event a no-op.
 * One statement whatever the number of members.
 */
export async function notifyHouseholdMembers({
  householdId,
  kind,
  payload,
  dedupeKey,
}: {
  householdId: string;
  kind: NotificationKind;
  payload: Record<string, string | number | null>;
  dedupeKey: string;
}) {
  await db().execute(sql`
    insert into "notification" ("user_id", "household_id", "kind", "payload", "dedupe_key")
    select "user_id", ${householdId}, ${kind}, ${JSON.stringify(payload)}::jsonb, ${dedupeKey}
    from "household_member" where "household_id" = ${householdId}
    on conflict ("user_id", "dedupe_key") where "dedupe_key" is not null do nothing`);
}

/**
 * Tells the household's other members about something one member did, never the member who did it (`actorUserId`;
 * null tells everyone). Once per member and `dedupeKey`: a repeated event is a no-op. Answers how many were told now.
 */
export async function notifyOtherMembers({
  householdId,
  actorUserId,
  kind,
  payload,
  dedupeKey,
}: {
  householdId: string;
  actorUserId: string | null;
  kind: NotificationKind;
  payload: Payload;
  dedupeKey: string;
}): Promise<number> {
  const others = await db()
    .select({ userId: householdMember.userId })
    .from(householdMember)
    .where(
      and(
        eq(householdMember.householdId, householdId),
        actorUserId ? ne(householdMember.userId, actorUserId) : undefined,
      ),
    );
  if (others.length === 0) return 0;
  const told = await db()
    .insert(notification)
    .values(others.map((member) => ({ userId: member.userId, householdId, kind, payload, dedupeKey })))
    .onConflictDoNothing()
    .returning({ id: notification.id });
  return told.length;
}

/** An entry just added or changed, as far as the shared-expense notice needs it. */
export interface SharedExpenseCandidate {
  id: string;
  kind: string;
  shared: boolean;
  amountMinor: number;
  description: string;
  categoryId: string;
}

/** The household's alert amount for shared expenses (null: off), for a caller that can skip reading its rows. */
export async function sharedExpenseAlertMinor(householdId: string): Promise<number | null> {
  const [row] = await db()
    .select({ thresholdMinor: household.sharedAlertMinor })
    .from(household)
    .where(eq(household.id, householdId))
    .limit(1);
  return row?.thresholdMinor ?? null;
}

/**
 * "Pieter added a shared expense: Sofa, €899.00": a shared expense of at least the household's alert amount
 * (`household.shared_alert_minor`; null: off) tells the other members, once per entry, so an edit that makes an entry
 * shared tells them and later edits do not repeat it. Many entries at once (a statement import) give one summary
 * under `batchKey` instead of one notice each. Nothing is read unless a candidate is a shared expense, so a
 * household of one (whose entries are personal) pays nothing; a household whose plan suspended its partners tells nobody.
 */
export async function notifySharedExpenses({
  householdId,
  actorUserId,
  entries,
  batchKey,
}: {
  householdId: string;
  /** Who added or changed them (for a series posted on its own: whoever set it up); never told. */
  actorUserId: string | null;
  entries: readonly SharedExpenseCandidate[];
  batchKey?: string;
}): Promise<void> {
  const candidates = entries.filter((entry) => entry.kind === "expense" && entry.shared);
  if (candidates.length === 0) return;
  const [settings] = await db()
    .select({
      thresholdMinor: household.sharedAlertMinor,
      plan: subscription.plan,
      status: subscription.status,
      currentPeriodEnd: subscription.currentPeriodEnd,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      actorName: actorUserId
        ? sql<string | null>`(select ${user.name} from ${user} where ${user.id} = ${actorUserId})`
        : sql<string | null>`null`,
    })
    .from(household)
    .leftJoin(subscription, eq(subscription.householdId, household.id))
    .where(eq(household.id, householdId))
    .limit(1);
  if (!settings || settings.thresholdMinor === null || !can(householdPlan(settings), "partners.access")) return;
  const threshold = settings.thresholdMinor;
  const over = candidates.filter((entry) => entry.amountMinor >= threshold);
  const name = settings.actorName ?? "";
  if (batchKey && over.length > 1) {
    const amountMinor = over.reduce((sum, entry) => sum + entry.amountMinor, 0);
    await notifyOtherMembers({
      householdId,
      actorUserId,
      kind: "sharedExpense",
      payload: { name, count: over.length, amountMinor, thresholdMinor: threshold },
      dedupeKey: batchKey,
    });
    return;
  }
  for (const entry of over) {
    await notifyOtherMembers({
      householdId,
      actorUserId,
      kind: "sharedExpense",
      payload: {
        name,
        description: entry.description,
        categoryId: entry.categoryId,
        amountMinor: entry.amountMinor,
        transactionId: entry.id,
      },
      dedupeKey: `shared-expense:${entry.id}`,
    });
  }
}

/** The latest notifications of a user with the unread count, for the header's alert dot. */
export async function listNotifications({ userId, limit = 10 }: { userId: string; limit?: number }) {
  // The unread count rides along as an uncorrelated subquery (evaluated once): one statement on every signed-in page.
  // Without any notification there is no row, and nothing unread either.
  const unread = db()
    .select({ count: sql<number>`count(*)::int` })
    .from(notification)
    .where(and(eq(notification.userId, userId), isNull(notification.readAt)));
  const items = await db()
    .select({
      id: notification.id,
      kind: notification.kind,
      payload: notification.payload,
      householdId: notification.householdId,
      readAt: notification.readAt,
      createdAt: notification.createdAt,
      unread: sql<number>`(${unread})`,
    })
    .from(notification)
    .where(eq(notification.userId, userId))
    .orderBy(desc(notification.createdAt))
    .limit(limit);
  return {
    unread: items[0]?.unread ?? 0,
    items: items.map(({ unread: _unread, ...item }) => ({
      ...item,
      kind: item.kind,
      createdAt: item.createdAt.toISOString(),
      read: item.readAt !== null,
    })),
  };
}

export async function markNotificationsRead({ userId }: { userId: string }) {
  await db()
    .update(notification)
    .set({ readAt: new Date(), updatedAt: new Date() })
    .where(and(eq(notification.userId, userId), isNull(notification.readAt)));
}
