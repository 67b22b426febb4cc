import { afterAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { seedHousehold } from "../../../db/seed/budget";
import { getBillingOverview, readSubscription, upgradeToPremium } from "./subscription.server";

// A production server without Stripe keys (read on first use of the configuration, after this line).
vi.stubEnv("NODE_ENV", "production");
vi.stubEnv("STRIPE_SECRET_KEY", "");
vi.stubEnv("STRIPE_PRICE_ID", "");
vi.stubEnv("BILLING_TEST_MODE", "");
afterAll(() => vi.unstubAllEnvs());

useTestDatabase();

describe("billing in production without keys", () => {
  it("says billing is not configured and changes nothing", async () => {
    const { owner, household } = await seedHousehold();
    expect(await getBillingOverview({ userId: owner.id, householdId: household.id })).toMatchObject({
      mode: "unconfigured",
      plan: "free",
    });
    expect(
      await upgradeToPremium({ userId: owner.id, email: owner.email, householdId: household.id, language: "en" }),
    ).toEqual({ ok: false, error: "notConfigured" });
    expect(await readSubscription(household.id)).toBeUndefined();
  });
});
