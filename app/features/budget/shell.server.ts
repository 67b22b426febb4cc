import { listCategories } from "./categories.server";
import type { AppContext } from "./app-context.server";
import { requireHouseholdAccess } from "./households.server";
import { listNotifications } from "./notifications.server";

/** What the app shell needs on every page: who, which household (and the others), categories, notifications. */
export async function getAppShell(context: AppContext) {
  const [access, categories, notifications] = await Promise.all([
    requireHouseholdAccess({ userId: context.user.id, householdId: context.householdId }),
    listCategories({ householdId: context.householdId }),
    listNotifications({ userId: context.user.id }),
  ]);
  return {
    user: { name: context.user.name, email: context.user.email, locale: context.user.locale },
    today: context.today,
    households: context.households,
    household: { ...access.household, role: access.role, canWrite: access.canWrite, plan: access.plan },
    categories,
    notifications,
  };
}

export type AppShellData = Awaited<ReturnType<typeof getAppShell>>;
