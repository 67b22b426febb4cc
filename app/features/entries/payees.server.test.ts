import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { payee, transaction } from "~/db/schema/entries";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import type { IsoDate } from "~/domain/periods";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { decideImportRows, type ImportRowFacts } from "~/features/rules/rule-evaluation.server";
import { learnRule } from "~/features/rules/rules.server";
import { setPersonalPrivacy } from "~/features/sharing/invitations.server";
import { uuidv7 } from "~/lib/uuid";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { insertEntries } from "./entry-writer.server";
import { listPayees, mergePayees, renamePayee, setPayeeMemory, undoPayeeMerge } from "./payees.server";
import { listTransactions } from "./transactions.server";

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const health = builtInCategory("health").id;

/** What the next import decides for one statement row, as the owner imports it. */
async function decide(userId: string, householdId: string, row: ImportRowFacts) {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  const [decision] = await decideImportRows({
    executor: db(),
    access,
    accountId: await everydayAccountId(householdId),
    rows: [row],
  });
  if (!decision) throw new Error("no decision");
  return decision;
}

/** Entries of a statement's counterparty, with the payee the import would give them. */
async function imported(
  householdId: string,
  userId: string,
  counterparty: string,
  entries: { amountMinor: number; occurredOn: IsoDate; shared?: boolean }[],
) {
  const { payee } = await decide(userId, householdId, { amountMinor: -100, description: "", counterparty });
  if (!payee) throw new Error(`no payee for ${counterparty}`);
  const accountId = await everydayAccountId(householdId);
  const written = await insertEntries(
    db(),
    entries.map((entry) => ({
      id: uuidv7(),
      householdId,
      accountId,
      kind: "expense" as const,
      amountMinor: entry.amountMinor,
      currency: "EUR",
      occurredOn: entry.occurredOn,
      description: "",
      categoryId: groceries,
      payee,
      counterparty,
      shared: entry.shared ?? false,
      createdBy: userId,
    })),
  );
  return { payee, ids: written.map((entry) => entry.id) };
}

async function household() {
  const { owner, household } = await seedHousehold({ name: "Pieter" });
  await seedPremium(household.id);
  return { owner, householdId: household.id };
}

async function payeeNamed(userId: string, householdId: string, name: string) {
  const { payees } = await listPayees({ userId, householdId });
  const found = payees.find((item) => item.name === name);
  if (!found) throw new Error(`no payee ${name}`);
  return found;
}

async function titles(userId: string, householdId: string) {
  const listed = await listTransactions({ userId, householdId, kind: "expense", month: "2025-03" });
  return listed.items.map((entry) => entry.description).sort();
}

