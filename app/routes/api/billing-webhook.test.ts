import Stripe from "stripe";
import { afterAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { seedHousehold } from "../../../db/seed/budget";
import { readSubscription } from "~/features/billing/subscription.server";
import { action, loader } from "./billing-webhook";

const secret = "whsec_route_test_secret";
vi.stubEnv("STRIPE_WEBHOOK_SECRET", secret);
afterAll(() => vi.unstubAllEnvs());

useTestDatabase();

function call(body: string, headers: Record<string, string> = {}) {
  const request = new Request("http://localhost/api/billing/webhook", {
    method: "POST",
    body,
    headers: { "content-type": "application/json", ...headers },
  });
  return action({ request, params: {}, context: {} } as Parameters<typeof action>[0]);
}

describe("POST /api/billing/webhook", () => {
  it("reads the raw body: a signed event applies once, a replay changes nothing, a bad signature is a 400", async () => {
    const { household } = await seedHousehold();
    const event = {
      id: "evt_route_1",
      object: "event",
      type: "customer.subscription.updated",
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: "sub_route_1",
          object: "subscription",
          customer: "cus_route_1",
          status: "active",
          cancel_at_period_end: false,
          cancel_at: null,
          metadata: { householdId: household.id },
          items: {
            object: "list",
            data: [{ id: "si_1", current_period_end: Math.floor(Date.now() / 1000) + 30 * 86400 }],
          },
        },
      },
    };
    // Whitespace as Stripe sends it: the signature covers these exact bytes, so the body must not be re-serialised.
    const payload = JSON.stringify(event, null, 2);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });

    const applied = await call(payload, { "stripe-signature": signature });
    expect(applied.status).toBe(200);
    expect(await applied.json()).toEqual({ received: true, outcome: "applied" });
    expect(await readSubscription(household.id)).toMatchObject({
      plan: "premium",
      providerSubscriptionId: "sub_route_1",
    });

    const replay = await call(payload, {
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    });
    expect(await replay.json()).toEqual({ received: true, outcome: "duplicate" });

    const forged = await call(payload.replace('"active"', '"canceled"'), { "stripe-signature": signature });
    expect(forged.status).toBe(400);
    const unsigned = await call(payload);
    expect(unsigned.status).toBe(400);
    expect(await readSubscription(household.id)).toMatchObject({ plan: "premium", status: "active" });
  });

  it("answers a GET with 405", () => {
    expect(loader().status).toBe(405);
  });
});
