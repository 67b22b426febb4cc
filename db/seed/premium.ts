import { db } from "~/db/client.server";
import { subscription } from "~/db/schema";

const day = 24 * 60 * 60 * 1000;

export interface SeedSubscriptionOptions {
  householdId: string;
  plan?: "free" | "premium";
  status?: string;
  /** Default: 30 days from now. */
  currentPeriodEnd?: Date | null;
  cancelAtPeriodEnd?: boolean;
  providerCustomerId?: string | null;
  providerSubscriptionId?: string | null;
}

/** Puts a household on a plan the way a paid checkout (or the test-mode upgrade) leaves it; tests and the demo share it. */
export async function seedSubscription(options: SeedSubscriptionOptions) {
  const values = {
    householdId: options.householdId,
    plan: options.plan ?? "premium",
    status: options.status ?? "active",
    currentPeriodEnd:
      options.currentPeriodEnd === undefined ? new Date(Date.now() + 30 * day) : options.currentPeriodEnd,
    cancelAtPeriodEnd: options.cancelAtPeriodEnd ?? false,
    providerCustomerId: options.providerCustomerId ?? null,
    providerSubscriptionId: options.providerSubscriptionId ?? null,
  };
  await db()
    .insert(subscription)
    .values(values)
    .onConflictDoUpdate({ target: subscription.householdId, set: { ...values, updatedAt: new Date() } });
}

/** A premium household, paid for the coming month. */
export function seedPremium(householdId: string) {
  return seedSubscription({ householdId });
}
