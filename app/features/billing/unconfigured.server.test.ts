import { afterAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { seedHousehold } from "../../../db/seed/budget";
import { can } from "~/domain/plans";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { plansApply } from "~/lib/billing-mode.server";
import { getBillingOverview, readSubscription, upgradeToPremium } from "./subscription.server";

// A production server without Stripe keys (read on first use of the configuration, after this line).
vi.stubEnv("NODE_ENV", "production");
vi.stubEnv("STRIPE_SECRET_KEY", "");
vi.stubEnv("STRIPE_PRICE_ID", "");
vi.stubEnv("BILLING_TEST_MODE", "");
afterAll(() => vi.unstubAllEnvs());

useTestDatabase();

describe("an installation without payments (production without keys)", () => {
  it("gives every household every feature, offers no upgrade, and sells nothing", async () => {
    const { owner, household } = await seedHousehold();
    const access = await requireHouseholdAccess({ userId: owner.id, householdId: household.id });
    expect(access.plan).toBe("premium");
    for (const feature of ["partners.invite", "accounts.multiple", "sharing.fairShare", "categories.custom"] as const)
      expect(can(access.plan, feature)).toBe(true);
    // The frame hides "Upgrade" on this (shell.server.ts hands the flag to every /app page).
    expect(plansApply()).toBe(false);
    expect(await getBillingOverview({ userId: owner.id, householdId: household.id })).toMatchObject({
      mode: "unconfigured",
    });
    expect(
      await upgradeToPremium({ userId: owner.id, email: owner.email, householdId: household.id, language: "en" }),
    ).toEqual({ ok: false, error: "notConfigured" });
    expect(await readSubscription(household.id)).toBeUndefined();
  });
});
