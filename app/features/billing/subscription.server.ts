import { eq } from "drizzle-orm";
import { getConfig, publicUrl } from "~/config.server";
import { db } from "~/db/client.server";
import { subscription } from "~/db/schema/billing";

/** What a plan change writes into the household's subscription row. */
export type SubscriptionValues = Partial<typeof subscription.$inferInsert>;
import type { Language } from "~/domain/languages";
import { effectivePlan, grantedStatus, type Plan } from "~/domain/plans";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { logger } from "~/lib/logger.server";
import { billingMode, type BillingMode } from "~/lib/billing-mode.server";
import { stripeClient, type Stripe } from "./stripe-client.server";

type Executor = Pick<ReturnType<typeof db>, "select" | "insert" | "update">;

export type SubscriptionRow = typeof subscription.$inferSelect;

/** What the Upgrade page shows about a household's plan. */
export interface BillingOverview {
  mode: BillingMode;
  plan: Plan;
  /** free; active (renews); cancelling (premium until the period end); pastDue (a payment is being retried). */
  state: "free" | "active" | "cancelling" | "pastDue";
  /** ISO instant: when a cancelled plan ends, or when an active one renews. */
  periodEnd: string | null;
  /** Who manages this subscription: Stripe (provider ids set), the installation's operator, or the test mode. */
  managedBy: "stripe" | "operator" | "test" | null;
  canManage: boolean;
  role: "owner" | "partner";
}

export type BillingFailure =
  "notConfigured" | "alreadyPremium" | "notPremium" | "notCancelling" | "providerFailed" | "notTestMode" | "granted";
export type BillingResult = { ok: true; redirectTo?: string } | { ok: false; error: BillingFailure };

export async function readSubscription(
  householdId: string,
  executor: Executor = db(),
): Promise<SubscriptionRow | undefined> {
  const [row] = await executor.select().from(subscription).where(eq(subscription.householdId, householdId)).limit(1);
  return row;
}

