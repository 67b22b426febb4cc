import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import type { IsoDate } from "~/domain/periods";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { setPersonalPrivacy } from "~/features/sharing/invitations.server";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { getDashboard } from "./dashboard.server";
import { insertEntries, type NewLine } from "./entry-writer.server";
import { hiddenPersonalSpending } from "./personal-totals.server";

useTestDatabase();

// Readers that sum entries row by row read their lines (decision 0018): a split counts each line once, in its own
// category, shared or personal as the line says.

const groceries = builtInCategory("groceries").id;
const health = builtInCategory("health").id;

/** Pieter owns the household; Sanne, his partner, keeps her personal spending to category totals. */
async function couple() {
  const { owner: pieter, household } = await seedHousehold({ name: "Pieter" });
  await seedPremium(household.id);
  const sanne = await seedUser({ name: "Sanne" });
  await addPartner({ householdId: household.id, userId: sanne.id });
  await setPersonalPrivacy({ userId: sanne.id, householdId: household.id, personalInDetail: false });
  const accountId = await everydayAccountId(household.id);
  const split = async (paidBy: string, occurredOn: IsoDate, lines: NewLine[]) =>
    insertEntries(db(), [
      {
        householdId: household.id,
        accountId,
        kind: "expense",
        amountMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
        occurredOn,
        description: "Supermarket",
        categoryId: lines[0]!.categoryId,
        createdBy: paidBy,
        shared: lines[0]!.shared,
        lines,
      },
    ]);
  return { pieter, sanne, householdId: household.id, split };
}

describe("readers of split entries", () => {
  it("personal totals count a split's hidden personal lines in their category, and its shared lines not", async () => {
    const { pieter, sanne, householdId, split } = await couple();
    // Sanne's receipt: groceries for both, and her own vitamins.
    await split(sanne.id, "2025-03-04", [
      { categoryId: groceries, amountMinor: 70_00, shared: true },
      { categoryId: health, amountMinor: 30_00, shared: false },
    ]);
    // Pieter's receipt: groceries for both, and something of Sanne's he paid for.
    await split(pieter.id, "2025-03-05", [
      { categoryId: groceries, amountMinor: 25_00, shared: true },
      { categoryId: health, amountMinor: 15_00, shared: false, memberUserId: sanne.id },
    ]);
    const access = await requireHouseholdAccess({ userId: pieter.id, householdId });
    expect(await hiddenPersonalSpending({ access, month: "2025-03" })).toEqual([
      { memberUserId: sanne.id, totalMinor: 45_00, categories: [{ categoryId: health, totalMinor: 45_00 }] },
    ]);
    expect(await hiddenPersonalSpending({ access, month: "2025-03", categoryId: groceries })).toEqual([]);
    const hers = await requireHouseholdAccess({ userId: sanne.id, householdId });
    expect(await hiddenPersonalSpending({ access: hers, month: "2025-03" })).toEqual([]);
  });

  it("the dashboard's member views and same-days comparison sum each line in its own category", async () => {
    const { pieter, sanne, householdId, split } = await couple();
    await split(sanne.id, "2025-02-10", [
      { categoryId: groceries, amountMinor: 70_00, shared: true },
      { categoryId: health, amountMinor: 30_00, shared: false },
    ]);
    await split(sanne.id, "2025-03-04", [
      { categoryId: groceries, amountMinor: 60_00, shared: true },
      { categoryId: health, amountMinor: 20_00, shared: false },
    ]);
    const view = (memberUserId: string | null) =>
      getDashboard({
        userId: pieter.id,
        householdId,
        month: "2025-03",
        period: "monthly",
        today: "2025-03-20",
        memberUserId,
      });
    const byCategory = (dashboard: Awaited<ReturnType<typeof view>>) =>
      Object.fromEntries(dashboard.categories.map((item) => [item.categoryId, [item.totalMinor, item.previousMinor]]));
    // The household: month_total this month, the lines of 1–20 February to compare with.
    expect(byCategory(await view(null))).toEqual({ [groceries]: [60_00, 70_00], [health]: [20_00, 30_00] });
    // Sanne's view: the entries she paid, by their lines.
    const hers = await view(sanne.id);
    expect(byCategory(hers)).toEqual({ [groceries]: [60_00, 70_00], [health]: [20_00, 30_00] });
    expect(hers.summary.expenses.value).toBe(80_00);
    expect(byCategory(await view(pieter.id))).toEqual({});
  });
});
