import { plansApply } from "~/lib/billing-mode.server";
import type { AppContext } from "./app-context.server";
import { requireHouseholdAccess } from "./households.server";

/** What the app frame needs on every page: who is signed in, their today, and which household (and the others). */
export async function getAppShell(context: AppContext) {
  const access = await requireHouseholdAccess({ userId: context.user.id, householdId: context.householdId });
  return {
    // The id too: the offline outbox keeps each person's entries apart on a shared device.
    user: { id: context.user.id, name: context.user.name, email: context.user.email, locale: context.user.locale },
    today: context.today,
    households: context.households,
    household: { ...access.household, role: access.role, canWrite: access.canWrite, plan: access.plan },
    /** False on an installation where nobody takes payments: no plans, no upgrade, every feature. */
    plansApply: plansApply(),
  };
}

export type AppShellData = Awaited<ReturnType<typeof getAppShell>>;
