import { describe, expect, it } from "vitest";
import { parseEntrySearch } from "~/domain/entry-search";
import { getDashboard } from "./dashboard.server";
import { db } from "~/db/client.server";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { setPersonalPrivacy } from "~/features/sharing/invitations.server";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { createCustomCategory, listCustomCategories } from "~/features/custom-categories/custom-categories.server";
import { insertEntries, type NewLine } from "./entry-writer.server";
import {
  deleteTransaction,
  getEntryWithLines,
  getTransaction,
  listTransactions,
  restoreTransaction,
  searchEntries,
  updateTransaction,
} from "./transactions.server";

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

describe("a shared split holding a partner's hidden personal line", () => {
  const education = builtInCategory("education").id;
  const transport = builtInCategory("transport").id;

  async function scene() {
    const { pieter, sanne, householdId, split } = await couple();
    const supermarket = await split(sanne.id, "Supermarket", [
      { categoryId: groceries, amountMinor: 70_00, shared: true, note: "Bread and cheese" },
      { categoryId: education, amountMinor: 30_00, shared: false, note: "Evening course books" },
    ]);
    await setPersonalPrivacy({ userId: sanne.id, householdId, personalInDetail: false });
    return { pieter, sanne, householdId, supermarket };
  }
  /** Nothing of Sanne's line: its note, category or amount, nor the whole entry's amount it is part of. */
  const tellsNothing = (value: unknown) => {
    const text = JSON.stringify(value);
    expect(text).not.toContain("Evening course");
    expect(text).not.toContain(education);
    expect(text).not.toMatch(/"amountMinor":(3000|10000)\b/);
  };

  it("lists it with the lines the other member may see, and its page shows only those", async () => {
    const { pieter, sanne, householdId, supermarket } = await scene();
    const asPieter = { userId: pieter.id, householdId, month, kind: "expense" as const };

    const list = await listTransactions(asPieter);
    expect(list.items.find((item) => item.id === supermarket)).toMatchObject({
      amountMinor: 70_00,
      categoryId: groceries,
      shared: true,
      split: true,
    });
    tellsNothing(list.items);
    expect(list.totals.entries).toBe(2);
    // A search sums the lines it may show; under the hidden line's category the entry is not listed nor counted.
    const searched = await listTransactions({ ...asPieter, search: "super" });
    expect(searched.totals).toEqual({ totalMinor: 70_00, entries: 1 });
    tellsNothing(searched);
    const byEducation = await listTransactions({ ...asPieter, categoryId: education });
    expect(byEducation.items).toEqual([]);
    expect(byEducation.totals.entries).toBe(0);

    const page = await getEntryWithLines({ userId: pieter.id, householdId, transactionId: supermarket });
    expect(page).toMatchObject({ amountMinor: 70_00, categoryId: groceries, shared: true });
    expect(page.lines).toEqual([{ categoryId: groceries, amountMinor: 70_00, shared: true, note: "Bread and cheese" }]);
    tellsNothing(page);
    tellsNothing(await getTransaction({ userId: pieter.id, householdId, transactionId: supermarket }));

    // Its base amount is the shown lines' too, and an amount search or range finds it by those, never by the whole
    // receipt (issue 44): the dashboard's latest entries say the same.
    expect(list.items.find((item) => item.id === supermarket)?.baseAmountMinor).toBe(70_00);
    expect(page.baseAmountMinor).toBe(70_00);
    const found = async (query: string) =>
      (await searchEntries({ userId: pieter.id, householdId, search: parseEntrySearch(query, "en") })).months
        .flatMap((group) => group.entries)
        .filter((entry) => entry.id === supermarket);
    for (const query of ["100.00", "99-101", ">90"]) expect(await found(query), query).toEqual([]);
    expect((await found("70.00")).map((entry) => [entry.amountMinor, entry.baseAmountMinor])).toEqual([[70_00, 70_00]]);
    const dashboard = await getDashboard({
      userId: pieter.id,
      householdId,
      month,
      period: "monthly",
      today: "2025-03-31",
    });
    expect(
      dashboard.recent
        .filter((entry) => entry.id === supermarket)
        .map((entry) => [entry.amountMinor, entry.baseAmountMinor]),
    ).toEqual([[70_00, 70_00]]);

    // Sanne sees her whole receipt.
    const hers = await getEntryWithLines({ userId: sanne.id, householdId, transactionId: supermarket });
    expect(hers.amountMinor).toBe(100_00);
    expect(hers.lines.map((line) => line.note)).toEqual(["Bread and cheese", "Evening course books"]);
    expect(
      (await listTransactions({ ...asPieter, userId: sanne.id })).items.find((item) => item.id === supermarket),
    ).toMatchObject({ amountMinor: 100_00 });
  });

  it("lets the other member change the part they see, keeps the hidden line as it was, and answers only their part", async () => {
    const { pieter, sanne, householdId, supermarket } = await scene();
    const asPieter = { userId: pieter.id, householdId, transactionId: supermarket };
    const base = {
      kind: "expense" as const,
      occurredOn: "2025-03-10",
      description: "Supermarket",
      categoryId: groceries,
      shared: true,
    };

    // The quick edit sheet: one visible line, a new amount.
    const sheet = await updateTransaction({
      ...asPieter,
      version: (await getTransaction(asPieter)).version,
      fields: { ...base, amountMinor: 72_00 },
    });
    if (!("transaction" in sheet)) throw new Error(`not saved: ${JSON.stringify(sheet)}`);
    expect(sheet.transaction.amountMinor).toBe(72_00);
    tellsNothing(sheet);

    // The page: split what he sees in two.
    const split = await updateTransaction({
      ...asPieter,
      version: sheet.transaction.version,
      fields: {
        ...base,
        amountMinor: 80_00,
        lines: [
          { categoryId: groceries, amountMinor: 60_00, shared: true, note: "Bread and cheese" },
          { categoryId: transport, amountMinor: 20_00, shared: true, note: "Parking" },
        ],
      },
    });
    if (!("transaction" in split)) throw new Error(`not saved: ${JSON.stringify(split)}`);
    expect(split.transaction.amountMinor).toBe(80_00);
    tellsNothing(split);

    // Sanne's line is untouched, and still hers; the entry is what both parts add up to.
    const hers = await getEntryWithLines({ userId: sanne.id, householdId, transactionId: supermarket });
    expect(hers.amountMinor).toBe(110_00);
    expect(hers.lines).toEqual([
      { categoryId: groceries, amountMinor: 60_00, shared: true, note: "Bread and cheese" },
      { categoryId: transport, amountMinor: 20_00, shared: true, note: "Parking" },
      { categoryId: education, amountMinor: 30_00, shared: false, note: "Evening course books" },
    ]);

    // It cannot become income: her personal expense is in it.
    expect(
      await updateTransaction({
        ...asPieter,
        version: split.transaction.version,
        fields: { ...base, kind: "income", categoryId: builtInCategory("salary").id, amountMinor: 80_00 },
      }),
    ).toEqual({ ok: false, fieldErrors: { form: "errors.lines.othersPart" } });

    // An edit from an old version answers the entry as he may see it.
    const conflict = await updateTransaction({
      ...asPieter,
      version: sheet.transaction.version,
      fields: { ...base, amountMinor: 1_00 },
    });
    expect(conflict).toMatchObject({ conflict: "changed", current: { amountMinor: 80_00 } });
    tellsNothing(conflict);

    // Delete and undo answer his part too.
    const deleted = await deleteTransaction({ ...asPieter, version: split.transaction.version });
    expect(deleted).toMatchObject({ ok: true, transaction: { amountMinor: 80_00 } });
    tellsNothing(deleted);
    const back = await restoreTransaction(asPieter);
    expect(back.transaction.amountMinor).toBe(80_00);
    tellsNothing(back);
    expect((await getEntryWithLines({ userId: sanne.id, householdId, transactionId: supermarket })).amountMinor).toBe(
      110_00,
    );
  });
});
