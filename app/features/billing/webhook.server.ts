import { and, eq, gt } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { billingEvent, subscription } from "~/db/schema/billing";
import { household } from "~/db/schema/household";
import { isUuid } from "~/lib/uuid";
import { logger } from "~/lib/logger.server";
import { applyStripeSubscription, type SubscriptionValues } from "./subscription.server";
import { verifyStripeEvent, type Stripe } from "./stripe-client.server";

type Transaction = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

export type WebhookOutcome = "applied" | "duplicate" | "stale" | "unknownCustomer" | "ignored";
export interface WebhookAnswer {
  status: number;
  body: { received: boolean; outcome?: WebhookOutcome; error?: string };
}

/**
 * The Stripe webhook: verifies the signature over the raw body (and its age) with the endpoint's secret, then
 * applies the event once. Unsigned, wrongly signed or too old deliveries are refused with 400 and change nothing.
 */
export async function receiveStripeWebhook({
  payload,
  signature,
}: {
  payload: string;
  signature: string | null;
}): Promise<WebhookAnswer> {
  const secret = getConfig().STRIPE_WEBHOOK_SECRET;
  if (!secret) {
    logger.warn("Stripe webhook called but STRIPE_WEBHOOK_SECRET is not set");
    return { status: 400, body: { received: false, error: "Webhook not configured" } };
  }
  if (!signature) return { status: 400, body: { received: false, error: "Missing Stripe-Signature header" } };
  let event: Stripe.Event;
  try {
    event = verifyStripeEvent(payload, signature, secret);
  } catch (error) {
    logger.warn({ err: error }, "Stripe webhook refused: bad signature");
    return { status: 400, body: { received: false, error: "Invalid signature" } };
  }
  return applyStripeEvent(event);
}

function idOf(value: unknown): string | null {
  if (typeof value === "string") return value || null;
  return typeof value === "object" && value !== null && "id" in value && typeof value.id === "string" ? value.id : null;
}

interface EventTarget {
  subscriptionId: string | null;
  customerId: string | null;
  /** The household our Checkout session named (client_reference_id / metadata); trusted only because the event is signed. */
  householdHint: string | null;
}

function targetOf(event: Stripe.Event): EventTarget | null {
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      if (session.mode !== "subscription") return null;
      return {
        subscriptionId: idOf(session.subscription),
        customerId: idOf(session.customer),
        householdHint: session.client_reference_id ?? session.metadata?.householdId ?? null,
      };
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted": {
      const stripeSubscription = event.data.object;
      return {
        subscriptionId: stripeSubscription.id,
        customerId: idOf(stripeSubscription.customer),
        householdHint: stripeSubscription.metadata?.householdId ?? null,
      };
    }
    case "invoice.paid":
    case "invoice.payment_failed": {
      const invoice = event.data.object;
      const details = invoice.parent?.subscription_details;
      const legacySubscription = "subscription" in invoice ? invoice.subscription : undefined;
      const subscriptionId = idOf(details?.subscription ?? legacySubscription ?? null);
      if (!subscriptionId) return null;
      return {
        subscriptionId,
        customerId: idOf(invoice.customer),
        householdHint: details?.metadata?.householdId ?? null,
      };
    }
    default:
      return null;
  }
}

async function findHousehold(tx: Transaction, target: EventTarget): Promise<string | null> {
  if (target.subscriptionId) {
    const [row] = await tx
      .select({ id: subscription.householdId })
      .from(subscription)
      .where(eq(subscription.providerSubscriptionId, target.subscriptionId))
      .limit(1);
    if (row) return row.id;
  }
  if (target.customerId) {
    const [row] = await tx
      .select({ id: subscription.householdId })
      .from(subscription)
      .where(eq(subscription.providerCustomerId, target.customerId))
      .limit(1);
    if (row) return row.id;
  }
  if (isUuid(target.householdHint)) {
    const [row] = await tx
      .select({ id: household.id })
      .from(household)
      .where(eq(household.id, target.householdHint))
      .limit(1);
    if (row) return row.id;
  }
  return null;
}

function invoicePeriodEnd(invoice: Stripe.Invoice): Date | null {
  const ends =
    invoice.lines?.data?.map((line) => line.period?.end).filter((end): end is number => typeof end === "number") ?? [];
  return ends.length ? new Date(Math.max(...ends) * 1000) : null;
}

