import { beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { verifyPassword } from "better-auth/crypto";
import { db } from "~/db/client.server";
import { account, user } from "~/db/schema/auth";
import { budgetLimit } from "~/db/schema/budgets";
import { transaction } from "~/db/schema/entries";
import { goal } from "~/db/schema/goals";
import { transfer } from "~/db/schema/money-accounts";
import { builtInCategory } from "~/domain/categories";
import { listAccounts } from "~/features/money-accounts/accounts.server";
import { useTestDatabase } from "~/db/test-database";
import { demoEmail, demoPassword, demoSeries, seedDemoBudget } from "./demo-seed.server";
import { seedDemoSeries } from "~/features/recurring/startup.server";
import { detectRecurring, listRecurring, upcomingForMonth } from "~/features/recurring/recurring.server";
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
    // Savings move to the savings account: no spending in the savings category, and the buffer follows that account.
    expect(
      dashboard.categories.find((category) => category.categoryId === builtInCategory("savings").id),
    ).toBeUndefined();
    const [savings] = (
      await listAccounts({ userId: first.userId, householdId: first.householdId, on: "2025-03-18" })
    ).filter((item) => item.kind === "savings");
    expect(savings?.balanceMinor).toBe(250_000 + 11 * 40_000);
    expect(dashboard.goals.find((item) => item.name === "Emergency buffer")?.savedMinor).toBe(savings?.balanceMinor);
  });

  it("is idempotent, and a later start adds only the days since", async () => {
    await seedDemoBudget({ today: "2025-03-18" });
    const again = await seedDemoBudget({ today: "2025-03-18" });
    expect(again.added).toBe(0);
    const later = await seedDemoBudget({ today: "2025-04-30" });
    expect(later.added).toBeGreaterThan(20);
    expect(await db().select().from(user).where(eq(user.email, demoEmail))).toHaveLength(1);
    expect(await db().select().from(goal).where(eq(goal.householdId, later.householdId))).toHaveLength(2);
    expect(await db().select().from(transfer).where(eq(transfer.householdId, later.householdId))).toHaveLength(13);
  });

  it("has its rent, salary and subscriptions as series, their dates already entered counted as posted", async () => {
    const today = "2025-03-18";
    const demo = await seedDemoBudget({ today });
    expect(await seedDemoSeries({ today })).toMatchObject({ created: 4 });
    const session = { userId: demo.userId, householdId: demo.householdId };

    const { series } = await listRecurring({ ...session, today });
    expect(series.map((item) => [item.description, item.kind, item.amountMinor, item.dayOfMonth]).sort()).toEqual(
      demoSeries.map((item) => [item.description, item.kind, item.amountMinor, item.dayOfMonth]).sort(),
    );
    // Consistent with the entries: rent and the gym, paid this month, are posted; salary and streaming are to come.
    const march = await upcomingForMonth({ ...session, month: "2025-03", today });
    expect(march.occurrences.map((item) => [item.description, item.dueOn, item.status])).toEqual([
      ["Rent", "2025-03-01", "posted"],
      ["Gym", "2025-03-02", "posted"],
      ["Streaming", "2025-03-08", "posted"],
      ["Salary Lotte", "2025-03-25", "due"],
    ]);
    // Set up already, none of them is suggested again.
    const suggested = (await detectRecurring({ ...session, today })).map((item) => item.name);
    for (const item of demoSeries) expect(suggested).not.toContain(item.description);

    // A later start: no second set of series, and the days gained are posted with their entries, never overdue.
    expect(await seedDemoSeries({ today })).toEqual({ created: 0, linked: 0 });
    await seedDemoBudget({ today: "2025-04-30" });
    expect(await seedDemoSeries({ today: "2025-04-30" })).toEqual({ created: 0, linked: 5 }); // March's salary and April's four
    const april = await upcomingForMonth({ ...session, month: "2025-04", today: "2025-04-30" });
    expect(april.occurrences.map((item) => item.status)).toEqual(["posted", "posted", "posted", "posted"]);
    // April's salary is in: May's rent, gym and streaming fall before May's salary on the 25th.
    expect(april.totals).toEqual({
      expectedIncomeMinor: 0,
      upcomingBillsMinor: 0,
      billsBeforeNextIncomeMinor: 135_000 + 3_900 + 1_399,
    });
  });
});
