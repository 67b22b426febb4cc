import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { notification } from "~/db/schema";

export type NotificationKind = "partnerJoined" | "goalReached" | "categoryOverUsual";

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

/** The latest notifications of a user with the unread count, for the header's alert dot. */
export async function listNotifications({ userId, limit = 10 }: { userId: string; limit?: number }) {
  const [items, [counts]] = await Promise.all([
    db()
      .select({
        id: notification.id,
        kind: notification.kind,
        payload: notification.payload,
        householdId: notification.householdId,
        readAt: notification.readAt,
        createdAt: notification.createdAt,
      })
      .from(notification)
      .where(eq(notification.userId, userId))
      .orderBy(desc(notification.createdAt))
      .limit(limit),
    db()
      .select({ unread: sql<number>`count(*)::int` })
      .from(notification)
      .where(and(eq(notification.userId, userId), isNull(notification.readAt))),
  ]);
  return {
    unread: counts?.unread ?? 0,
    items: items.map((item) => ({ ...item, kind: item.kind as NotificationKind, createdAt: item.createdAt.toISOString(), read: item.readAt !== null })),
  };
}

export async function markNotificationsRead({ userId }: { userId: string }) {
  await db()
    .update(notification)
    .set({ readAt: new Date(), updatedAt: new Date() })
    .where(and(eq(notification.userId, userId), isNull(notification.readAt)));
}
