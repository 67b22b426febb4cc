import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedSubscription } from "../../../db/seed/premium";
import { HouseholdAccessError } from "~/features/household/errors";
import { getReport } from "~/features/entries/reports.server";
import { requireHouseholdAccess } from "~/features/household/households.server";
import {
  contributeToGoal,
  createGoal,
  listGoalContributions,
  listGoals,
  updateGoal,
} from "~/features/goals/goals.server";
import { createCustomCategory } from "~/features/custom-categories/custom-categories.server";
import { exportTransactionsCsv } from "~/features/exports/transactions-csv.server";
import { invitePartner } from "~/features/sharing/invitations.server";
import { exportMyData } from "~/features/data-rights/export-data.server";

useTestDatabase();

const day = 24 * 60 * 60 * 1000;
const today = "2026-11-15";
type PlanCase = "free" | "premium" | "cancelledButPaid" | "cancelledAndOver";

async function household(plan: PlanCase) {
  const seeded = await seedHousehold();
  if (plan === "premium") await seedSubscription({ householdId: seeded.household.id });
  if (plan === "cancelledButPaid")
    await seedSubscription({
      householdId: seeded.household.id,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(Date.now() + 5 * day),
    });
  if (plan === "cancelledAndOver")
    await seedSubscription({
      householdId: seeded.household.id,
      cancelAtPeriodEnd: true,
      currentPeriodEnd: new Date(Date.now() - day),
    });
  return { ...seeded, base: { userId: seeded.owner.id, householdId: seeded.household.id } };
}

const goal = (name: string) => ({ name, targetMinor: 100000, deadline: "2027-06-30" as string | null });

/** Each rule of the Plans table, asserted through the use cases for every kind of household. */
const cases: { plan: PlanCase; premium: boolean }[] = [
  { plan: "free", premium: false },
  { plan: "premium", premium: true },
  { plan: "cancelledButPaid", premium: true },
  { plan: "cancelledAndOver", premium: false },
];

describe.each(cases)("plan rules for a $plan household", ({ plan, premium }) => {
  it(`tracking and the dashboard work; the plan reads as ${premium ? "premium" : "free"}`, async () => {
    const { base } = await household(plan);
    expect((await requireHouseholdAccess(base)).plan).toBe(premium ? "premium" : "free");
  });

  it(premium ? "goals: unlimited, with deadline and history" : "goals: two, without deadline or history", async () => {
    const { base } = await household(plan);
    expect(await createGoal({ ...base, fields: goal("One") })).toMatchObject({ ok: true });
    const second = await createGoal({ ...base, fields: goal("Two") });
    expect(second).toMatchObject({ ok: true });
    expect(await createGoal({ ...base, fields: goal("Three") })).toMatchObject(
      premium ? { ok: true } : { ok: false, fieldErrors: { form: "errors.goal.planLimit" } },
    );
    const listed = await listGoals({ ...base, today });
    expect(listed.canUseDeadline).toBe(premium);
    expect(listed.goals[0]?.deadline).toBe(premium ? "2027-06-30" : null);
    if (!second.ok) throw new Error("no goal");
    await contributeToGoal({ ...base, goalId: second.goalId, amountMinor: 500, occurredOn: today });
    expect(await listGoalContributions({ ...base, goalId: second.goalId })).toHaveLength(premium ? 1 : 0);
  });

  it(premium ? "reports: any range" : "reports: the current month only", async () => {
    const { base } = await household(plan);
    await seedTransactions({
      householdId: base.householdId,
      entries: [{ kind: "income", amountMinor: 1000, occurredOn: "2026-09-01" }],
    });
    const report = await getReport({ ...base, from: "2026-06", to: "2026-11", currentMonth: "2026-11" });
    expect(report.limited).toBe(!premium);
    expect(report.months.map((month) => month.month)).toEqual(
      premium ? ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10", "2026-11"] : ["2026-11"],
    );
  });

  it(
    premium
      ? "custom categories, exports and invitations are open"
      : "custom categories, exports and invitations are refused with a message",
    async () => {
      const { base } = await household(plan);
      const category = await createCustomCategory({
        ...base,
        kind: "expense",
        fields: { name: "Pets", color: "#2f7d5b", icon: "shapes" },
      });
      const csv = await exportTransactionsCsv({
        ...base,
        range: { from: "2026-11-01", to: "2026-11-30" },
        language: "en",
        decimal: "locale",
      });
      const invited = await invitePartner({ ...base, email: `friend-${plan}@example.com`, language: "en" });
      if (premium) {
        expect([category.ok, csv.ok, invited.ok]).toEqual([true, true, true]);
      } else {
        expect(category).toEqual({ ok: false, fieldErrors: { form: "categories.errors.premiumRequired" } });
        expect(csv).toEqual({ ok: false, error: "premiumRequired" });
        expect(invited).toEqual({ ok: false, error: "premiumRequired" });
      }
    },
  );

  it(premium ? "a partner can see the household" : "a partner cannot see the household", async () => {
    const { base } = await household(plan);
    const partner = await seedUser();
    await addPartner({ householdId: base.householdId, userId: partner.id });
    const access = requireHouseholdAccess({ userId: partner.id, householdId: base.householdId });
    if (premium) await expect(access).resolves.toMatchObject({ role: "partner" });
    else await expect(access).rejects.toEqual(new HouseholdAccessError("notFound"));
  });

  it("the data export works on every plan", async () => {
    const { base } = await household(plan);
    const { stream } = await exportMyData({ userId: base.userId });
    const chunks: Uint8Array[] = [];
    for await (const chunk of stream) chunks.push(chunk);
    expect(JSON.parse(Buffer.concat(chunks).toString("utf8"))).toMatchObject({ format: "samen-data-export/1" });
  });
});

describe("after a downgrade", () => {
  it("extra goals turn read-only (the oldest two stay writable) and nothing is deleted", async () => {
    const { base } = await household("premium");
    const ids: string[] = [];
    for (const name of ["Buffer", "Holiday", "Bike", "Laptop"]) {
      const created = await createGoal({ ...base, fields: goal(name) });
      if (!created.ok) throw new Error("no goal");
      ids.push(created.goalId);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    await seedSubscription({ householdId: base.householdId, plan: "free", status: "canceled" });

    const listed = await listGoals({ ...base, today });
    expect(listed.goals.map((item) => [item.name, item.readOnly])).toEqual([
      ["Buffer", false],
      ["Holiday", false],
      ["Bike", true],
      ["Laptop", true],
    ]);
    expect(listed.canCreate).toBe(false);
    expect(await contributeToGoal({ ...base, goalId: ids[2] as string, amountMinor: 100, occurredOn: today })).toEqual({
      ok: false,
      fieldErrors: { form: "errors.goal.planLimit" },
    });
    expect(
      await updateGoal({ ...base, goalId: ids[3] as string, version: undefined, fields: goal("Renamed") }),
    ).toEqual({ ok: false, fieldErrors: { form: "errors.goal.planLimit" } });
    expect(
      await contributeToGoal({ ...base, goalId: ids[0] as string, amountMinor: 100, occurredOn: today }),
    ).toMatchObject({ ok: true });
  });
});
