import { getConfig, type Config } from "~/config.server";

/**
 * Who takes payments: Stripe when a secret key and a price are configured; outside production without them,
 * a test mode that switches the plan at once (labelled as such on the page); in production without them, nobody
 * ("billing is not configured"). BILLING_TEST_MODE=true forces the test mode (staging, browser tests).
 */
export type BillingMode = "stripe" | "test" | "unconfigured";

export function billingMode(
  config: Pick<Config, "STRIPE_SECRET_KEY" | "STRIPE_PRICE_ID" | "NODE_ENV" | "BILLING_TEST_MODE"> = getConfig(),
): BillingMode {
  // An explicit BILLING_TEST_MODE (staging, browser tests) wins over keys, so it can never charge anyone.
  if (config.BILLING_TEST_MODE) return "test";
  if (config.STRIPE_SECRET_KEY && config.STRIPE_PRICE_ID) return "stripe";
  return config.NODE_ENV === "production" ? "unconfigured" : "test";
}
