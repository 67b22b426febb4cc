import Stripe from "stripe";
import { afterAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { billingEvent } from "~/db/schema/billing";
import { useTestDatabase } from "~/db/test-database";
import { seedHousehold } from "../../../db/seed/budget";
import { fakeStripeKey, fakeStripePrice, startFakeStripe } from "../../../tests/fakes/stripe-server";
import { requireHouseholdAccess } from "~/features/household/households.server";
import {
  cancelPremium,
  getBillingOverview,
  readSubscription,
  resumePremium,
  upgradeToPremium,
} from "./subscription.server";
import { receiveStripeWebhook } from "./webhook.server";

// Stripe mode against a local fake of Stripe's API; the configuration is read on first use, after this runs.
const fake = await startFakeStripe();
const webhookSecret = "whsec_test_samen_secret";
vi.stubEnv("STRIPE_SECRET_KEY", fakeStripeKey);
vi.stubEnv("STRIPE_PRICE_ID", fakeStripePrice);
vi.stubEnv("STRIPE_WEBHOOK_SECRET", webhookSecret);
vi.stubEnv("STRIPE_API_URL", fake.url);
vi.stubEnv("PUBLIC_URL", "https://samen.test");
afterAll(() => vi.unstubAllEnvs());

useTestDatabase();
afterAll(() => fake.close());

/** Delivers an event the way Stripe does: raw JSON body, signed with the endpoint secret by the SDK's test helper. */
function deliver(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? webhookSecret,
    timestamp: options.timestamp,
  });
  return receiveStripeWebhook({ payload, signature });
}

async function checkout() {
  const { owner, household } = await seedHousehold({ locale: "de" });
  const started = await upgradeToPremium({
    userId: owner.id,
    email: owner.email,
    householdId: household.id,
    language: "de",
  });
  if (!started.ok || !started.redirectTo) throw new Error("no checkout");
  const session = [...fake.sessions.values()].at(-1);
  if (!session) throw new Error("no session");
  return { owner, household, session, redirectTo: started.redirectTo };
}

describe("Stripe Checkout", () => {
  it("starts a subscription Checkout for the configured price, naming the household, in the reader's language", async () => {
    const { owner, household, session, redirectTo } = await checkout();
    expect(redirectTo).toBe(session.url);
    expect(session.params).toMatchObject({
      mode: "subscription",
      "line_items[0][price]": fakeStripePrice,
      "line_items[0][quantity]": "1",
      client_reference_id: household.id,
      customer_email: owner.email,
      "subscription_data[metadata][householdId]": household.id,
      locale: "de",
      success_url: "https://samen.test/app/upgrade?checkout=success",
      cancel_url: "https://samen.test/app/upgrade?checkout=cancelled",
    });
    // Nothing changes before Stripe reports the payment.
    expect(await getBillingOverview({ userId: owner.id, householdId: household.id })).toMatchObject({
      mode: "stripe",
      plan: "free",
    });
  });

  it("a Stripe failure is a message, not an error page", async () => {
    const { owner, household } = await seedHousehold();
    // Stripe refuses the request (a wrong price, a revoked key): the SDK does not retry a 4xx.
    fake.failNext(400);
    expect(
      await upgradeToPremium({ userId: owner.id, email: owner.email, householdId: household.id, language: "en" }),
    ).toMatchObject({ ok: false });
  });
});

