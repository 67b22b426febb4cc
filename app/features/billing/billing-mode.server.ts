import { getConfig, type Config } from "~/config.server";

/**
 * Who takes payments: Stripe when a secret key and a price are configured; outside production without them,
 * a test mode that switches the plan at once (labelled as such on the page); in production without them, nobody
 * ("billing is not configured").
 */
export type BillingMode = "stripe" | "test" | "unconfigured";

export function billingMode(config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_PRICE_ID" | "NODE_ENV"> = getConfig()): BillingMode {
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PRICE_ID) return "stripe";
  return config.NODE_ENV === "production" ? "unconfigured" : "test";
}
