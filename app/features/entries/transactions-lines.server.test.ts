import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { setPersonalPrivacy } from "~/features/sharing/invitations.server";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { createCustomCategory, listCustomCategories } from "~/features/custom-categories/custom-categories.server";
import { insertEntries, type NewLine } from "./entry-writer.server";
import { listTransactions } from "./transactions.server";

useTestDatabase();

// The lists read lines (decision 0018): a category filter lists an entry when one of its lines is in that category,
// and the totals they sum themselves (a search, a member view) add the lines that match.

const month = "2025-03";
const groceries = builtInCategory("groceries").id;
const health = builtInCategory("health").id;

/** Pieter owns the household; Sanne is his partner. */
async function couple() {
  const { owner: pieter, household } = await seedHousehold({ name: "Pieter" });
  await seedPremium(household.id);
  const sanne = await seedUser({ name: "Sanne" });
  await addPartner({ householdId: household.id, userId: sanne.id });
  const householdId = household.id;
  const accountId = await everydayAccountId(householdId);
  const split = async (paidBy: string, description: string, lines: NewLine[]) => {
    const [entry] = await insertEntries(db(), [
      {
        householdId,
        accountId,
        kind: "expense",
        amountMinor: lines.reduce((sum, line) => sum + line.amountMinor, 0),
        currency: "EUR",
        occurredOn: "2025-03-10",
        description,
        categoryId: lines[0]!.categoryId,
        createdBy: paidBy,
        shared: lines[0]!.shared,
        lines,
      },
    ]);
    return entry!.id;
  };
  await seedTransactions({
    householdId,
    userId: pieter.id,
    entries: [
      { kind: "expense", category: "health", amountMinor: 9_00, occurredOn: "2025-03-02", description: "Plasters" },
    ],
  });
  return { pieter, sanne, householdId, split };
}

const descriptions = (items: { description: string }[]) => items.map((item) => item.description).sort();

describe("lists of split entries", () => {
  it("lists a split under each of its lines' categories, and sums only the matching lines", async () => {
    const { pieter, sanne, householdId, split } = await couple();
    await split(sanne.id, "Supermarket", [
      { categoryId: groceries, amountMinor: 80_00, shared: true },
      { categoryId: health, amountMinor: 20_00, shared: false },
    ]);
    const asPieter = { userId: pieter.id, householdId, month, kind: "expense" as const };

    const byHealth = await listTransactions({ ...asPieter, categoryId: health });
    expect(descriptions(byHealth.items)).toEqual(["Plasters", "Supermarket"]);
    expect(byHealth.totals.totalMinor).toBe(9_00 + 20_00);
    const byGroceries = await listTransactions({ ...asPieter, categoryId: groceries });
    expect(descriptions(byGroceries.items)).toEqual(["Supermarket"]);
    expect(byGroceries.totals.totalMinor).toBe(80_00);

    // A member view sums the lines of that member's entries in the category, counting the entry once.
    expect((await listTransactions({ ...asPieter, memberUserId: sanne.id, categoryId: health })).totals).toEqual({
      totalMinor: 20_00,
      entries: 1,
    });
    expect((await listTransactions({ ...asPieter, memberUserId: sanne.id })).totals).toEqual({
      totalMinor: 100_00,
      entries: 1,
    });
    // A search with a category: the matching lines only.
    expect((await listTransactions({ ...asPieter, search: "super", categoryId: groceries })).totals).toEqual({
      totalMinor: 80_00,
      entries: 1,
    });
  });

  it("does not list a shared entry under the category of a personal line its member keeps to totals", async () => {
    const { pieter, sanne, householdId, split } = await couple();
    await split(sanne.id, "Supermarket", [
      { categoryId: groceries, amountMinor: 80_00, shared: true },
      { categoryId: health, amountMinor: 20_00, shared: false },
    ]);
    await setPersonalPrivacy({ userId: sanne.id, householdId, personalInDetail: false });
    const asPieter = { userId: pieter.id, householdId, month, kind: "expense" as const };

    const byHealth = await listTransactions({ ...asPieter, categoryId: health });
    expect(descriptions(byHealth.items)).toEqual(["Plasters"]);
    // The category's total stays whole (month_total); the number of entries counts the shown.
    expect(byHealth.totals).toEqual({ totalMinor: 29_00, entries: 1 });
    expect(descriptions((await listTransactions({ ...asPieter, categoryId: groceries })).items)).toEqual([
      "Supermarket",
    ]);
    // The entry itself is shared, so it stays in the list; a search sums only the lines it may show.
    expect(descriptions((await listTransactions(asPieter)).items)).toEqual(["Plasters", "Supermarket"]);
    expect((await listTransactions({ ...asPieter, search: "super" })).totals).toEqual({
      totalMinor: 80_00,
      entries: 1,
    });
    // Sanne sees her own line.
    const hers = await listTransactions({ ...asPieter, userId: sanne.id, categoryId: health });
    expect(descriptions(hers.items)).toEqual(["Plasters", "Supermarket"]);
  });
});

describe("Entries: N beside a list", () => {
  it("counts a split entry once, in the month, in each category it has lines in, and in Settings", async () => {
    const { pieter, householdId, split } = await couple();
    const pets = await createCustomCategory({
      userId: pieter.id,
      householdId,
      kind: "expense",
      fields: { name: "Pets", color: "#2f7d5b", icon: "shapes" },
    });
    if (!pets.ok) throw new Error("no category");
    // Three lines in two categories: shared and personal groceries, and the cat's food.
    await split(pieter.id, "Supermarket", [
      { categoryId: groceries, amountMinor: 60_00, shared: true },
      { categoryId: groceries, amountMinor: 15_00, shared: false },
      { categoryId: pets.categoryId, amountMinor: 25_00, shared: false },
    ]);
    // Two lines in one category.
    await split(pieter.id, "Pet shop", [
      { categoryId: pets.categoryId, amountMinor: 30_00, shared: true },
      { categoryId: pets.categoryId, amountMinor: 10_00, shared: false },
    ]);
    const asPieter = { userId: pieter.id, householdId, month, kind: "expense" as const };

    // Plasters, Supermarket and Pet shop: three entries, six lines.
    expect((await listTransactions(asPieter)).totals).toEqual({ totalMinor: 9_00 + 100_00 + 40_00, entries: 3 });
    expect((await listTransactions({ ...asPieter, categoryId: groceries })).totals).toEqual({
      totalMinor: 75_00,
      entries: 1,
    });
    expect((await listTransactions({ ...asPieter, categoryId: pets.categoryId })).totals).toEqual({
      totalMinor: 65_00,
      entries: 2,
    });
    const settings = await listCustomCategories({ userId: pieter.id, householdId });
    expect(settings.categories.map((item) => [item.name, item.entries])).toEqual([["Pets", 2]]);
  });
});
