import { and, asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { entryLine, transaction } from "~/db/schema/entries";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import type { EntrySearch } from "~/domain/entry-search";
import { HouseholdAccessError } from "~/features/household/errors";
import { choosePersonalPrivacy } from "~/features/household/personal-privacy.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { uuidv7 } from "~/lib/uuid";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { bulkEditCap } from "./bulk-edit.schema";
import { bulkEditEntries, findBulkEdit, undoBulkEdit } from "./bulk-edit.server";
import { insertEntries } from "./entry-writer.server";

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const transport = builtInCategory("transport").id;
const eatingOut = builtInCategory("eatingOut").id;
const other = builtInCategory("other").id;
const salary = builtInCategory("salary").id;

const words = (text: string): EntrySearch => ({ text, minMinor: null, maxMinor: null });

async function couple() {
  const { owner, household } = await seedHousehold({ name: "Anna" });
  await seedPremium(household.id);
  const partner = await seedUser({ name: "Bram" });
  await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
  return { owner, partner, householdId: household.id };
}

async function entries(ids: readonly string[]) {
  const rows = await db()
    .select({
      id: transaction.id,
      categoryId: transaction.categoryId,
      shared: transaction.shared,
      payeeId: transaction.payeeId,
    })
    .from(transaction)
    .where(inArray(transaction.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

async function linesOf(entryId: string) {
  return db()
    .select({ categoryId: entryLine.categoryId, amountMinor: entryLine.amountMinor, shared: entryLine.shared })
    .from(entryLine)
    .where(eq(entryLine.entryId, entryId))
    .orderBy(asc(entryLine.position));
}

describe("bulk edit of search results", () => {
  it("sets one category on the chosen entries, and undo gives each its own category back", async () => {
    const { owner, householdId } = await couple();
    const seeded = await seedTransactions({
      householdId,
      userId: owner.id,
      entries: [
        {
          kind: "expense",
          amountMinor: 1200,
          occurredOn: "2025-03-02",
          description: "Albert Heijn",
          category: "groceries",
        },
        {
          kind: "expense",
          amountMinor: 3400,
          occurredOn: "2025-04-02",
          description: "Albert Heijn",
          category: "transport",
        },
        { kind: "expense", amountMinor: 560, occurredOn: "2025-04-03", description: "Albert Heijn", category: "other" },
        {
          kind: "income",
          amountMinor: 250000,
          occurredOn: "2025-04-25",
          description: "Albert Heijn salary",
          category: "salary",
        },
      ],
    });
    const ids = seeded.map((entry) => entry.id);
    const done = await bulkEditEntries({
      userId: owner.id,
      householdId,
      selection: { ids },
      chosen: { action: "setCategory", categoryId: eatingOut },
    });
    // The income entry keeps its income category: an expense category fits expenses only.
    expect(done).toMatchObject({ ok: true, changed: 3, skipped: 1 });
    const changed = await entries(ids);
    expect(ids.map((id) => changed.get(id)?.categoryId)).toEqual([eatingOut, eatingOut, eatingOut, salary]);
    expect((await linesOf(ids[0]!)).map((line) => line.categoryId)).toEqual([eatingOut]);
    if (!done.ok) throw new Error("bulk edit failed");
    expect(await findBulkEdit({ userId: owner.id, householdId, bulkEditId: done.bulkEditId })).toMatchObject({
      action: "setCategory",
      entries: 3,
    });

    expect(await undoBulkEdit({ userId: owner.id, householdId, bulkEditId: done.bulkEditId })).toEqual({
      ok: true,
      restored: 3,
    });
    const back = await entries(ids);
    expect(ids.map((id) => back.get(id)?.categoryId)).toEqual([groceries, transport, other, salary]);
    expect((await linesOf(ids[1]!)).map((line) => line.categoryId)).toEqual([transport]);
    // Undone once: a second undo finds nothing.
    expect(await undoBulkEdit({ userId: owner.id, householdId, bulkEditId: done.bulkEditId })).toEqual({
      ok: false,
      error: "search.bulk.errors.notFound",
    });
  });

  it("undo leaves an entry somebody changed since as it is, and only its own member may undo", async () => {
    const { owner, partner, householdId } = await couple();
    const seeded = await seedTransactions({
      householdId,
      userId: owner.id,
      entries: [
        { kind: "expense", amountMinor: 1200, occurredOn: "2025-03-02", description: "Jumbo", shared: false },
        { kind: "expense", amountMinor: 1300, occurredOn: "2025-03-03", description: "Jumbo", shared: false },
      ],
    });
    const ids = seeded.map((entry) => entry.id);
    const done = await bulkEditEntries({
      userId: owner.id,
      householdId,
      selection: { ids },
      chosen: { action: "makeShared" },
    });
    if (!done.ok) throw new Error("bulk edit failed");
    expect([...(await entries(ids)).values()].map((entry) => entry.shared)).toEqual([true, true]);
    expect(await undoBulkEdit({ userId: partner.id, householdId, bulkEditId: done.bulkEditId })).toMatchObject({
      ok: false,
    });
    // The partner changes the second entry meanwhile (to the same value, but it is a change: its version moves).
    await db()
      .update(transaction)
      .set({ updatedAt: new Date(Date.now() + 1000) })
      .where(eq(transaction.id, ids[1]!));
    expect(await undoBulkEdit({ userId: owner.id, householdId, bulkEditId: done.bulkEditId })).toEqual({
      ok: true,
      restored: 1,
    });
    const after = await entries(ids);
    expect([after.get(ids[0]!)?.shared, after.get(ids[1]!)?.shared]).toEqual([false, true]);
  });

  it("deletes the chosen entries, and undo puts them back with their lines", async () => {
    const { owner, householdId } = await couple();
    const accountId = await everydayAccountId(householdId);
    const [split] = await insertEntries(db(), [
      {
        id: uuidv7(),
        householdId,
        accountId,
        kind: "expense",
        amountMinor: 10000,
        occurredOn: "2025-05-10",
        description: "Hema",
        categoryId: groceries,
        createdBy: owner.id,
        shared: true,
        lines: [
          { categoryId: groceries, amountMinor: 7000, note: "food" },
          { categoryId: other, amountMinor: 3000, shared: false, note: "socks" },
        ],
      },
    ]);
    const [plain] = await seedTransactions({
      householdId,
      userId: owner.id,
      entries: [{ kind: "expense", amountMinor: 450, occurredOn: "2025-05-11", description: "Hema" }],
    });
    const ids = [split!.id, plain!.id];
    const linesBefore = await linesOf(split!.id);
    const done = await bulkEditEntries({
      userId: owner.id,
      householdId,
      selection: { search: words("hema") },
      chosen: { action: "delete" },
    });
    expect(done).toMatchObject({ ok: true, changed: 2, skipped: 0 });
    if (!done.ok) throw new Error("bulk delete failed");
    expect((await entries(ids)).size).toBe(0);
    expect(await undoBulkEdit({ userId: owner.id, householdId, bulkEditId: done.bulkEditId })).toEqual({
      ok: true,
      restored: 2,
    });
    expect((await entries(ids)).size).toBe(2);
    expect(await linesOf(split!.id)).toEqual(linesBefore);
    expect(await linesOf(plain!.id)).toHaveLength(1);
  });

  it("never reaches a partner's hidden personal entry, even when its id is posted", async () => {
    const { owner, partner, householdId } = await couple();
    const [mine] = await seedTransactions({
      householdId,
      userId: owner.id,
      entries: [{ kind: "expense", amountMinor: 900, occurredOn: "2025-03-02", description: "Kruidvat", shared: true }],
    });
    const [hidden] = await seedTransactions({
      householdId,
      userId: partner.id,
      entries: [
        { kind: "expense", amountMinor: 7000, occurredOn: "2025-03-03", description: "Kruidvat", shared: false },
      ],
    });
    await choosePersonalPrivacy({ householdId, userId: partner.id, personalInDetail: false });
    const byIds = await bulkEditEntries({
      userId: owner.id,
      householdId,
      selection: { ids: [mine!.id, hidden!.id] },
      chosen: { action: "setCategory", categoryId: transport },
    });
    // Refused before anything happens: it is not counted among those left as they were either.
    expect(byIds).toMatchObject({ ok: true, changed: 1, skipped: 0 });
    const bySearch = await bulkEditEntries({
      userId: owner.id,
      householdId,
      selection: { search: words("kruidvat") },
      chosen: { action: "delete" },
    });
    expect(bySearch).toMatchObject({ ok: true, changed: 1, skipped: 0 });
    const left = await entries([mine!.id, hidden!.id]);
    expect(left.get(hidden!.id)).toMatchObject({ categoryId: other, shared: false });
    expect(left.has(mine!.id)).toBe(false);
    // Only the hidden id: nothing this member may change.
    expect(
      await bulkEditEntries({
        userId: owner.id,
        householdId,
        selection: { ids: [hidden!.id] },
        chosen: { action: "delete" },
      }),
    ).toEqual({ ok: false, error: "search.bulk.errors.none" });
  });

  it("all that match covers the whole search, past the 200 a page lists, and nothing else", async () => {
    const { owner, householdId } = await couple();
    await seedTransactions({
      householdId,
      userId: owner.id,
      entries: [
        ...Array.from({ length: 230 }, (_, index) => ({
          kind: "expense" as const,
          amountMinor: 100 + index,
          occurredOn: `2024-${String((index % 12) + 1).padStart(2, "0")}-10` as const,
          description: "Coffee corner",
        })),
        { kind: "expense", amountMinor: 999, occurredOn: "2024-06-01", description: "Bakery" },
      ],
    });
    const done = await bulkEditEntries({
      userId: owner.id,
      householdId,
      selection: { search: words("coffee") },
      chosen: { action: "setCategory", categoryId: eatingOut },
    });
    expect(done).toMatchObject({ ok: true, changed: 230, skipped: 0 });
    const rows = await db()
      .select({ description: transaction.description, categoryId: transaction.categoryId })
      .from(transaction)
      .where(eq(transaction.householdId, householdId));
    expect(rows.filter((row) => row.categoryId === eatingOut)).toHaveLength(230);
    expect(rows.find((row) => row.description === "Bakery")?.categoryId).toBe(other);
  });

  it("refuses a partner who only looks, and a category or payee the household does not have", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const viewer = await seedUser();
    await addPartner({ householdId: household.id, userId: viewer.id });
    const [entry] = await seedTransactions({
      householdId: household.id,
      userId: owner.id,
      entries: [{ kind: "expense", amountMinor: 900, occurredOn: "2025-03-02", description: "Etos" }],
    });
    await expect(
      bulkEditEntries({
        userId: viewer.id,
        householdId: household.id,
        selection: { ids: [entry!.id] },
        chosen: { action: "delete" },
      }),
    ).rejects.toBeInstanceOf(HouseholdAccessError);
    const stranger = await seedHousehold();
    await expect(
      bulkEditEntries({
        userId: stranger.owner.id,
        householdId: household.id,
        selection: { ids: [entry!.id] },
        chosen: { action: "delete" },
      }),
    ).rejects.toBeInstanceOf(HouseholdAccessError);
    expect(
      await bulkEditEntries({
        userId: owner.id,
        householdId: household.id,
        selection: { ids: [entry!.id] },
        chosen: { action: "setPayee", payeeId: uuidv7() },
      }),
    ).toEqual({ ok: false, error: "search.bulk.errors.payee" });
    expect(
      await bulkEditEntries({
        userId: owner.id,
        householdId: household.id,
        selection: { ids: [entry!.id] },
        chosen: { action: "setCategory", categoryId: uuidv7() },
      }),
    ).toEqual({ ok: false, error: "search.bulk.errors.category" });
    expect((await entries([entry!.id])).size).toBe(1);
  });

  it(`refuses more than ${bulkEditCap} entries at once, and changes none of them`, async () => {
    const { owner, household } = await seedHousehold();
    const accountId = await everydayAccountId(household.id);
    await insertEntries(
      db(),
      Array.from({ length: bulkEditCap + 1 }, (_, index) => ({
        householdId: household.id,
        accountId,
        kind: "expense" as const,
        amountMinor: 100 + index,
        currency: "EUR",
        occurredOn: "2024-02-02",
        description: "Parking",
        categoryId: other,
        createdBy: owner.id,
      })),
    );
    expect(
      await bulkEditEntries({
        userId: owner.id,
        householdId: household.id,
        selection: { search: words("parking") },
        chosen: { action: "makeShared" },
      }),
    ).toEqual({ ok: false, error: "search.bulk.errors.tooMany" });
    const shared = await db()
      .select({ id: transaction.id })
      .from(transaction)
      .where(and(eq(transaction.householdId, household.id), eq(transaction.shared, true)))
      .limit(1);
    expect(shared).toEqual([]);
  });

  it("sets a payee on many entries, and undo gives each its own payee back", async () => {
    const { owner, householdId } = await couple();
    const accountId = await everydayAccountId(householdId);
    const written = await insertEntries(db(), [
      ...["albert heijn", "jumbo"].map((key, index) => ({
        householdId,
        accountId,
        kind: "expense" as const,
        amountMinor: 500 + index,
        currency: "EUR",
        occurredOn: "2025-01-05" as const,
        description: "",
        details: "Boodschappen",
        payee: { key, name: key === "jumbo" ? "Jumbo" : "Albert Heijn" },
        categoryId: groceries,
        createdBy: owner.id,
      })),
      {
        householdId,
        accountId,
        kind: "expense" as const,
        amountMinor: 700,
        occurredOn: "2025-01-06" as const,
        description: "Boodschappen markt",
        categoryId: groceries,
        createdBy: owner.id,
      },
    ]);
    const ids = written.map((entry) => entry.id);
    const before = await entries(ids);
    const jumbo = before.get(ids[1]!)?.payeeId;
    if (!jumbo) throw new Error("no payee");
    const done = await bulkEditEntries({
      userId: owner.id,
      householdId,
      selection: { search: words("boodschappen") },
      chosen: { action: "setPayee", payeeId: jumbo },
    });
    expect(done).toMatchObject({ ok: true, changed: 2, skipped: 1 });
    if (!done.ok) throw new Error("bulk edit failed");
    expect([...(await entries(ids)).values()].every((entry) => entry.payeeId === jumbo)).toBe(true);
    await undoBulkEdit({ userId: owner.id, householdId, bulkEditId: done.bulkEditId });
    const after = await entries(ids);
    expect(ids.map((id) => after.get(id)?.payeeId)).toEqual(ids.map((id) => before.get(id)?.payeeId));
  });
});
