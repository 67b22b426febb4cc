import { getConfig, type Config } from "~/config.server";
import { planFromColumns, type Plan } from "~/domain/plans";

/**
 * Who takes payments: Stripe when a secret key and a price are configured; outside production without them,
 * a test mode that switches the plan at once (labelled as such on the page); in production without them, nobody —
 * an installation of its own (a home server, a family's VPS), where plans do not apply and every household has
 * every feature. BILLING_TEST_MODE=true forces the test mode (staging, browser tests).
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

/** Whether this installation has plans at all: not where nobody takes payments. */
export function plansApply(): boolean {
  return billingMode() !== "unconfigured";
}

/**
 * The one place a household's plan is decided: its subscription's where plans apply, and every feature where they
 * do not (a self-hoster has no payment provider, and a feature reachable only through one is a dead end).
 */
export function householdPlan(columns: Parameters<typeof planFromColumns>[0], now: Date = new Date()): Plan {
  return plansApply() ? planFromColumns(columns, now) : "premium";
}