async function handle(tx: Transaction, event: Stripe.Event, target: EventTarget): Promise<WebhookOutcome> {
  const householdId = await findHousehold(tx, target);
  if (!householdId) {
    logger.warn(
      { eventId: event.id, type: event.type, customer: target.customerId },
      "Stripe event for an unknown customer ignored",
    );
    return "unknownCustomer";
  }
  const now = new Date();
  switch (event.type) {
    case "checkout.session.completed": {
      const session = event.data.object;
      const paid = session.payment_status !== "unpaid";
      const values = {
        providerCustomerId: target.customerId,
        providerSubscriptionId: target.subscriptionId,
        // An asynchronous payment (SEPA debit) completes later: invoice.paid switches the plan then.
        ...(paid ? ({ plan: "premium", status: "active", cancelAtPeriodEnd: false } as const) : {}),
        updatedAt: now,
      } satisfies SubscriptionValues;
      await tx
        .insert(subscription)
        .values({ householdId, plan: paid ? "premium" : "free", status: paid ? "active" : "incomplete", ...values })
        .onConflictDoUpdate({ target: subscription.householdId, set: values });
      return "applied";
    }
    case "customer.subscription.created":
    case "customer.subscription.updated":
    case "customer.subscription.deleted":
      await applyStripeSubscription(tx, householdId, event.data.object);
      return "applied";
    case "invoice.paid": {
      const values = {
        plan: "premium",
        status: "active",
        providerCustomerId: target.customerId,
        providerSubscriptionId: target.subscriptionId,
        updatedAt: now,
        ...(invoicePeriodEnd(event.data.object) ? { currentPeriodEnd: invoicePeriodEnd(event.data.object) } : {}),
      } satisfies SubscriptionValues;
      await tx
        .insert(subscription)
        .values({ householdId, ...values })
        .onConflictDoUpdate({ target: subscription.householdId, set: values });
      return "applied";
    }
    case "invoice.payment_failed":
      // Premium continues while Stripe retries; its final subscription event decides the plan.
      await tx
        .update(subscription)
        .set({ status: "past_due", updatedAt: now })
        .where(and(eq(subscription.householdId, householdId), eq(subscription.plan, "premium")));
      return "applied";
    default:
      return "ignored";
  }
}

/**
 * Applies a verified event exactly once. The event id goes into billing_event in the same database transaction as
 * the change, so a replayed delivery finds the row and changes nothing (answered 200 so Stripe stops resending),
 * and a failed change leaves no row, so Stripe's retry is applied. An event older than one already applied to
 * the same subscription is recorded as stale and skipped: Stripe does not promise delivery order.
 */
export async function applyStripeEvent(event: Stripe.Event): Promise<WebhookAnswer> {
  const target = targetOf(event);
  const createdAt = new Date(event.created * 1000);
  return db().transaction(async (tx) => {
    const inserted = await tx
      .insert(billingEvent)
      .values({
        id: event.id,
        type: event.type,
        objectId: target?.subscriptionId ?? null,
        providerCreatedAt: createdAt,
        outcome: "pending",
      })
      .onConflictDoNothing()
      .returning({ id: billingEvent.id });
    if (inserted.length === 0) {
      logger.warn({ eventId: event.id, type: event.type }, "Stripe event replayed: already processed, nothing changed");
      return { status: 200, body: { received: true, outcome: "duplicate" as const } };
    }
    let outcome: WebhookOutcome = "ignored";
    if (target) {
      const newer = target.subscriptionId
        ? await tx
            .select({ id: billingEvent.id })
            .from(billingEvent)
            .where(
              and(
                eq(billingEvent.objectId, target.subscriptionId),
                gt(billingEvent.providerCreatedAt, createdAt),
                eq(billingEvent.outcome, "applied"),
              ),
            )
            .limit(1)
        : [];
      outcome = newer.length ? "stale" : await handle(tx, event, target);
    }
    await tx.update(billingEvent).set({ outcome }).where(eq(billingEvent.id, event.id));
    logger.info({ eventId: event.id, type: event.type, outcome }, "Stripe event processed");
    return { status: 200, body: { received: true, outcome } };
  });
}