describe("the Payees screen", () => {
  it("lists payees with their entries and renames one: titles follow at once", async () => {
    const { owner, householdId } = await household();
    await imported(householdId, owner.id, "JUMBO UTRECHT", [
      { amountMinor: 2_000, occurredOn: "2025-03-02" },
      { amountMinor: 3_000, occurredOn: "2025-03-03" },
    ]);
    const jumbo = await payeeNamed(owner.id, householdId, "Jumbo");
    expect(jumbo.entries).toBe(2);

    expect(await renamePayee({ userId: owner.id, householdId, payeeId: jumbo.id, name: "Jumbo Supermarkt" })).toEqual({
      ok: true,
      name: "Jumbo Supermarkt",
    });
    expect(await titles(owner.id, householdId)).toEqual(["Jumbo Supermarkt", "Jumbo Supermarkt"]);
  });

  it("sets a default category the next import uses, and clears it", async () => {
    const { owner, householdId } = await household();
    await imported(householdId, owner.id, "KRUIDVAT 7012 AMSTERDAM", [{ amountMinor: 900, occurredOn: "2025-03-05" }]);
    const kruidvat = await payeeNamed(owner.id, householdId, "Kruidvat");
    const row = { amountMinor: -1_250, description: "", counterparty: "KRUIDVAT 7012 AMSTERDAM" };

    expect(
      await setPayeeMemory({
        userId: owner.id,
        householdId,
        payeeId: kruidvat.id,
        expenseCategoryId: health,
        incomeCategoryId: null,
      }),
    ).toEqual({ ok: true });
    expect((await payeeNamed(owner.id, householdId, "Kruidvat")).expenseCategoryId).toBe(health);
    const remembered = await decide(owner.id, householdId, row);
    expect([remembered.categoryId, remembered.categorySource]).toEqual([health, "remembered"]);

    await setPayeeMemory({
      userId: owner.id,
      householdId,
      payeeId: kruidvat.id,
      expenseCategoryId: null,
      incomeCategoryId: null,
    });
    expect((await decide(owner.id, householdId, row)).categorySource).not.toBe("remembered");
  });

  it("refuses a category of the wrong kind", async () => {
    const { owner, householdId } = await household();
    await imported(householdId, owner.id, "JUMBO UTRECHT", [{ amountMinor: 2_000, occurredOn: "2025-03-02" }]);
    const jumbo = await payeeNamed(owner.id, householdId, "Jumbo");
    expect(
      await setPayeeMemory({
        userId: owner.id,
        householdId,
        payeeId: jumbo.id,
        expenseCategoryId: builtInCategory("salary").id,
        incomeCategoryId: null,
      }),
    ).toEqual({ ok: false, error: "errors.category" });
  });

  it("merges a payee into another, keeps its key for the next import, and undoes the merge", async () => {
    const { owner, householdId } = await household();
    const ah = await imported(householdId, owner.id, "ALBERT HEIJN 1403 UTRECHT", [
      { amountMinor: 4_000, occurredOn: "2025-03-01" },
    ]);
    const jumbo = await imported(householdId, owner.id, "JUMBO UTRECHT", [
      { amountMinor: 2_000, occurredOn: "2025-03-02" },
      { amountMinor: 3_000, occurredOn: "2025-03-03" },
    ]);
    const from = await payeeNamed(owner.id, householdId, "Jumbo");
    const into = await payeeNamed(owner.id, householdId, "Albert Heijn");
    await setPayeeMemory({
      userId: owner.id,
      householdId,
      payeeId: into.id,
      expenseCategoryId: health,
      incomeCategoryId: null,
    });

    const merged = await mergePayees({ userId: owner.id, householdId, payeeId: from.id, intoId: into.id });
    expect(merged).toMatchObject({ ok: true, name: "Jumbo", intoName: "Albert Heijn", entries: 2 });
    const { payees } = await listPayees({ userId: owner.id, householdId });
    expect(payees.map((item) => [item.name, item.entries])).toEqual([["Albert Heijn", 3]]);
    expect(await titles(owner.id, householdId)).toEqual(["Albert Heijn", "Albert Heijn", "Albert Heijn"]);

    // The merged key maps to the payee it went into: payee memory, and the writer's payee of a new entry.
    const next = await decide(owner.id, householdId, {
      amountMinor: -700,
      description: "",
      counterparty: "JUMBO UTRECHT",
    });
    expect([next.categoryId, next.categorySource]).toEqual([health, "remembered"]);
    await imported(householdId, owner.id, "JUMBO UTRECHT", [{ amountMinor: 800, occurredOn: "2025-03-09" }]);
    expect((await payeeNamed(owner.id, householdId, "Albert Heijn")).entries).toBe(4);
    expect(jumbo.payee.key).not.toBe(ah.payee.key);

    // Undo: the two entries the merge moved go back, the one imported after it stays.
    expect(await undoPayeeMerge({ userId: owner.id, householdId, payeeId: from.id })).toEqual({
      ok: true,
      name: "Jumbo",
    });
    const after = await listPayees({ userId: owner.id, householdId });
    expect(after.payees.map((item) => [item.name, item.entries])).toEqual([
      ["Albert Heijn", 2],
      ["Jumbo", 2],
    ]);
    expect(await undoPayeeMerge({ userId: owner.id, householdId, payeeId: from.id })).toEqual({
      ok: false,
      error: "errors.notFound",
    });
    // Its own again: the next import of its key is its own.
    const own = await decide(owner.id, householdId, {
      amountMinor: -700,
      description: "",
      counterparty: "JUMBO UTRECHT",
    });
    expect(own.categorySource).not.toBe("remembered");
  });

  it("refuses merging a payee into itself", async () => {
    const { owner, householdId } = await household();
    await imported(householdId, owner.id, "JUMBO UTRECHT", [{ amountMinor: 2_000, occurredOn: "2025-03-02" }]);
    const jumbo = await payeeNamed(owner.id, householdId, "Jumbo");
    expect(await mergePayees({ userId: owner.id, householdId, payeeId: jumbo.id, intoId: jumbo.id })).toEqual({
      ok: false,
      error: "errors.mergeSelf",
    });
  });

  it("does not list a payee seen only on another member's hidden entries, and counts only entries shown", async () => {
    const { owner, householdId } = await household();
    const partner = await seedUser({ name: "Sanne" });
    await addPartner({ householdId, userId: partner.id, canEdit: true });
    await imported(householdId, partner.id, "PRAKTIJK MIRJAM", [{ amountMinor: 7_000, occurredOn: "2025-03-12" }]);
    await imported(householdId, partner.id, "JUMBO UTRECHT", [
      { amountMinor: 2_000, occurredOn: "2025-03-02" },
      { amountMinor: 3_000, occurredOn: "2025-03-03", shared: true },
    ]);
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });

    const seen = await listPayees({ userId: owner.id, householdId });
    expect(seen.payees.map((item) => [item.name, item.entries])).toEqual([["Jumbo", 1]]);
    const hers = await listPayees({ userId: partner.id, householdId });
    expect(hers.payees.map((item) => [item.name, item.entries])).toEqual([
      ["Jumbo", 2],
      ["Praktijk Mirjam", 1],
    ]);

    // Not listed is not found: no rename, memory or merge of it by id.
    const hidden = hers.payees.find((item) => item.name === "Praktijk Mirjam");
    if (!hidden) throw new Error("no hidden payee");
    const jumbo = await payeeNamed(owner.id, householdId, "Jumbo");
    expect(await renamePayee({ userId: owner.id, householdId, payeeId: hidden.id, name: "Seen" })).toEqual({
      ok: false,
      error: "errors.notFound",
    });
    expect(await mergePayees({ userId: owner.id, householdId, payeeId: jumbo.id, intoId: hidden.id })).toEqual({
      ok: false,
      error: "errors.mergeTarget",
    });
  });

  it("gives a partner's import nothing of a payee seen only on the other member's hidden entries, and a partner's rename keeps hidden titles (issue 44)", async () => {
    const { owner, householdId } = await household();
    const partner = await seedUser({ name: "Sanne" });
    await addPartner({ householdId, userId: partner.id, canEdit: true });
    // Sanne's own psychiatrist, renamed and remembered as health, personal; then she hides her personal spending.
    await imported(householdId, partner.id, "DR JANSEN", [{ amountMinor: 9_000, occurredOn: "2025-03-05" }]);
    const jansen = await payeeNamed(partner.id, householdId, "Dr Jansen");
    await renamePayee({ userId: partner.id, householdId, payeeId: jansen.id, name: "Dr Jansen psychiatrist" });
    await setPayeeMemory({
      userId: partner.id,
      householdId,
      payeeId: jansen.id,
      expenseCategoryId: health,
      incomeCategoryId: null,
      sharing: "personal",
    });
    await setPersonalPrivacy({ userId: partner.id, householdId, personalInDetail: false });

    // The owner imports a row of the same payee: no memory, not joined to her payee, not titled by her rename.
    const decision = await decide(owner.id, householdId, {
      amountMinor: -4_000,
      description: "",
      counterparty: "DR JANSEN",
    });
    expect(decision.categorySource).not.toBe("remembered");
    const mine = await imported(householdId, owner.id, "DR JANSEN", [
      { amountMinor: 4_000, occurredOn: "2025-03-06", shared: true },
    ]);
    expect(await titles(owner.id, householdId)).toEqual(["Dr Jansen"]);
    const [row] = await db()
      .select({ payeeId: transaction.payeeId })
      .from(transaction)
      .where(eq(transaction.id, mine.ids[0]!));
    expect(row?.payeeId).toBeNull();
    expect((await listPayees({ userId: owner.id, householdId })).payees.map((item) => item.name)).toEqual([]);
    // Nor does the owner's "Yes, always" change how Sanne's hidden bookings of it are sorted.
    const jansenKey = (await db().select({ key: payee.key }).from(payee).where(eq(payee.id, jansen.id)))[0]!.key;
    expect(
      await learnRule({
        userId: owner.id,
        householdId,
        offer: {
          counterparty: "DR JANSEN",
          kind: "expense",
          categoryId: groceries,
          payee: { key: jansenKey, name: "Dr Jansen" },
        },
      }),
    ).toMatchObject({ ok: true });
    const [kept] = await db().select({ expense: payee.expenseCategoryId }).from(payee).where(eq(payee.id, jansen.id));
    expect(kept?.expense).toBe(health);

    // A payee both use: the owner's rename does not reach the title of Sanne's hidden entry.
    await imported(householdId, owner.id, "JUMBO UTRECHT", [
      { amountMinor: 3_000, occurredOn: "2025-03-03", shared: true },
    ]);
    await imported(householdId, partner.id, "JUMBO UTRECHT", [{ amountMinor: 2_000, occurredOn: "2025-03-02" }]);
    const jumbo = await payeeNamed(owner.id, householdId, "Jumbo");
    expect(await renamePayee({ userId: owner.id, householdId, payeeId: jumbo.id, name: "Jumbo (ours)" })).toEqual({
      ok: true,
      name: "Jumbo (ours)",
    });
    expect(await titles(partner.id, householdId)).toEqual([
      "Dr Jansen",
      "Dr Jansen psychiatrist",
      "Jumbo",
      "Jumbo (ours)",
    ]);
  });

  it("shows a read-only partner the payees and refuses every change; a stranger finds nothing", async () => {
    const { owner, householdId } = await household();
    const partner = await seedUser({ name: "Sanne" });
    await addPartner({ householdId, userId: partner.id });
    const stranger = await seedUser({ name: "Eve" });
    await imported(householdId, owner.id, "JUMBO UTRECHT", [{ amountMinor: 2_000, occurredOn: "2025-03-02" }]);
    await imported(householdId, owner.id, "ALBERT HEIJN 1403 UTRECHT", [
      { amountMinor: 4_000, occurredOn: "2025-03-01" },
    ]);

    const seen = await listPayees({ userId: partner.id, householdId });
    expect([seen.canWrite, seen.payees.length]).toEqual([false, 2]);
    const [first, second] = seen.payees;
    if (!first || !second) throw new Error("two payees");
    const asked = { userId: partner.id, householdId, payeeId: first.id };
    const readOnly = new HouseholdAccessError("readOnly");
    await expect(renamePayee({ ...asked, name: "Mine" })).rejects.toEqual(readOnly);
    await expect(setPayeeMemory({ ...asked, expenseCategoryId: health, incomeCategoryId: null })).rejects.toEqual(
      readOnly,
    );
    await expect(mergePayees({ ...asked, intoId: second.id })).rejects.toEqual(readOnly);
    await expect(undoPayeeMerge(asked)).rejects.toEqual(readOnly);
    await expect(listPayees({ userId: stranger.id, householdId })).rejects.toEqual(
      new HouseholdAccessError("notFound"),
    );
    expect((await payeeNamed(owner.id, householdId, first.name)).name).toBe(first.name);
  });
});

