import { describe, expect, it } from "vitest";
import {
  accountKindsToAdd,
  can,
  effectivePlan,
  features,
  mayKeepAccount,
  planLimits,
  plans,
  readOnlyGoalIds,
  type Feature,
  type SubscriptionState,
} from "./plans";

const now = new Date("2026-11-15T12:00:00Z");
const nextMonth = new Date("2026-12-15T12:00:00Z");
const lastMonth = new Date("2026-10-15T12:00:00Z");

const free: SubscriptionState | null = null;
const premium: SubscriptionState = {
  plan: "premium",
  status: "active",
  currentPeriodEnd: nextMonth,
  cancelAtPeriodEnd: false,
};
const cancelledButPaid: SubscriptionState = {
  plan: "premium",
  status: "active",
  currentPeriodEnd: nextMonth,
  cancelAtPeriodEnd: true,
};
const cancelledAndOver: SubscriptionState = {
  plan: "premium",
  status: "active",
  currentPeriodEnd: lastMonth,
  cancelAtPeriodEnd: true,
};

/** The design's Plans table, row by row: what a free and a premium household may use. */
const table: Record<Feature, { free: boolean; premium: boolean }> = {
  "transactions.track": { free: true, premium: true },
  "dashboard.view": { free: true, premium: true },
  "language.choice": { free: true, premium: true },
  "categories.builtIn": { free: true, premium: true },
  "categories.custom": { free: false, premium: true },
  "goals.create": { free: true, premium: true },
  "goals.deadline": { free: false, premium: true },
  "goals.history": { free: false, premium: true },
  "reports.currentMonth": { free: true, premium: true },
  "reports.allPeriods": { free: false, premium: true },
  "export.transactions": { free: false, premium: true },
  "export.report": { free: false, premium: true },
  "partners.invite": { free: false, premium: true },
  "partners.access": { free: false, premium: true },
  "partners.edit": { free: false, premium: true },
  "data.export": { free: true, premium: true },
  "account.delete": { free: true, premium: true },
  // money-in.md: import on both plans (it is how people start); the free plan keeps one account.
  "statements.import": { free: true, premium: true },
  "accounts.multiple": { free: false, premium: true },
  // money-in.md, "The month planned" and "Rules that learn": on both plans; the free plan keeps up to 10 rules.
  "budgets.plan": { free: true, premium: true },
  "recurring.schedule": { free: true, premium: true },
  "rules.automate": { free: true, premium: true },
  // money-in.md, "Two people": the editing partner and fair share with settle up are premium.
  "sharing.fairShare": { free: false, premium: true },
};

describe("plan rules", () => {
  it("lists every feature exactly once", () => {
    expect(new Set(features).size).toBe(features.length);
    expect([...features].sort()).toEqual(Object.keys(table).sort());
  });

  for (const feature of features) {
    const expected = table[feature];
    it(`${feature}: free ${expected.free ? "may" : "may not"}, premium ${expected.premium ? "may" : "may not"}, cancelled-but-paid as premium`, () => {
      expect(can(effectivePlan(free, now), feature)).toBe(expected.free);
      expect(can(effectivePlan(premium, now), feature)).toBe(expected.premium);
      expect(can(effectivePlan(cancelledButPaid, now), feature)).toBe(expected.premium);
      expect(can(effectivePlan(cancelledAndOver, now), feature)).toBe(expected.free);
    });
  }

  it("free keeps two active goals, premium has no limit", () => {
    expect(planLimits("free").maxActiveGoals).toBe(2);
    expect(planLimits("premium").maxActiveGoals).toBeNull();
    expect(planLimits("free").maxActiveAccounts).toBe(2);
    expect(planLimits("premium").maxActiveAccounts).toBeNull();
    expect(planLimits("free").maxRules).toBe(10);
    expect(planLimits("premium").maxRules).toBeNull();
    expect(plans).toEqual(["free", "premium"]);
  });
});

describe("accounts a plan keeps", () => {
  const kinds = ["checking", "savings", "credit_card", "cash"] as const;

  it("lets the free plan add one savings account next to the Everyday account", () => {
    expect(accountKindsToAdd("free", 1, kinds)).toEqual(["savings"]);
    expect(accountKindsToAdd("free", 2, kinds)).toEqual([]);
    expect(mayKeepAccount("free", "credit_card", 1)).toBe(false);
    expect(mayKeepAccount("free", "savings", 2)).toBe(false);
  });

  it("lets premium add any kind, any number", () => {
    expect(accountKindsToAdd("premium", 40, kinds)).toEqual([...kinds]);
  });
});

describe("effective plan", () => {
  it("is free without a subscription row and for a free row", () => {
    expect(effectivePlan(null, now)).toBe("free");
    expect(
      effectivePlan({ plan: "free", status: "active", currentPeriodEnd: null, cancelAtPeriodEnd: false }, now),
    ).toBe("free");
  });

  it("stays premium while a payment is retried, and ends when the provider gives up", () => {
    expect(effectivePlan({ ...premium, status: "past_due" }, now)).toBe("premium");
    expect(effectivePlan({ ...premium, status: "unpaid" }, now)).toBe("free");
    expect(effectivePlan({ ...premium, status: "canceled" }, now)).toBe("free");
    expect(effectivePlan({ ...premium, status: "incomplete" }, now)).toBe("free");
  });

  it("a renewing subscription whose period end passed stays premium until the provider says otherwise", () => {
    expect(effectivePlan({ ...premium, currentPeriodEnd: lastMonth }, now)).toBe("premium");
  });

  it("a cancelled subscription is premium up to the last second of the paid period", () => {
    expect(effectivePlan({ ...cancelledButPaid, currentPeriodEnd: new Date(now.getTime() + 1000) }, now)).toBe(
      "premium",
    );
    expect(effectivePlan({ ...cancelledButPaid, currentPeriodEnd: now }, now)).toBe("free");
  });
});

describe("goals after a downgrade", () => {
  const goals = [
    { id: "c", createdAt: "2026-03-01T00:00:00Z", archived: false },
    { id: "a", createdAt: "2026-01-01T00:00:00Z", archived: false },
    { id: "x", createdAt: "2025-12-01T00:00:00Z", archived: true },
    { id: "b", createdAt: "2026-02-01T00:00:00Z", archived: false },
    { id: "d", createdAt: "2026-04-01T00:00:00Z", archived: false },
  ];

  it("on free the two oldest active goals stay writable and the rest turn read-only; nothing is dropped", () => {
    expect([...readOnlyGoalIds("free", goals)].sort()).toEqual(["c", "d"]);
  });

  it("on premium every goal is writable", () => {
    expect(readOnlyGoalIds("premium", goals).size).toBe(0);
  });
});
