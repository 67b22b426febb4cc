import { asc, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { householdMember } from "~/db/schema/household";
import { everydayAccount } from "~/features/money-accounts/everyday-account.server";
import { listCategories } from "./categories.server";
import { listNotifications } from "~/features/household/notifications.server";

/** The household's members, present ones in the order they joined: who may have paid or received an entry. */
function householdMembers(householdId: string) {
  return db()
    .select({ userId: householdMember.userId, name: user.name })
    .from(householdMember)
    .innerJoin(user, eq(user.id, householdMember.userId))
    .where(eq(householdMember.householdId, householdId))
    .orderBy(asc(householdMember.createdAt), asc(householdMember.userId));
}

/**
 * What budget adds to every /app page: the household's categories (labels, pickers), the header's notifications, the
 * currency a typed entry is in (the Everyday account's; null before it exists: the household's), and what the entry
 * forms ask in a household of two or more: shared or personal (default: the Everyday account's) and who paid or
 * received — null for a household of one, which never sees the question. Four reads side by side.
 */
export async function getBudgetShell({ userId, householdId }: { userId: string; householdId: string }) {
  const [categories, notifications, everyday, members] = await Promise.all([
    listCategories({ householdId }),
    listNotifications({ userId }),
    everydayAccount(householdId),
    householdMembers(householdId),
  ]);
  const sharing =
    members.length < 2 ? null : { currentUserId: userId, members, defaultShared: everyday?.defaultShared ?? false };
  return { categories, notifications, sharing, entryCurrency: everyday?.currency ?? null };
}

export type BudgetShellData = Awaited<ReturnType<typeof getBudgetShell>>;
