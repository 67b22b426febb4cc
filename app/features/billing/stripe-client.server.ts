import Stripe from "stripe";
import { getConfig } from "~/config.server";
import { processWideSlot } from "~/lib/global-singleton";

const stripeSlot = processWideSlot<{ key: string; apiUrl: string | undefined; client: Stripe }>("stripe");

/**
 * The Stripe SDK client for the configured secret key, built on first use (never at import, so a build without
 * keys works). STRIPE_API_URL points it at a local fake in tests; the SDK accepts host, port and protocol.
 */
export function stripeClient(): Stripe {
  const config = getConfig();
  const key = config.STRIPE_SECRET_KEY;
  if (!key) throw new Error("STRIPE_SECRET_KEY is not set");
  const cached = stripeSlot.get();
  if (cached && cached.key === key && cached.apiUrl === config.STRIPE_API_URL) return cached.client;
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 15_000,
    appInfo: { name: "Samen" },
    ...(api
      ? {
          host: api.hostname,
          port: api.port || (api.protocol === "https:" ? 443 : 80),
          protocol: api.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  stripeSlot.set({ key, apiUrl: config.STRIPE_API_URL, client });
  return client;
}

/** Verifies a webhook delivery's signature (and its age, five minutes at most) and parses it. Throws when either fails. */
export function verifyStripeEvent(payload: string, signature: string, secret: string): Stripe.Event {
  return Stripe.webhooks.constructEvent(payload, signature, secret);
}

export type { Stripe };
