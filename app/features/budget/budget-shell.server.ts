import { listCategories } from "./categories.server";
import { listNotifications } from "./notifications.server";

/** What budget adds to every /app page: the household's categories (labels, pickers) and the header's notifications. */
export async function getBudgetShell({ userId, householdId }: { userId: string; householdId: string }) {
  const [categories, notifications] = await Promise.all([listCategories({ householdId }), listNotifications({ userId })]);
  return { categories, notifications };
}

export type BudgetShellData = Awaited<ReturnType<typeof getBudgetShell>>;