/** One calendar month after `from`, kept on the last day when the next month is shorter (31 Jan → 28 Feb). */
export function addBillingMonth(from: Date): Date {
  const next = new Date(from);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

function managedBy(row: SubscriptionRow | undefined): BillingOverview["managedBy"] {
  if (!row || row.plan !== "premium") return null;
  if (row.providerSubscriptionId) return "stripe";
  return row.status === grantedStatus ? "operator" : "test";
}

export function describeSubscription(
  row: SubscriptionRow | undefined,
  now: Date = new Date(),
): Pick<BillingOverview, "plan" | "state" | "periodEnd" | "managedBy"> {
  const plan = effectivePlan(row, now);
  if (!row || plan === "free") return { plan, state: "free", periodEnd: null, managedBy: null };
  let periodEnd = row.currentPeriodEnd;
  // The test mode has no provider to renew it: a renewing test subscription simply rolls on month by month.
  if (periodEnd && !row.cancelAtPeriodEnd && !row.providerSubscriptionId) {
    while (periodEnd.getTime() <= now.getTime()) periodEnd = addBillingMonth(periodEnd);
  }
  const state = row.cancelAtPeriodEnd ? "cancelling" : row.status === "past_due" ? "pastDue" : "active";
  return { plan, state, periodEnd: periodEnd?.toISOString() ?? null, managedBy: managedBy(row) };
}

/** The plan of the household the user is looking at (members only), and whether they may change it (the owner). */
export async function getBillingOverview({
  userId,
  householdId,
  now = new Date(),
}: {
  userId: string;
  householdId: string;
  now?: Date;
}): Promise<BillingOverview> {
  const access = await requireHouseholdAccess({ userId, householdId });
  const row = await readSubscription(householdId);
  return {
    mode: billingMode(),
    ...describeSubscription(row, now),
    canManage: access.role === "owner",
    role: access.role,
  };
}

const stripeLocales: Record<Language, Stripe.Checkout.SessionCreateParams.Locale> = {
  en: "en",
  nl: "nl",
  de: "de",
  fr: "fr",
  es: "es",
  pl: "pl",
  tr: "tr",
  // Stripe Checkout has no Ukrainian; "auto" follows the browser.
  ua: "auto",
};

/**
 * Starts premium for the owner's household. Stripe: a Checkout session for the configured price, and the
 * webhook sets the plan once paid. Test mode: premium at once for one month. Production without keys: refused.
 */
export async function upgradeToPremium({
  userId,
  email,
  householdId,
  language,
  now = new Date(),
}: {
  userId: string;
  email: string;
  householdId: string;
  language: Language;
  now?: Date;
}): Promise<BillingResult> {
  await requireHouseholdAccess({ userId, householdId, ownerOnly: true });
  const row = await readSubscription(householdId);
  if (effectivePlan(row, now) === "premium") return { ok: false, error: "alreadyPremium" };
  const mode = billingMode();
  if (mode === "unconfigured") return { ok: false, error: "notConfigured" };

  if (mode === "test") {
    const values = {
      plan: "premium",
      status: "active",
      currentPeriodEnd: addBillingMonth(now),
      cancelAtPeriodEnd: false,
      providerSubscriptionId: null,
      updatedAt: now,
    } satisfies SubscriptionValues;
    await db()
      .insert(subscription)
      .values({ householdId, ...values })
      .onConflictDoUpdate({ target: subscription.householdId, set: values });
    logger.info({ householdId }, "test-mode upgrade to premium");
    return { ok: true };
  }

  try {
    const session = await stripeClient().checkout.sessions.create({
      mode: "subscription",
      line_items: [{ price: getConfig().STRIPE_PRICE_ID, quantity: 1 }],
      client_reference_id: householdId,
      ...(row?.providerCustomerId ? { customer: row.providerCustomerId } : { customer_email: email }),
      metadata: { householdId },
      subscription_data: { metadata: { householdId } },
      locale: stripeLocales[language],
      success_url: `${publicUrl()}/app/upgrade?checkout=success`,
      cancel_url: `${publicUrl()}/app/upgrade?checkout=cancelled`,
    });
    if (!session.url) throw new Error("Checkout session without a URL");
    return { ok: true, redirectTo: session.url };
  } catch (error) {
    logger.error({ err: error, householdId }, "Stripe Checkout session failed");
    return { ok: false, error: "providerFailed" };
  }
}

async function setCancelAtPeriodEnd({
  userId,
  householdId,
  cancel,
  now,
}: {
  userId: string;
  householdId: string;
  cancel: boolean;
  now: Date;
}): Promise<BillingResult> {
  await requireHouseholdAccess({ userId, householdId, ownerOnly: true });
  const row = await readSubscription(householdId);
  if (!row || effectivePlan(row, now) !== "premium") return { ok: false, error: "notPremium" };
  // A plan the operator gave is theirs to end or extend (`npm run user -- plan`), not the household's.
  if (managedBy(row) === "operator") return { ok: false, error: "granted" };
  if (!cancel && !row.cancelAtPeriodEnd) return { ok: false, error: "notCancelling" };
  if (row.cancelAtPeriodEnd === cancel) return { ok: true };

  if (row.providerSubscriptionId) {
    if (billingMode() !== "stripe") return { ok: false, error: "notConfigured" };
    try {
      const updated = await stripeClient().subscriptions.update(row.providerSubscriptionId, {
        cancel_at_period_end: cancel,
      });
      // Shown at once; the customer.subscription.updated event that follows sets the same values.
      await applyStripeSubscription(db(), householdId, updated);
      return { ok: true };
    } catch (error) {
      logger.error({ err: error, householdId }, "Stripe subscription update failed");
      return { ok: false, error: "providerFailed" };
    }
  }

  const { periodEnd } = describeSubscription(row, now);
  await db()
    .update(subscription)
    .set({
      cancelAtPeriodEnd: cancel,
      currentPeriodEnd: periodEnd ? new Date(periodEnd) : addBillingMonth(now),
      updatedAt: now,
    })
    .where(eq(subscription.householdId, householdId));
  return { ok: true };
}

/** Cancels at the end of the paid period: premium stays until then ("Premium until <date>"). */
export function cancelPremium(options: { userId: string; householdId: string; now?: Date }) {
  return setCancelAtPeriodEnd({ ...options, cancel: true, now: options.now ?? new Date() });
}

/** Undoes a cancellation before the period ends: the subscription renews as before. */
export function resumePremium(options: { userId: string; householdId: string; now?: Date }) {
  return setCancelAtPeriodEnd({ ...options, cancel: false, now: options.now ?? new Date() });
}

/** Test mode only: lets a tester see the downgrade without waiting a month, by ending the paid period now. */
export async function endTestPeriod({
  userId,
  householdId,
  now = new Date(),
}: {
  userId: string;
  householdId: string;
  now?: Date;
}): Promise<BillingResult> {
  await requireHouseholdAccess({ userId, householdId, ownerOnly: true });
  if (billingMode() !== "test") return { ok: false, error: "notTestMode" };
  const row = await readSubscription(householdId);
  if (!row || row.providerSubscriptionId || effectivePlan(row, now) !== "premium")
    return { ok: false, error: "notPremium" };
  await db()
    .update(subscription)
    .set({ plan: "free", status: "canceled", cancelAtPeriodEnd: false, currentPeriodEnd: now, updatedAt: now })
    .where(eq(subscription.householdId, householdId));
  return { ok: true };
}

const paidStatuses = new Set(["active", "trialing", "past_due"]);

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/** The end of the paid period: on the subscription's items in current API versions. */
export function subscriptionPeriodEnd(stripeSubscription: Stripe.Subscription): Date | null {
  const ends =
    stripeSubscription.items?.data
      ?.map((item) => item.current_period_end)
      .filter((end): end is number => typeof end === "number") ?? [];
  // Older API versions kept it on the subscription itself, which the SDK's types no longer name.
  const legacy = "current_period_end" in stripeSubscription ? stripeSubscription.current_period_end : undefined;
  const end = ends.length ? Math.max(...ends) : legacy;
  return typeof end === "number" ? new Date(end * 1000) : null;
}

/** Writes a Stripe subscription's state onto the household's row (plan, status, period end, cancellation, ids). */
export async function applyStripeSubscription(
  executor: Executor,
  householdId: string,
  stripeSubscription: Stripe.Subscription,
) {
  const status = stripeSubscription.status;
  const paid = paidStatuses.has(status);
  // A cancellation is either "at period end" or a scheduled `cancel_at`; either way premium lasts until then.
  const cancelAt =
    typeof stripeSubscription.cancel_at === "number" ? new Date(stripeSubscription.cancel_at * 1000) : null;
  const values = {
    plan: paid ? "premium" : "free",
    status,
    currentPeriodEnd: cancelAt ?? subscriptionPeriodEnd(stripeSubscription),
    cancelAtPeriodEnd: paid && (stripeSubscription.cancel_at_period_end || cancelAt !== null),
    providerCustomerId: idOf(stripeSubscription.customer),
    providerSubscriptionId: stripeSubscription.id,
    updatedAt: new Date(),
  } satisfies SubscriptionValues;
  await executor
    .insert(subscription)
    .values({ householdId, ...values })
    .onConflictDoUpdate({ target: subscription.householdId, set: values });
}
