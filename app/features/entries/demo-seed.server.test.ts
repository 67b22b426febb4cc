import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import { db } from "~/db/client.server";
import { account, user } from "~/db/schema/auth";
import { budgetLimit } from "~/db/schema/budgets";
import { transaction } from "~/db/schema/entries";
import { goal } from "~/db/schema/goals";
import { useTestDatabase } from "~/db/test-database";
import { demoEmail, demoPassword, seedDemoBudget } from "./demo-seed.server";
import { getDashboard } from "./dashboard.server";

useTestDatabase();

describe("demo account", () => {
  // One fixed address: each test starts without it, whatever ran before (deleting the user removes its household).
  beforeEach(async () => {
    await db().delete(user).where(eq(user.email, demoEmail));
  });

  it("is a verified account that signs in with the printed password and holds twelve months and two goals", async () => {
    const first = await seedDemoBudget({ today: "2025-03-18" });
    const [demo] = await db().select().from(user).where(eq(user.email, demoEmail));
    expect(demo?.emailVerified).toBe(true);
    const [credential] = await db().select().from(account).where(eq(account.userId, first.userId));
    expect(credential?.providerId).toBe("credential");
    expect(await verifyPassword({ hash: credential?.password ?? "", password: demoPassword })).toBe(true);

    const rows = await db()
      .select({ occurredOn: transaction.occurredOn })
      .from(transaction)
      .where(eq(transaction.householdId, first.householdId));
    const months = new Set(rows.map((row) => row.occurredOn.slice(0, 7)));
    expect(months.size).toBe(12);
    expect(rows.every((row) => row.occurredOn <= "2025-03-18")).toBe(true);
    expect(await db().select().from(goal).where(eq(goal.householdId, first.householdId))).toHaveLength(2);
    expect(await db().select().from(budgetLimit).where(eq(budgetLimit.householdId, first.householdId))).toHaveLength(3);

    const dashboard = await getDashboard({
      userId: first.userId,
      householdId: first.householdId,
      month: "2025-02",
      period: "monthly",
      today: "2025-03-18",
    });
    expect(dashboard.summary.income.value).toBeGreaterThan(500_000);
    expect(dashboard.summary.savingsRate.value).toBeGreaterThan(0);
  });

  it("is idempotent, and a later start adds only the days since", async () => {
    await seedDemoBudget({ today: "2025-03-18" });
    const again = await seedDemoBudget({ today: "2025-03-18" });
    expect(again.added).toBe(0);
    const later = await seedDemoBudget({ today: "2025-04-30" });
    expect(later.added).toBeGreaterThan(20);
    expect(await db().select().from(user).where(eq(user.email, demoEmail))).toHaveLength(1);
    expect(await db().select().from(goal).where(eq(goal.householdId, later.householdId))).toHaveLength(2);
  });
});
