import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { monthTotal, transaction } from "~/db/schema/entries";
import { moneyAccount } from "~/db/schema/money-accounts";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { addPartner, seedBulkTransactions, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { listNotifications } from "~/features/household/notifications.server";
import { purgeUndoCopies } from "./entry-writer.server";
import { listCategories, setCategorySharing } from "./categories.server";
import { parseTransactionForm } from "./transaction.schema";
import { choosePersonalPrivacy } from "~/features/household/personal-privacy.server";
import {
  addTransaction,
  deleteTransaction,
  getTransaction,
  listTransactions,
  restoreTransaction,
  updateTransaction,
  type TransactionFields,
} from "./transactions.server";

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const salary = builtInCategory("salary").id;

function expense(overrides: Partial<TransactionFields> = {}): TransactionFields {
  return {
    kind: "expense",
    amountMinor: 4250,
    occurredOn: "2025-03-14",
    description: "Market",
    categoryId: groceries,
    ...overrides,
  };
}

async function monthTotals(householdId: string) {
  const rows = await db().select().from(monthTotal).where(eq(monthTotal.householdId, householdId));
  return Object.fromEntries(
    rows
      .filter((row) => row.entries > 0)
      .map((row) => [`${row.month}:${row.kind}:${row.categoryId}`, [row.totalMinor, row.entries]]),
  );
}

describe("adding, changing and deleting entries", () => {
  it("the owner adds an expense and the month's totals follow", async () => {
    const { owner, household } = await seedHousehold();
    const result = await addTransaction({ userId: owner.id, householdId: household.id, fields: expense() });
    expect(result.ok).toBe(true);
    expect(await monthTotals(household.id)).toEqual({ [`2025-03-01:expense:${groceries}`]: [4250, 1] });
  });

  it("editing moves the amount between months and categories; deleting removes it", async () => {
    const { owner, household } = await seedHousehold();
    const added = await addTransaction({ userId: owner.id, householdId: household.id, fields: expense() });
    if (!added.ok) throw new Error("add failed");
    const other = builtInCategory("other").id;
    const updated = await updateTransaction({
      userId: owner.id,
      householdId: household.id,
      transactionId: added.transaction.id,
      version: added.transaction.version,
      fields: expense({ amountMinor: 1000, occurredOn: "2025-04-01", categoryId: other }),
    });
    if (!("ok" in updated) || !updated.ok) throw new Error("update failed");
    expect(await monthTotals(household.id)).toEqual({ [`2025-04-01:expense:${other}`]: [1000, 1] });
    const removed = await deleteTransaction({
      userId: owner.id,
      householdId: household.id,
      transactionId: added.transaction.id,
      version: updated.transaction.version,
    });
    expect(removed).toMatchObject({ ok: true, transaction: { amountMinor: 1000 } });
    expect(await monthTotals(household.id)).toEqual({});
  });

  it("undo puts a deleted entry back under its old id, once", async () => {
    const { owner, household } = await seedHousehold();
    const added = await addTransaction({ userId: owner.id, householdId: household.id, fields: expense() });
    if (!added.ok) throw new Error("add failed");
    const removed = await deleteTransaction({
      userId: owner.id,
      householdId: household.id,
      transactionId: added.transaction.id,
      version: added.transaction.version,
    });
    if (!("ok" in removed)) throw new Error("delete refused");
    const { id } = removed.transaction;
    const restored = await restoreTransaction({ userId: owner.id, householdId: household.id, transactionId: id });
    expect(await restoreTransaction({ userId: owner.id, householdId: household.id, transactionId: id })).toEqual(
      restored,
    );
    await expect(
      getTransaction({ userId: owner.id, householdId: household.id, transactionId: id }),
    ).resolves.toMatchObject({ amountMinor: 4250 });
    expect(await monthTotals(household.id)).toEqual({ [`2025-03-01:expense:${groceries}`]: [4250, 1] });
  });

  it("undo puts the entry back whole from the server's copy, for the member who deleted it, within a day", async () => {
    const { owner, household } = await seedHousehold();
    const partner = await seedUser();
    await seedPremium(household.id);
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    const [savings] = await db()
      .insert(moneyAccount)
      .values({ householdId: household.id, name: "Savings", kind: "savings", currency: "EUR" })
      .returning();
    const added = await addTransaction({ userId: owner.id, householdId: household.id, fields: expense() });
    if (!added.ok || !savings) throw new Error("add failed");
    const id = added.transaction.id;
    // As an import leaves it: another account, the bank's name for the other side, and its statement identity.
    await db()
      .update(transaction)
      .set({ accountId: savings.id, counterparty: "ALBERT HEIJN 1403", importKey: "ref:NL-2025-0001" })
      .where(eq(transaction.id, id));
    const [before] = await db().select().from(transaction).where(eq(transaction.id, id));
    const current = await getTransaction({ userId: owner.id, householdId: household.id, transactionId: id });
    expect(
      await deleteTransaction({
        userId: owner.id,
        householdId: household.id,
        transactionId: id,
        version: current.version,
      }),
    ).toMatchObject({ ok: true });

    // Somebody else's undo, or one that arrives with a stranger's household, finds nothing to put back.
    await expect(
      restoreTransaction({ userId: partner.id, householdId: household.id, transactionId: id }),
    ).rejects.toMatchObject({ code: "notFound" });
    const { household: other } = await seedHousehold();
    await expect(
      restoreTransaction({ userId: owner.id, householdId: other.id, transactionId: id }),
    ).rejects.toMatchObject({ code: "notFound" });

    expect(await restoreTransaction({ userId: owner.id, householdId: household.id, transactionId: id })).toEqual({
      ok: true,
      transaction: current,
    });
    const [after] = await db().select().from(transaction).where(eq(transaction.id, id));
    expect(after).toEqual(before);

    // A day later the copy is gone: deleted means deleted.
    const again = await deleteTransaction({
      userId: owner.id,
      householdId: household.id,
      transactionId: id,
      version: current.version,
    });
    expect(again).toMatchObject({ ok: true });
    // (Other tests of this file leave copies of their own.)
    expect(await purgeUndoCopies(new Date(Date.now() + 25 * 3_600_000))).toBeGreaterThanOrEqual(1);
    await expect(
      restoreTransaction({ userId: owner.id, householdId: household.id, transactionId: id }),
    ).rejects.toMatchObject({ code: "notFound" });
  });

  it("refuses an income category on an expense", async () => {
    const { owner, household } = await seedHousehold();
    const result = await addTransaction({
      userId: owner.id,
      householdId: household.id,
      fields: expense({ categoryId: salary }),
    });
    expect(result).toEqual({ ok: false, fieldErrors: { categoryId: "errors.category.invalid" } });
  });

  it("a partner's write is refused, and nothing changes", async () => {
    const { owner, household } = await seedHousehold();
    const partner = await seedUser();
    // Partners see a household only while it is premium.
    await seedPremium(household.id);
    await addPartner({ householdId: household.id, userId: partner.id });
    const added = await addTransaction({ userId: owner.id, householdId: household.id, fields: expense() });
    if (!added.ok) throw new Error("add failed");
    const id = added.transaction.id;
    await expect(
      addTransaction({ userId: partner.id, householdId: household.id, fields: expense() }),
    ).rejects.toMatchObject({ code: "readOnly" });
    const version = added.transaction.version;
    await expect(
      updateTransaction({
        userId: partner.id,
        householdId: household.id,
        transactionId: id,
        version,
        fields: expense({ amountMinor: 1 }),
      }),
    ).rejects.toMatchObject({
      code: "readOnly",
    });
    await expect(
      deleteTransaction({ userId: partner.id, householdId: household.id, transactionId: id, version }),
    ).rejects.toMatchObject({ code: "readOnly" });
    // Reading is allowed.
    const page = await listTransactions({
      userId: partner.id,
      householdId: household.id,
      kind: "expense",
      month: "2025-03",
    });
    expect(page.items.map((item) => [item.id, item.amountMinor])).toEqual([[id, 4250]]);
  });

  it("another household's entries answer not found, even with the right entry id", async () => {
    const { owner, household } = await seedHousehold();
    const { owner: stranger, household: strangersOwn } = await seedHousehold();
    const added = await addTransaction({ userId: owner.id, householdId: household.id, fields: expense() });
    if (!added.ok) throw new Error("add failed");
    const id = added.transaction.id;
    await expect(
      listTransactions({ userId: stranger.id, householdId: household.id, kind: "expense", month: "2025-03" }),
    ).rejects.toMatchObject({ code: "notFound" });
    await expect(
      getTransaction({ userId: stranger.id, householdId: household.id, transactionId: id }),
    ).rejects.toMatchObject({ code: "notFound" });
    const version = added.transaction.version;
    await expect(
      deleteTransaction({ userId: stranger.id, householdId: household.id, transactionId: id, version }),
    ).rejects.toMatchObject({ code: "notFound" });
    // Their own household id with our entry id (and its right version): gone, as if it never was, and our entry is untouched.
    expect(
      await deleteTransaction({ userId: stranger.id, householdId: strangersOwn.id, transactionId: id, version }),
    ).toEqual({ conflict: "gone" });
    expect(
      await updateTransaction({
        userId: stranger.id,
        householdId: strangersOwn.id,
        transactionId: id,
        version,
        fields: expense(),
      }),
    ).toEqual({ conflict: "gone" });
    const [still] = await db()
      .select()
      .from(transaction)
      .where(and(eq(transaction.id, id)));
    expect(still?.amountMinor).toBe(4250);
  });
});

describe("shared or personal, and who paid", () => {
  async function couple() {
    const { owner, household } = await seedHousehold({ name: "Sanne" });
    await seedPremium(household.id);
    const partner = await seedUser({ name: "Pieter" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    return { owner, partner, householdId: household.id };
  }

  it("a new entry takes the category's, else the account's default and the entering member; a joint account defaults to shared", async () => {
    const { owner, partner, householdId } = await couple();
    const leisure = builtInCategory("leisure").id;
    // Groceries, housing and utilities are shared in a household of two; anything else follows the account.
    const groceriesShared = await addTransaction({ userId: partner.id, householdId, fields: expense() });
    expect(groceriesShared).toMatchObject({ ok: true, transaction: { shared: true, memberUserId: partner.id } });
    const personal = await addTransaction({
      userId: partner.id,
      householdId,
      fields: expense({ categoryId: leisure }),
    });
    expect(personal).toMatchObject({ ok: true, transaction: { shared: false, memberUserId: partner.id } });
    const ownChoice = await addTransaction({ userId: partner.id, householdId, fields: expense({ shared: false }) });
    expect(ownChoice).toMatchObject({ ok: true, transaction: { shared: false } });
    await db().update(moneyAccount).set({ defaultShared: true }).where(eq(moneyAccount.householdId, householdId));
    const joint = await addTransaction({ userId: owner.id, householdId, fields: expense({ categoryId: leisure }) });
    expect(joint).toMatchObject({ ok: true, transaction: { shared: true, memberUserId: owner.id } });
    // Alone, groceries stay personal: a partner who joins later never owes half of the months before.
    const alone = await seedHousehold({ name: "Alone" });
    expect(
      await addTransaction({ userId: alone.owner.id, householdId: alone.household.id, fields: expense() }),
    ).toMatchObject({ ok: true, transaction: { shared: false } });
    const chosen = await addTransaction({
      userId: owner.id,
      householdId,
      fields: expense({ shared: false, memberUserId: partner.id }),
    });
    expect(chosen).toMatchObject({ ok: true, transaction: { shared: false, memberUserId: partner.id } });
  });

  it("the household's own category default comes before the built-in one, and a choice still wins", async () => {
    const { owner, partner, householdId } = await couple();
    const groceries = builtInCategory("groceries").id;
    const leisure = builtInCategory("leisure").id;
    const housing = builtInCategory("housing").id;
    expect(
      await setCategorySharing({
        userId: partner.id,
        householdId,
        choices: [
          { categoryId: groceries, sharing: "personal" },
          { categoryId: leisure, sharing: "shared" },
          { categoryId: housing, sharing: "shared" },
        ],
      }),
    ).toEqual({ ok: true });
    const sharingOf = async (categoryId: string) =>
      (await listCategories({ householdId })).find((category) => category.id === categoryId)?.sharing;
    expect([await sharingOf(groceries), await sharingOf(leisure), await sharingOf(housing)]).toEqual([
      "personal",
      "shared",
      "shared",
    ]);
    const add = (fields: Parameters<typeof expense>[0]) =>
      addTransaction({ userId: owner.id, householdId, fields: expense(fields) });
    expect(await add({})).toMatchObject({ transaction: { shared: false } });
    expect(await add({ categoryId: leisure })).toMatchObject({ transaction: { shared: true } });
    expect(await add({ categoryId: leisure, shared: false })).toMatchObject({ transaction: { shared: false } });
    // "As its account": the joint account decides.
    await setCategorySharing({
      userId: owner.id,
      householdId,
      choices: [{ categoryId: groceries, sharing: "account" }],
    });
    await db().update(moneyAccount).set({ defaultShared: true }).where(eq(moneyAccount.householdId, householdId));
    expect(await add({})).toMatchObject({ transaction: { shared: true } });
    // An income category or another household's category is refused, and nothing changes.
    const other = await seedHousehold({ name: "Other" });
    for (const categoryId of [builtInCategory("salary").id, other.household.id])
      expect(
        await setCategorySharing({ userId: owner.id, householdId, choices: [{ categoryId, sharing: "shared" }] }),
      ).toEqual({ ok: false, fieldErrors: { form: "errors.form.invalid" } });
    expect(await sharingOf(leisure)).toBe("shared");
    // A stranger cannot change it.
    await expect(
      setCategorySharing({
        userId: other.owner.id,
        householdId,
        choices: [{ categoryId: leisure, sharing: "personal" }],
      }),
    ).rejects.toMatchObject({ code: "notFound" });
  });

  it("an update without the question keeps both; with it, changes them", async () => {
    const { owner, partner, householdId } = await couple();
    const added = await addTransaction({ userId: owner.id, householdId, fields: expense({ shared: true }) });
    if (!added.ok) throw new Error("not added");
    const transactionId = added.transaction.id;
    const kept = await updateTransaction({
      userId: owner.id,
      householdId,
      transactionId,
      version: added.transaction.version,
      fields: expense({ amountMinor: 100 }),
    });
    expect(kept).toMatchObject({ ok: true, transaction: { shared: true, memberUserId: owner.id } });
    const version = "ok" in kept && kept.ok ? kept.transaction.version : undefined;
    const changed = await updateTransaction({
      userId: partner.id,
      householdId,
      transactionId,
      version,
      fields: expense({ shared: false, memberUserId: partner.id }),
    });
    expect(changed).toMatchObject({ ok: true, transaction: { shared: false, memberUserId: partner.id } });
  });

  it("refuses a payer who is not a member of the household", async () => {
    const { owner, householdId } = await couple();
    const stranger = await seedUser({ name: "Stranger" });
    expect(
      await addTransaction({ userId: owner.id, householdId, fields: expense({ memberUserId: stranger.id }) }),
    ).toEqual({ ok: false, fieldErrors: { form: "errors.form.invalid" } });
  });

  it("reads the one-tap answers from the form, and leaves them out when not asked", () => {
    const base = { kind: "expense", amount: "12,50", occurredOn: "2025-03-14", categoryId: groceries };
    expect(parseTransactionForm({ ...base, shared: "1", memberUserId: "user-1" }, "nl")).toMatchObject({
      ok: true,
      value: { shared: true, memberUserId: "user-1" },
    });
    const personal = parseTransactionForm({ ...base, shared: "0" }, "nl");
    expect(personal.ok && [personal.value.shared, personal.value.memberUserId]).toEqual([false, undefined]);
    const notAsked = parseTransactionForm(base, "nl");
    expect(notAsked.ok && notAsked.value.shared).toBeUndefined();
    expect(parseTransactionForm({ ...base, shared: "yes" }, "nl")).toMatchObject({ ok: false });
  });
});

describe("entries edited by two people at once", () => {
  async function twoEditors() {
    const { owner, household } = await seedHousehold({ name: "Sanne" });
    await seedPremium(household.id);
    const partner = await seedUser({ name: "Pieter" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    const added = await addTransaction({
      userId: owner.id,
      householdId: household.id,
      fields: expense({ shared: true }),
    });
    if (!added.ok) throw new Error("not added");
    const ownerSession = { userId: owner.id, householdId: household.id, transactionId: added.transaction.id };
    const editorSession = { userId: partner.id, householdId: household.id, transactionId: added.transaction.id };
    const loaded = (session: typeof ownerSession) => getTransaction(session);
    return { partner, householdId: household.id, ownerSession, editorSession, loaded };
  }

  it("refuses a save based on an old version, answers with the other person's values and overwrites nothing", async () => {
    const { householdId, ownerSession, editorSession, loaded } = await twoEditors();
    const ownerSaw = await loaded(ownerSession);
    const partnerSaw = await loaded(editorSession);
    expect(ownerSaw.version).toBe(partnerSaw.version);

    const theirs = await updateTransaction({
      ...editorSession,
      version: partnerSaw.version,
      fields: expense({ amountMinor: 5000, description: "Market and bakery" }),
    });
    expect(theirs).toMatchObject({ ok: true, transaction: { amountMinor: 5000 } });
    const stale = await updateTransaction({
      ...ownerSession,
      version: ownerSaw.version,
      fields: expense({ amountMinor: 7000 }),
    });
    const now = await loaded(ownerSession);
    expect(stale).toEqual({ conflict: "changed", current: now });
    expect(now).toMatchObject({ amountMinor: 5000, description: "Market and bakery", shared: true });
    expect(now.version).not.toBe(ownerSaw.version);
    expect(await monthTotals(householdId)).toEqual({ [`2025-03-01:expense:${groceries}`]: [5000, 1] });

    // "Save mine anyway" sends the version the conflict showed; the partner's page still holds the one before.
    const mine = await updateTransaction({
      ...ownerSession,
      version: now.version,
      fields: expense({ amountMinor: 7000 }),
    });
    expect(mine).toMatchObject({ ok: true, transaction: { amountMinor: 7000 } });
    expect(
      await updateTransaction({ ...editorSession, version: now.version, fields: expense({ amountMinor: 1 }) }),
    ).toMatchObject({ conflict: "changed", current: { amountMinor: 7000 } });
    expect(await monthTotals(householdId)).toEqual({ [`2025-03-01:expense:${groceries}`]: [7000, 1] });
  });

  it("every save moves the version forward, and the answer carries the new one", async () => {
    const { ownerSession, loaded } = await twoEditors();
    let version = (await loaded(ownerSession)).version;
    for (const amountMinor of [100, 100, 200]) {
      const saved = await updateTransaction({ ...ownerSession, version, fields: expense({ amountMinor }) });
      if (!("ok" in saved) || !saved.ok) throw new Error("save refused");
      expect(BigInt(saved.transaction.version)).toBeGreaterThan(BigInt(version));
      expect(saved.transaction.version).toBe((await loaded(ownerSession)).version);
      version = saved.transaction.version;
    }
  });

  it("a save without a version, with a malformed one or of the same version twice is never last-write-wins", async () => {
    const { ownerSession, editorSession, loaded } = await twoEditors();
    const { version } = await loaded(ownerSession);
    expect(
      await updateTransaction({ ...editorSession, version: undefined, fields: expense({ amountMinor: 1 }) }),
    ).toMatchObject({ conflict: "changed", current: { amountMinor: 4250, version } });
    expect(
      await updateTransaction({ ...editorSession, version: "12.5", fields: expense({ amountMinor: 1 }) }),
    ).toMatchObject({ conflict: "changed" });
    expect(await deleteTransaction({ ...editorSession, version: undefined })).toMatchObject({
      conflict: "changed",
      current: { amountMinor: 4250 },
    });
    expect(await updateTransaction({ ...ownerSession, version, fields: expense({ amountMinor: 300 }) })).toMatchObject({
      ok: true,
    });
    // Two saves from the same loaded version: the second one is refused, even within the same millisecond.
    expect(await updateTransaction({ ...editorSession, version, fields: expense({ amountMinor: 400 }) })).toMatchObject(
      { conflict: "changed", current: { amountMinor: 300 } },
    );
    expect((await loaded(ownerSession)).amountMinor).toBe(300);
  });

  it("a delete based on an old version shows the change first; after a delete the other's save answers gone", async () => {
    const { householdId, ownerSession, editorSession, loaded } = await twoEditors();
    const ownerSaw = await loaded(ownerSession);
    expect(
      await updateTransaction({ ...editorSession, version: ownerSaw.version, fields: expense({ amountMinor: 9900 }) }),
    ).toMatchObject({ ok: true });
    expect(await deleteTransaction({ ...ownerSession, version: ownerSaw.version })).toMatchObject({
      conflict: "changed",
      current: { amountMinor: 9900 },
    });
    expect(await monthTotals(householdId)).toEqual({ [`2025-03-01:expense:${groceries}`]: [9900, 1] });
    const now = await loaded(ownerSession);
    expect(await deleteTransaction({ ...ownerSession, version: now.version })).toMatchObject({
      ok: true,
      transaction: { amountMinor: 9900 },
    });
    expect(
      await updateTransaction({ ...editorSession, version: now.version, fields: expense({ amountMinor: 1 }) }),
    ).toEqual({ conflict: "gone" });
    expect(await deleteTransaction({ ...editorSession, version: now.version })).toEqual({ conflict: "gone" });
    expect(await monthTotals(householdId)).toEqual({});
  });

  it("an entry that meanwhile became someone's hidden personal expense is gone for the other, not shown", async () => {
    const { partner, householdId, ownerSession, editorSession, loaded } = await twoEditors();
    const ownerSaw = await loaded(ownerSession);
    expect(
      await updateTransaction({
        ...editorSession,
        version: ownerSaw.version,
        fields: expense({ shared: false, memberUserId: partner.id }),
      }),
    ).toMatchObject({ ok: true });
    // The partner shows their personal spending to the owner only as category totals.
    await choosePersonalPrivacy({ householdId, userId: partner.id, personalInDetail: false });
    expect(await updateTransaction({ ...ownerSession, version: ownerSaw.version, fields: expense() })).toEqual({
      conflict: "gone",
    });
    expect(await deleteTransaction({ ...ownerSession, version: ownerSaw.version })).toEqual({ conflict: "gone" });
  });
});

describe("the month list", () => {
  it("pages through a month newest first with a keyset cursor, without gaps or repeats", async () => {
    const { owner, household } = await seedHousehold();
    await seedBulkTransactions({ householdId: household.id, count: 600, from: "2025-01", to: "2025-06" });
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let totals: { totalMinor: number; entries: number } | undefined;
    do {
      const page = await listTransactions({
        userId: owner.id,
        householdId: household.id,
        kind: "expense",
        month: "2025-03",
        cursor,
        limit: 20,
      });
      seen.push(...page.items.map((item) => `${item.occurredOn}.${item.id}`));
      totals = page.totals;
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor);
    const rows = await db()
      .select({ id: transaction.id, occurredOn: transaction.occurredOn, amountMinor: transaction.amountMinor })
      .from(transaction)
      .where(and(eq(transaction.householdId, household.id), eq(transaction.kind, "expense")));
    const march = rows.filter((row) => row.occurredOn.startsWith("2025-03"));
    expect(seen).toHaveLength(march.length);
    expect(new Set(seen).size).toBe(march.length);
    expect(seen).toEqual([...seen].sort().reverse());
    expect(pages).toBe(Math.ceil(march.length / 20));
    expect(totals).toEqual({ totalMinor: march.reduce((sum, row) => sum + row.amountMinor, 0), entries: march.length });
  });

  it("searches descriptions (wildcards taken literally) and filters by category, with matching totals", async () => {
    const { owner, household } = await seedHousehold();
    await seedTransactions({
      householdId: household.id,
      entries: [
        { kind: "expense", category: "groceries", amountMinor: 1000, occurredOn: "2025-03-02", description: "Lidl" },
        {
          kind: "expense",
          category: "groceries",
          amountMinor: 2000,
          occurredOn: "2025-03-09",
          description: "Lidl 50% off",
        },
        { kind: "expense", category: "eatingOut", amountMinor: 3000, occurredOn: "2025-03-10", description: "Pizza" },
        { kind: "expense", category: "groceries", amountMinor: 4000, occurredOn: "2025-04-01", description: "Lidl" },
        { kind: "income", category: "salary", amountMinor: 9000, occurredOn: "2025-03-25", description: "Salary" },
      ],
    });
    const base = { userId: owner.id, householdId: household.id, kind: "expense" as const, month: "2025-03" };
    const lidl = await listTransactions({ ...base, search: "lidl" });
    expect(lidl.items.map((item) => item.amountMinor)).toEqual([2000, 1000]);
    expect(lidl.totals).toEqual({ totalMinor: 3000, entries: 2 });
    const percent = await listTransactions({ ...base, search: "50%" });
    expect(percent.items.map((item) => item.amountMinor)).toEqual([2000]);
    const underscore = await listTransactions({ ...base, search: "_" });
    expect(underscore.items).toEqual([]);
    const eatingOut = await listTransactions({ ...base, categoryId: builtInCategory("eatingOut").id });
    expect(eatingOut.items.map((item) => item.description)).toEqual(["Pizza"]);
    expect(eatingOut.totals).toEqual({ totalMinor: 3000, entries: 1 });
    const all = await listTransactions(base);
    expect(all.totals).toEqual({ totalMinor: 6000, entries: 3 });
    const income = await listTransactions({ ...base, kind: "income" });
    expect(income.totals).toEqual({ totalMinor: 9000, entries: 1 });
  });

  it("ignores a forged cursor instead of failing", async () => {
    const { owner, household } = await seedHousehold();
    const page = await listTransactions({
      userId: owner.id,
      householdId: household.id,
      kind: "expense",
      month: "2025-03",
      cursor: "x'; drop table",
    });
    expect(page.items).toEqual([]);
  });
});

describe("the add form", () => {
  it.each([
    ["de", "1.234,56"],
    ["fr", "1 234,56"],
    ["en", "1,234.56"],
  ] as const)("reads %s amounts as typed (%s → 123456 cents)", (language, amount) => {
    const parsed = parseTransactionForm(
      { kind: "expense", amount, occurredOn: "2025-03-01", categoryId: groceries },
      language,
    );
    expect(parsed).toEqual({
      ok: true,
      value: { kind: "expense", amount: 123456, occurredOn: "2025-03-01", description: "", categoryId: groceries },
    });
  });

  it.each([
    ["abc", "expense", "errors.amount.invalid"],
    ["-5", "expense", "errors.amount.notPositiveExpense"],
    ["0", "income", "errors.amount.notPositiveIncome"],
    ["1e9999", "expense", "errors.amount.invalid"],
    ["", "expense", "errors.amount.required"],
    ["5000000000", "expense", "errors.amount.tooLarge"],
  ])("refuses %j for an %s with %s", (amount, kind, message) => {
    const parsed = parseTransactionForm({ kind, amount, occurredOn: "2025-03-01", categoryId: groceries }, "en");
    expect(parsed).toEqual({ ok: false, fieldErrors: { amount: message } });
  });

  it("refuses impossible dates, unknown kinds and long descriptions", () => {
    const parsed = parseTransactionForm(
      { kind: "gift", amount: "5", occurredOn: "2025-02-30", categoryId: "x", description: "a".repeat(121) },
      "en",
    );
    expect(parsed).toEqual({
      ok: false,
      fieldErrors: {
        kind: "errors.kind.invalid",
        occurredOn: "errors.date.invalid",
        categoryId: "errors.category.invalid",
        description: "errors.description.tooLong",
      },
    });
  });
});

describe("unusual spending", () => {
  it("tells every member once when a category runs well above its usual month", async () => {
    const { owner, household } = await seedHousehold();
    const partner = await seedUser();
    // Partners see a household only while it is premium.
    await seedPremium(household.id);
    await addPartner({ householdId: household.id, userId: partner.id });
    await seedTransactions({
      householdId: household.id,
      entries: ["2025-01-10", "2025-02-10"].map((occurredOn) => ({
        kind: "expense" as const,
        category: "groceries",
        amountMinor: 40000,
        occurredOn,
      })),
    });
    await addTransaction({
      userId: owner.id,
      householdId: household.id,
      fields: expense({ amountMinor: 45000, occurredOn: "2025-03-05" }),
    });
    expect((await listNotifications({ userId: owner.id })).unread).toBe(0);
    await addTransaction({
      userId: owner.id,
      householdId: household.id,
      fields: expense({ amountMinor: 10000, occurredOn: "2025-03-06" }),
    });
    await addTransaction({
      userId: owner.id,
      householdId: household.id,
      fields: expense({ amountMinor: 10000, occurredOn: "2025-03-07" }),
    });
    const mine = await listNotifications({ userId: owner.id });
    expect(mine.unread).toBe(1);
    expect(mine.items[0]).toMatchObject({
      kind: "categoryOverUsual",
      payload: { categoryId: groceries, month: "2025-03", usualMinor: 40000 },
    });
    expect((await listNotifications({ userId: partner.id })).unread).toBe(1);
  });
});