describe("Stripe webhook", () => {
  it("a correctly signed checkout completion makes the household premium, with the period end from the subscription", async () => {
    const { owner, household, session } = await checkout();
    const events = fake.completeCheckout(session.id);
    expect(await deliver(events.sessionCompleted)).toEqual({
      status: 200,
      body: { received: true, outcome: "applied" },
    });
    expect(await deliver(events.subscriptionCreated)).toMatchObject({ status: 200, body: { outcome: "applied" } });
    const row = await readSubscription(household.id);
    expect(row).toMatchObject({
      plan: "premium",
      status: "active",
      cancelAtPeriodEnd: false,
      providerSubscriptionId: expect.stringMatching(/^sub_/),
      providerCustomerId: expect.stringMatching(/^cus_/),
    });
    expect(row?.currentPeriodEnd?.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect((await requireHouseholdAccess({ userId: owner.id, householdId: household.id })).plan).toBe("premium");
  });

  it("a bad signature, a missing one or one made with another secret is refused and changes nothing", async () => {
    const { household, session } = await checkout();
    const { sessionCompleted } = fake.completeCheckout(session.id);
    const payload = JSON.stringify(sessionCompleted);

    expect(await receiveStripeWebhook({ payload, signature: null })).toMatchObject({
      status: 400,
      body: { received: false },
    });
    expect(await receiveStripeWebhook({ payload, signature: "t=1,v1=deadbeef" })).toMatchObject({ status: 400 });
    expect(await deliver(sessionCompleted, { secret: "whsec_someone_else" })).toMatchObject({ status: 400 });
    // A signature over other bytes: the body was altered on the way.
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
    expect(await receiveStripeWebhook({ payload: payload.replace("paid", "PAID"), signature })).toMatchObject({
      status: 400,
    });
    // A correctly signed but old delivery (captured and replayed later) is outside the tolerance.
    expect(await deliver(sessionCompleted, { timestamp: Math.floor(Date.now() / 1000) - 3600 })).toMatchObject({
      status: 400,
    });

    expect(await readSubscription(household.id)).toBeUndefined();
    expect(
      await db()
        .select()
        .from(billingEvent)
        .where(eq(billingEvent.id, (sessionCompleted as { id: string }).id)),
    ).toEqual([]);
  });

  it("a replayed event is recognised by its id and changes nothing", async () => {
    const { household, session } = await checkout();
    const { sessionCompleted, subscriptionCreated } = fake.completeCheckout(session.id);
    await deliver(sessionCompleted);
    await deliver(subscriptionCreated);
    const subscriptionId = (await readSubscription(household.id))?.providerSubscriptionId as string;

    const cancelled = fake.event("customer.subscription.deleted", {
      ...fake.subscriptions.get(subscriptionId),
      status: "canceled",
    });
    expect(await deliver(cancelled)).toMatchObject({ status: 200, body: { outcome: "applied" } });
    expect(await readSubscription(household.id)).toMatchObject({ plan: "free", status: "canceled" });

    // Someone replays the earlier "created" event with a fresh valid signature: it must not bring premium back.
    expect(await deliver(subscriptionCreated)).toEqual({ status: 200, body: { received: true, outcome: "duplicate" } });
    expect(await deliver(sessionCompleted)).toMatchObject({ body: { outcome: "duplicate" } });
    expect(await readSubscription(household.id)).toMatchObject({ plan: "free", status: "canceled" });
  });

  it("an older event arriving after a newer one for the same subscription is skipped", async () => {
    const { household, session } = await checkout();
    const now = Math.floor(Date.now() / 1000);
    const { sessionCompleted, subscriptionCreated } = fake.completeCheckout(session.id, now - 60);
    await deliver(sessionCompleted);
    const subscriptionId = (await readSubscription(household.id))?.providerSubscriptionId as string;
    const current = fake.subscriptions.get(subscriptionId);
    await deliver(fake.event("customer.subscription.updated", { ...current, cancel_at_period_end: true }, now));
    expect(await deliver(subscriptionCreated)).toMatchObject({ body: { outcome: "stale" } });
    expect(await readSubscription(household.id)).toMatchObject({ plan: "premium", cancelAtPeriodEnd: true });
  });

  it("an event for an unknown customer is logged and ignored", async () => {
    const stranger = fake.event("customer.subscription.updated", {
      id: "sub_unknown",
      object: "subscription",
      customer: "cus_unknown",
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: {},
      items: { object: "list", data: [] },
    });
    expect(await deliver(stranger)).toEqual({ status: 200, body: { received: true, outcome: "unknownCustomer" } });
    const [recorded] = await db()
      .select()
      .from(billingEvent)
      .where(eq(billingEvent.id, (stranger as { id: string }).id));
    expect(recorded?.outcome).toBe("unknownCustomer");
  });

  it("invoice events renew the period, and a failed payment keeps premium while Stripe retries", async () => {
    const { owner, household, session } = await checkout();
    const { sessionCompleted, invoicePaid } = fake.completeCheckout(session.id);
    await deliver(sessionCompleted);
    await deliver(invoicePaid);
    const row = await readSubscription(household.id);
    expect(row).toMatchObject({ plan: "premium", status: "active" });
    const failed = fake.event("invoice.payment_failed", {
      ...(invoicePaid as { data: { object: object } }).data.object,
      status: "open",
    });
    await deliver(failed);
    expect(await readSubscription(household.id)).toMatchObject({ plan: "premium", status: "past_due" });
    expect(await getBillingOverview({ userId: owner.id, householdId: household.id })).toMatchObject({
      plan: "premium",
      state: "pastDue",
    });
  });

  it("cancel and resume go to Stripe and show at once; the webhook that follows agrees", async () => {
    const { owner, household, session } = await checkout();
    const { sessionCompleted, subscriptionCreated } = fake.completeCheckout(session.id);
    await deliver(sessionCompleted);
    await deliver(subscriptionCreated);
    const base = { userId: owner.id, householdId: household.id };

    expect(await cancelPremium(base)).toEqual({ ok: true });
    const subscriptionId = (await readSubscription(household.id))?.providerSubscriptionId as string;
    expect(fake.requests.at(-1)).toMatchObject({
      method: "POST",
      path: `/v1/subscriptions/${subscriptionId}`,
      params: { cancel_at_period_end: "true" },
    });
    const overview = await getBillingOverview(base);
    expect(overview).toMatchObject({ plan: "premium", state: "cancelling", managedBy: "stripe" });
    expect(overview.periodEnd).not.toBeNull();

    await deliver(fake.event("customer.subscription.updated", fake.subscriptions.get(subscriptionId) as object));
    expect(await getBillingOverview(base)).toMatchObject({ state: "cancelling" });

    expect(await resumePremium(base)).toEqual({ ok: true });
    expect(await getBillingOverview(base)).toMatchObject({ plan: "premium", state: "active" });
    expect(fake.subscriptions.get(subscriptionId)?.cancel_at_period_end).toBe(false);
  });
});
