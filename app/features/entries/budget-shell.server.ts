import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { householdMember } from "~/db/schema/household";
import { everydayAccount } from "~/features/money-accounts/everyday-account.server";
import { listCategories } from "./categories.server";
import { listNotifications } from "~/features/household/notifications.server";

/**
 * What the entry forms ask in a household of two or more: shared or personal (default: the Everyday account's, where
 * typed entries go) and who paid or received. Null for a household of one, which never sees the question.
 */
async function entrySharing({
  userId,
  householdId,
  everyday,
}: {
  userId: string;
  householdId: string;
  everyday: { defaultShared: boolean } | undefined;
}) {
  const members = await db()
    .select({ userId: householdMember.userId, name: user.name })
    .from(householdMember)
    .innerJoin(user, eq(user.id, householdMember.userId))
    .where(eq(householdMember.householdId, householdId))
    .orderBy(asc(householdMember.createdAt), asc(householdMember.userId));
  if (members.length < 2) return null;
  return { currentUserId: userId, members, defaultShared: everyday?.defaultShared ?? false };
}

/**
 * What budget adds to every /app page: the household's categories (labels, pickers), the header's notifications, who
 * shares it, and the currency a typed entry is in (the Everyday account's; null before it exists: the household's).
 */
export async function getBudgetShell({ userId, householdId }: { userId: string; householdId: string }) {
  const [categories, notifications, everyday] = await Promise.all([
    listCategories({ householdId }),
    listNotifications({ userId }),
    everydayAccount(householdId),
  ]);
  const sharing = await entrySharing({ userId, householdId, everyday });
  return { categories, notifications, sharing, entryCurrency: everyday?.currency ?? null };
}

export type BudgetShellData = Awaited<ReturnType<typeof getBudgetShell>>;