describe("a payee's sharing default", () => {
  it("comes after a rule or the person, before the category, in a household of two", async () => {
    const { owner, householdId } = await household();
    const partner = await seedUser({ name: "Sanne" });
    await addPartner({ householdId, userId: partner.id, canEdit: true });
    const accountId = await everydayAccountId(householdId);
    const { payee } = await decide(owner.id, householdId, {
      amountMinor: -100,
      description: "",
      counterparty: "Albert Heijn 1403",
    });
    if (!payee) throw new Error("no payee");
    const write = (shared: boolean | undefined) =>
      insertEntries(db(), [
        {
          id: uuidv7(),
          householdId,
          accountId,
          kind: "expense" as const,
          amountMinor: 2_500,
          occurredOn: "2026-11-20",
          description: "",
          categoryId: groceries,
          payee,
          counterparty: "Albert Heijn 1403",
          shared,
          createdBy: owner.id,
        },
      ]);
    // Groceries start shared; the payee has no say yet.
    expect((await write(undefined))[0]?.shared).toBe(true);
    const listed = (await listPayees({ userId: owner.id, householdId })).payees[0];
    expect(listed?.sharing).toBeNull();
    expect(
      await setPayeeMemory({
        userId: partner.id,
        householdId,
        payeeId: listed?.id ?? "",
        expenseCategoryId: groceries,
        incomeCategoryId: null,
        sharing: "personal",
      }),
    ).toEqual({ ok: true });
    expect((await write(undefined))[0]?.shared).toBe(false);
    // The person's (or a rule's) choice still wins.
    expect((await write(true))[0]?.shared).toBe(true);
    // Saved from a household of one's form (no sharing field): the default stays.
    await setPayeeMemory({
      userId: owner.id,
      householdId,
      payeeId: listed?.id ?? "",
      expenseCategoryId: groceries,
      incomeCategoryId: null,
    });
    expect((await listPayees({ userId: owner.id, householdId })).payees[0]?.sharing).toBe("personal");
  });
});
