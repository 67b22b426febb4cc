import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedSubscription } from "../../../db/seed/premium";
import { HouseholdAccessError } from "~/features/household/errors";
import { listUserHouseholds, requireHouseholdAccess } from "~/features/household/households.server";
import { billingMode } from "~/lib/billing-mode.server";
import {
  addBillingMonth,
  cancelPremium,
  endTestPeriod,
  getBillingOverview,
  readSubscription,
  resumePremium,
  upgradeToPremium,
} from "./subscription.server";

useTestDatabase();

const day = 24 * 60 * 60 * 1000;

describe("billing mode", () => {
  it("is Stripe with a key and a price, test mode without them outside production, and unconfigured in production", () => {
    expect(billingMode({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PRICE_ID: "price_x" })).toBe(
      "stripe",
    );
    expect(billingMode({ NODE_ENV: "development", STRIPE_SECRET_KEY: undefined, STRIPE_PRICE_ID: undefined })).toBe(
      "test",
    );
    expect(billingMode({ NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PRICE_ID: undefined })).toBe("test");
    expect(billingMode({ NODE_ENV: "production", STRIPE_SECRET_KEY: undefined, STRIPE_PRICE_ID: undefined })).toBe(
      "unconfigured",
    );
    expect(billingMode({ NODE_ENV: "production", STRIPE_SECRET_KEY: "sk_live_x", STRIPE_PRICE_ID: undefined })).toBe(
      "unconfigured",
    );
    // Forced test mode (staging, browser tests) never reaches Stripe, even with keys.
    expect(
      billingMode({
        NODE_ENV: "production",
        STRIPE_SECRET_KEY: "sk_live_x",
        STRIPE_PRICE_ID: "price_x",
        BILLING_TEST_MODE: true,
      }),
    ).toBe("test");
  });

  it("a month of billing keeps the day, or the last day of a shorter month", () => {
    expect(addBillingMonth(new Date("2026-01-31T10:00:00Z")).toISOString()).toBe("2026-02-28T10:00:00.000Z");
    expect(addBillingMonth(new Date("2026-11-15T10:00:00Z")).toISOString()).toBe("2026-12-15T10:00:00.000Z");
    expect(addBillingMonth(new Date("2026-12-31T00:00:00Z")).toISOString()).toBe("2027-01-31T00:00:00.000Z");
  });
});

describe("test-mode subscription", () => {
  it("upgrades at once, cancels at the end of the period (premium until then), resumes, and ends", async () => {
    const { owner, household } = await seedHousehold();
    const base = { userId: owner.id, householdId: household.id };
    expect(await getBillingOverview(base)).toMatchObject({
      mode: "test",
      plan: "free",
      state: "free",
      canManage: true,
    });

    const now = new Date();
    expect(await upgradeToPremium({ ...base, email: owner.email, language: "en", now })).toEqual({ ok: true });
    const active = await getBillingOverview(base);
    expect(active).toMatchObject({ plan: "premium", state: "active", managedBy: "test" });
    expect(new Date(active.periodEnd as string).getTime()).toBe(addBillingMonth(now).getTime());
    expect((await requireHouseholdAccess(base)).plan).toBe("premium");
    expect(await upgradeToPremium({ ...base, email: owner.email, language: "en" })).toEqual({
      ok: false,
      error: "alreadyPremium",
    });

    expect(await resumePremium(base)).toEqual({ ok: false, error: "notCancelling" });
    expect(await cancelPremium(base)).toEqual({ ok: true });
    const cancelling = await getBillingOverview(base);
    expect(cancelling).toMatchObject({ plan: "premium", state: "cancelling", periodEnd: active.periodEnd });
    // Cancelled but paid: still premium everywhere until the period ends …
    expect((await requireHouseholdAccess(base)).plan).toBe("premium");
    // … and free after it, before any provider event.
    const afterPeriod = new Date(new Date(active.periodEnd as string).getTime() + 1000);
    expect(await getBillingOverview({ ...base, now: afterPeriod })).toMatchObject({ plan: "free", state: "free" });

    expect(await resumePremium(base)).toEqual({ ok: true });
    expect(await getBillingOverview(base)).toMatchObject({ plan: "premium", state: "active" });

    expect(await endTestPeriod(base)).toEqual({ ok: true });
    expect(await getBillingOverview(base)).toMatchObject({ plan: "free", state: "free" });
    expect((await requireHouseholdAccess(base)).plan).toBe("free");
    expect(await cancelPremium(base)).toEqual({ ok: false, error: "notPremium" });
  });

  it("a renewing test subscription rolls on by itself", async () => {
    const { owner, household } = await seedHousehold();
    await seedSubscription({ householdId: household.id, currentPeriodEnd: new Date(Date.now() - 40 * day) });
    const overview = await getBillingOverview({ userId: owner.id, householdId: household.id });
    expect(overview).toMatchObject({ plan: "premium", state: "active" });
    expect(new Date(overview.periodEnd as string).getTime()).toBeGreaterThan(Date.now());
  });

  it("only the owner changes the plan; a partner sees it, a stranger learns nothing", async () => {
    const { household } = await seedHousehold();
    await seedSubscription({ householdId: household.id });
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    const stranger = await seedUser();

    expect(await getBillingOverview({ userId: partner.id, householdId: household.id })).toMatchObject({
      plan: "premium",
      canManage: false,
      role: "partner",
    });
    await expect(cancelPremium({ userId: partner.id, householdId: household.id })).rejects.toEqual(
      new HouseholdAccessError("readOnly"),
    );
    await expect(
      upgradeToPremium({ userId: stranger.id, email: stranger.email, householdId: household.id, language: "en" }),
    ).rejects.toEqual(new HouseholdAccessError("notFound"));
    await expect(getBillingOverview({ userId: stranger.id, householdId: household.id })).rejects.toEqual(
      new HouseholdAccessError("notFound"),
    );
    expect((await readSubscription(household.id))?.cancelAtPeriodEnd).toBe(false);
  });

  it("a downgrade suspends the partner's access without deleting the membership, and an upgrade restores it", async () => {
    const { owner, household } = await seedHousehold();
    await seedSubscription({ householdId: household.id });
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    expect((await listUserHouseholds({ userId: partner.id })).map((item) => item.id)).toContain(household.id);

    await endTestPeriod({ userId: owner.id, householdId: household.id });
    expect((await listUserHouseholds({ userId: partner.id })).map((item) => item.id)).not.toContain(household.id);
    await expect(requireHouseholdAccess({ userId: partner.id, householdId: household.id })).rejects.toEqual(
      new HouseholdAccessError("notFound"),
    );

    await upgradeToPremium({ userId: owner.id, email: owner.email, householdId: household.id, language: "en" });
    await expect(requireHouseholdAccess({ userId: partner.id, householdId: household.id })).resolves.toMatchObject({
      role: "partner",
    });
  });
});
