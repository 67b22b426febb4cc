import { everydayAccount } from "~/features/money-accounts/everyday-account.server";
import { listCategories } from "./categories.server";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { listNotifications } from "~/features/household/notifications.server";

/**
 * What budget adds to every /app page: the household's categories (labels, pickers), the header's notifications, the
 * currency a typed entry is in (the Everyday account's; null before it exists: the household's), and what the entry
 * forms ask in a household of two or more: shared or personal (default: the Everyday account's) and who paid or
 * received — null for a household of one, which never sees the question. Three reads side by side; the members come
 * with the membership the access check read.
 */
export async function getBudgetShell({ userId, householdId }: { userId: string; householdId: string }) {
  const [categories, notifications, everyday, { members }] = await Promise.all([
    listCategories({ householdId }),
    listNotifications({ userId }),
    everydayAccount(householdId),
    // The page's access check has read the membership with its members: asked again, it answers from that read.
    requireHouseholdAccess({ userId, householdId }),
  ]);
  const sharing =
    members.length < 2 ? null : { currentUserId: userId, members, defaultShared: everyday?.defaultShared ?? false };
  return { categories, notifications, sharing, entryCurrency: everyday?.currency ?? null };
}

export type BudgetShellData = Awaited<ReturnType<typeof getBudgetShell>>;
