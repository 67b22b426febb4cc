import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { subscription } from "~/db/schema/billing";
import { household } from "~/db/schema/household";
import { grantedStatus, type Plan } from "~/domain/plans";
import { logger } from "~/lib/logger.server";
import type { SubscriptionValues } from "./subscription.server";

export type OperatorPlanResult =
  | { ok: true; households: string[] }
  | { ok: false; error: "noAccount" | "noHousehold" | "paidWithStripe"; households?: string[] };

/**
 * Sets the plan of the households a person owns, by their e-mail address: premium (until a date, or with no end) or
 * free. For an operator who runs Samen with billing configured and wants to give a plan (family, a tester, a
 * refund). A household that pays through Stripe is left alone: its plan is the provider's to change. Logged.
 */
export async function setPlanByOperator({
  email,
  plan,
  until = null,
  now = new Date(),
}: {
  email: string;
  plan: Plan;
  /** The end of a granted premium plan (the day it turns free again); null: no end. */
  until?: Date | null;
  now?: Date;
}): Promise<OperatorPlanResult> {
  const [owner] = await db()
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  if (!owner) return { ok: false, error: "noAccount" };
  const owned = await db()
    .select({ id: household.id, name: household.name, providerSubscriptionId: subscription.providerSubscriptionId })
    .from(household)
    .leftJoin(subscription, eq(subscription.householdId, household.id))
    .where(eq(household.ownerUserId, owner.id));
  if (owned.length === 0) return { ok: false, error: "noHousehold" };
  const paying = owned.filter((row) => row.providerSubscriptionId);
  if (paying.length > 0) return { ok: false, error: "paidWithStripe", households: paying.map((row) => row.name) };

  const values = {
    plan,
    status: plan === "premium" ? grantedStatus : "canceled",
    currentPeriodEnd: plan === "premium" ? until : now,
    // A dated grant ends on its own, as a cancelled subscription does at its period's end.
    cancelAtPeriodEnd: plan === "premium" && until !== null,
    providerSubscriptionId: null,
    updatedAt: now,
  } satisfies SubscriptionValues;
  await db().transaction(async (tx) => {
    for (const row of owned) {
      await tx
        .insert(subscription)
        .values({ householdId: row.id, ...values })
        .onConflictDoUpdate({ target: subscription.householdId, set: values });
    }
  });
  logger.info(
    { households: owned.map((row) => row.id), plan, until: until?.toISOString() ?? null },
    "operator set the plan",
  );
  return { ok: true, households: owned.map((row) => row.name) };
}
