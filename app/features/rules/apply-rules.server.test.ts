import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ingNlCsv } from "~/domain/statements/fixtures/ing-nl-csv";
import { db } from "~/db/client.server";
import { entryLine, monthTotal, transaction } from "~/db/schema/entries";
import { insertEntries } from "~/features/entries/entry-writer.server";
import { transfer } from "~/db/schema/money-accounts";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { uuidv7 } from "~/lib/uuid";
import { addPartner, seedBulkTransactions, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { parseAccountForm } from "~/features/money-accounts/account.schema";
import { createAccount, listAccounts, updateAccount } from "~/features/money-accounts/accounts.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import {
  confirmImport,
  createImportDraft,
  previewImport,
  type ConfirmChoices,
} from "~/features/statement-import/statement-import.server";
import { applyRulesToExisting, previewApplyRules } from "./apply-rules.server";
import { createRuleOrFail, insertEntry } from "./test-helpers.server";

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const eatingOut = builtInCategory("eatingOut").id;
const housing = builtInCategory("housing").id;
const other = builtInCategory("other").id;
const salary = builtInCategory("salary").id;
const own = "NL91ABNA0417164300";
const landlordIban = "NL44RABO0123456789";

/** A premium household with its Everyday account and a savings account. */
async function household() {
  const { owner, household } = await seedHousehold();
  await seedPremium(household.id);
  const base = { userId: owner.id, householdId: household.id, accountId: await everydayAccountId(household.id) };
  const parsed = parseAccountForm({ name: "Savings", kind: "savings" }, "en");
  if (!parsed.ok) throw new Error("bad account");
  const savings = await createAccount({ ...base, input: parsed.value });
  if (!savings.ok) throw new Error("no savings");
  return { ...base, savingsId: savings.accountId };
}

const sharedOf = async (householdId: string) =>
  Object.fromEntries(
    (
      await db()
        .select({ id: transaction.id, shared: transaction.shared })
        .from(transaction)
        .where(eq(transaction.householdId, householdId))
    ).map((row) => [row.id, row.shared]),
  );

const entries = async (householdId: string) =>
  Object.fromEntries(
    (
      await db()
        .select({ id: transaction.id, categoryId: transaction.categoryId, description: transaction.description })
        .from(transaction)
        .where(eq(transaction.householdId, householdId))
    ).map((row) => [row.id, [row.categoryId, row.description]]),
  );

const encoder = new TextEncoder();
function ingCsv(rows: string[][]): Uint8Array {
  return encoder.encode(ingNlCsv(rows));
}

describe("rules on import", () => {
  it("rules decide first (category, new description, transfer), then the counterparty's usual category, then the default", async () => {
    const base = await household();
    await createRuleOrFail(base, {
      conditions: [{ field: "counterparty", operator: "startsWith", value: "albert heijn" }],
      actions: { categoryId: groceries, rename: "Albert Heijn" },
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "counterpartyIban", operator: "equals", value: "NL44 RABO 0123 4567 89" }],
      actions: { categoryId: housing },
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "description", operator: "contains", value: "sparen" }],
      actions: { transferAccountId: base.savingsId },
    });
    // Income from an income rule's category only: this expense rule's category does not apply to the salary.
    await createRuleOrFail(base, {
      conditions: [{ field: "amount", operator: "between", minMinor: 100_000, maxMinor: 500_000 }],
      actions: { categoryId: eatingOut },
    });
    // An earlier import's entry (its import key says so): an entry typed by hand of the same amount would be linked.
    await insertEntry(base, { counterparty: "Café Noir", categoryId: eatingOut, importKey: "earlier-import" });
    const rows = [
      ["20261101", "Werkgever BV", own, "NL20INGB0001234567", "OV", "Bij", "3.000,00", "Overschrijving", "Salaris"],
      ["20261102", "ALBERT HEIJN 1234", own, "", "BA", "Af", "23,50", "Betaalautomaat", "Pas 12"],
      ["20261103", "Woonstichting", own, landlordIban, "IC", "Af", "1.250,00", "Incasso", "Huur"],
      ["20261104", "Eigen rekening", own, "", "OV", "Af", "500,00", "Overschrijving", "Sparen november"],
      ["20261105", "CAFE NOIR", own, "", "BA", "Af", "3,20", "Betaalautomaat", "Koffie"],
    ];
    const draft = await createImportDraft({ ...base, fileName: "ing.csv", bytes: ingCsv(rows) });
    if (!draft.ok) throw new Error("no draft");
    const preview = await previewImport({ ...base, draftId: draft.draftId });
    if (preview.kind !== "preview") throw new Error(preview.kind);
    expect(preview.summary).toMatchObject({ new: 4, transfers: 1 });
    expect(
      preview.rows.map((row) => [
        row.status,
        row.categoryId,
        row.categorySource,
        row.rename,
        row.otherAccountId,
        row.transferByRule,
      ]),
    ).toEqual([
      ["new", salary, "keyword", null, null, false],
      ["new", groceries, "rule", "Albert Heijn", null, false],
      ["new", housing, "rule", null, null, false],
      ["transfer", null, null, null, base.savingsId, true],
      ["new", eatingOut, "learned", null, null, false],
    ]);
    // The preview names the rule that set a category by what it looks for.
    expect(preview.rows.map((row) => row.ruleAbout)).toEqual([
      null,
      "albert heijn",
      "NL44 RABO 0123 4567 89",
      null,
      null,
    ]);

    const choices: ConfirmChoices = { skipLines: new Set(), categories: new Map([[6, groceries]]) };
    expect(await confirmImport({ ...base, draftId: draft.draftId, choices })).toMatchObject({
      ok: true,
      imported: 4,
      transfers: 1,
    });
    const written = await db()
      .select({
        description: transaction.description,
        details: transaction.details,
        categoryId: transaction.categoryId,
      })
      .from(transaction)
      .where(and(eq(transaction.householdId, base.householdId), sql`${transaction.importBatchId} is not null`));
    // Only a rule's rename is the entry's own title; the bank's text stays as its details.
    expect(written.map((row) => [row.description, row.details, row.categoryId]).sort()).toEqual(
      [
        ["", "Salaris", salary],
        ["Albert Heijn", "Pas 12", groceries],
        ["", "Huur", housing],
        // The user's own choice for the coffee wins over what was learned.
        ["", "Koffie", groceries],
      ].sort(),
    );
    const [moved] = await db().select().from(transfer).where(eq(transfer.householdId, base.householdId));
    expect(moved).toMatchObject({
      fromAccountId: base.accountId,
      toAccountId: base.savingsId,
      amountMinor: 50_000,
      description: "Sparen november",
    });
    expect(moved?.fromImportKey).toBeTruthy();
  });

  it("a rule's shared or personal beats the account's default; the other rows start as the account says", async () => {
    const base = await household();
    const partner = await seedUser();
    await addPartner({ householdId: base.householdId, userId: partner.id, canEdit: true });
    // The Everyday account is a joint one: its expenses start out shared.
    const [everyday] = (await listAccounts(base)).filter((account) => account.id === base.accountId);
    const joint = parseAccountForm({ name: "Joint", kind: "checking", defaultShared: "1" }, "en");
    if (!everyday || !joint.ok) throw new Error("no account");
    expect(await updateAccount({ ...base, version: everyday.version, input: joint.value })).toEqual({
      ok: true,
      accountId: base.accountId,
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "counterparty", operator: "contains", value: "albert heijn" }],
      actions: { sharing: "personal" },
    });
    const rows = [
      ["20261102", "ALBERT HEIJN 1234", own, "", "BA", "Af", "23,50", "Betaalautomaat", "Pas 12"],
      ["20261103", "Woonstichting", own, landlordIban, "IC", "Af", "1.250,00", "Incasso", "Huur"],
    ];
    const draft = await createImportDraft({ ...base, fileName: "ing.csv", bytes: ingCsv(rows) });
    if (!draft.ok) throw new Error("no draft");
    expect(
      await confirmImport({
        ...base,
        draftId: draft.draftId,
        choices: { skipLines: new Set(), categories: new Map() },
      }),
    ).toMatchObject({ ok: true, imported: 2 });
    const written = await db()
      .select({ counterparty: transaction.counterparty, shared: transaction.shared })
      .from(transaction)
      .where(eq(transaction.householdId, base.householdId));
    expect(Object.fromEntries(written.map((row) => [row.counterparty, row.shared]))).toEqual({
      "ALBERT HEIJN 1234": false,
      Woonstichting: true,
    });
  });
});

describe("apply to existing entries", () => {
  it("previews the changes per kind, then applies them: categories, descriptions and transfers, first rule to set a field winning", async () => {
    const base = await household();
    const ah = await insertEntry(base, {});
    const ahIncome = await insertEntry(base, { kind: "income", amountMinor: 500, description: "Statiegeld" });
    const landlord = await insertEntry(base, {
      counterparty: "Woonstichting",
      counterpartyIban: landlordIban,
      description: "Huur",
      amountMinor: 125_000,
    });
    const typed = await insertEntry(base, { counterparty: null, description: "Weekly shop", categoryId: groceries });
    const saving = await insertEntry(base, {
      counterparty: "Eigen rekening",
      description: "Sparen",
      amountMinor: 50_000,
      importKey: "key-sparen",
    });
    const refund = await insertEntry(base, {
      kind: "income",
      counterparty: "Eigen rekening",
      description: "Terug van sparen",
      amountMinor: 10_000,
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "counterparty", operator: "regex", value: "^albert\\s+heijn\\s+\\d+$" }],
      actions: { categoryId: groceries, rename: "Albert Heijn" },
    });
    // Later, and broader: it sets the description only where the first left it open; its category is not used.
    await createRuleOrFail(base, {
      conditions: [{ field: "counterparty", operator: "contains", value: "heijn" }],
      actions: { categoryId: eatingOut, rename: "AH" },
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "counterpartyIban", operator: "equals", value: landlordIban.toLowerCase() }],
      actions: { categoryId: housing },
    });
    await createRuleOrFail(base, {
      conditions: [
        { field: "description", operator: "contains", value: "sparen" },
        { field: "account", operator: "equals", accountId: base.accountId },
      ],
      actions: { transferAccountId: base.savingsId },
    });
    // Already what it says: counts nothing.
    await createRuleOrFail(base, {
      conditions: [{ field: "description", operator: "equals", value: "weekly shop" }],
      actions: { categoryId: groceries },
    });

    const before = await entries(base.householdId);
    expect(await previewApplyRules(base)).toEqual({
      rows: 5,
      categories: 2,
      renames: 2,
      transfers: 2,
      sharing: 0,
      splits: 0,
    });
    expect(await entries(base.householdId)).toEqual(before);

    expect(await applyRulesToExisting(base)).toEqual({
      rows: 5,
      categories: 2,
      renames: 2,
      transfers: 2,
      sharing: 0,
      splits: 0,
    });
    const after = await entries(base.householdId);
    expect(after[ah]).toEqual([groceries, "Albert Heijn"]);
    // An income entry: the expense categories do not apply, the new description does.
    expect(after[ahIncome]).toEqual([salary, "Albert Heijn"]);
    expect(after[landlord]).toEqual([housing, "Huur"]);
    expect(after[typed]).toEqual([groceries, "Weekly shop"]);
    expect(after[saving]).toBeUndefined();
    expect(after[refund]).toBeUndefined();

    // Both saving entries are transfers now, under their old ids, with the statement identity on the right side.
    const transfers = await db().select().from(transfer).where(eq(transfer.householdId, base.householdId));
    expect(
      transfers
        .map((row) => [row.id, row.fromAccountId, row.toAccountId, row.amountMinor, row.fromImportKey, row.toImportKey])
        .sort(),
    ).toEqual(
      [
        [saving, base.accountId, base.savingsId, 50_000, "key-sparen", null],
        [refund, base.savingsId, base.accountId, 10_000, null, null],
      ].sort(),
    );
    const balances = Object.fromEntries(
      (await listAccounts({ ...base, on: "2026-11-30" })).map((account) => [account.kind, account.balanceMinor]),
    );
    expect(balances).toEqual({ checking: 500 - 2_350 - 125_000 - 2_350 - 50_000 + 10_000, savings: 40_000 });
    // Transfers stay out of the month's totals.
    const [totals] = await db()
      .select({
        expense: sql<number>`sum(${monthTotal.totalMinor}) filter (where ${monthTotal.kind} = 'expense')::int`,
      })
      .from(monthTotal)
      .where(eq(monthTotal.householdId, base.householdId));
    expect(totals?.expense).toBe(2_350 + 125_000 + 2_350);

    // Nothing left to change.
    expect(await previewApplyRules(base)).toEqual({
      rows: 0,
      categories: 0,
      renames: 0,
      transfers: 0,
      sharing: 0,
      splits: 0,
    });
  });

  it("marks existing expenses shared or personal, and the preview counts them; income is left alone", async () => {
    const base = await household();
    const ah = await insertEntry(base, {});
    const landlord = await insertEntry(base, {
      counterparty: "Woonstichting",
      counterpartyIban: landlordIban,
      description: "Huur",
      amountMinor: 125_000,
      shared: true,
    });
    const lunch = await insertEntry(base, { counterparty: "Cafe Noir", description: "Lunch", shared: true });
    const deposit = await insertEntry(base, {
      kind: "income",
      counterparty: "ALBERT HEIJN 1234",
      description: "Statiegeld",
      amountMinor: 500,
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "counterparty", operator: "contains", value: "heijn" }],
      actions: { sharing: "shared" },
    });
    // Already shared: counts nothing.
    await createRuleOrFail(base, {
      conditions: [{ field: "counterpartyIban", operator: "equals", value: landlordIban }],
      actions: { sharing: "shared" },
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "counterparty", operator: "equals", value: "cafe noir" }],
      actions: { categoryId: eatingOut, sharing: "personal" },
    });

    expect(await previewApplyRules(base)).toEqual({
      rows: 2,
      categories: 1,
      renames: 0,
      transfers: 0,
      sharing: 2,
      splits: 0,
    });
    expect(await sharedOf(base.householdId)).toEqual({
      [ah]: false,
      [landlord]: true,
      [lunch]: true,
      [deposit]: false,
    });
    expect(await applyRulesToExisting(base)).toEqual({
      rows: 2,
      categories: 1,
      renames: 0,
      transfers: 0,
      sharing: 2,
      splits: 0,
    });
    expect(await sharedOf(base.householdId)).toEqual({
      [ah]: true,
      [landlord]: true,
      [lunch]: false,
      [deposit]: false,
    });
    expect((await entries(base.householdId))[lunch]).toEqual([eatingOut, "Lunch"]);
    expect(await previewApplyRules(base)).toEqual({
      rows: 0,
      categories: 0,
      renames: 0,
      transfers: 0,
      sharing: 0,
      splits: 0,
    });
  });

  it("splits existing receipts by percentage, leaves split entries alone, and totals follow the lines", async () => {
    const base = await household();
    const receipt = await insertEntry(base, { amountMinor: 80_00, shared: true });
    const small = await insertEntry(base, { amountMinor: 3, shared: true, occurredOn: "2026-11-06" });
    const handSplit = uuidv7();
    await insertEntries(db(), [
      {
        id: handSplit,
        householdId: base.householdId,
        accountId: base.accountId,
        kind: "expense",
        amountMinor: 10_00,
        occurredOn: "2026-11-07",
        description: "Betaalautomaat",
        categoryId: housing,
        counterparty: "ALBERT HEIJN 1234",
        createdBy: null,
        lines: [
          { categoryId: housing, amountMinor: 7_00 },
          { categoryId: other, amountMinor: 3_00 },
        ],
      },
    ]);
    await createRuleOrFail(base, {
      conditions: [{ field: "counterparty", operator: "contains", value: "albert heijn" }],
      actions: {
        split: [
          { categoryId: groceries, share: { by: "percent", basisPoints: 8000 }, sharing: "shared" },
          { categoryId: eatingOut, share: { by: "percent", basisPoints: 2000 }, sharing: "personal" },
        ],
      },
    });

    const counts = { rows: 2, categories: 2, renames: 0, transfers: 0, sharing: 0, splits: 2 };
    expect(await previewApplyRules(base)).toEqual(counts);
    expect(await applyRulesToExisting(base)).toEqual(counts);
    const lines = await db()
      .select({
        entryId: entryLine.entryId,
        categoryId: entryLine.categoryId,
        amountMinor: entryLine.amountMinor,
        shared: entryLine.shared,
      })
      .from(entryLine)
      .where(eq(entryLine.householdId, base.householdId))
      .orderBy(entryLine.entryId, entryLine.position);
    expect(lines.filter((line) => line.entryId === receipt)).toEqual([
      { entryId: receipt, categoryId: groceries, amountMinor: 64_00, shared: true },
      { entryId: receipt, categoryId: eatingOut, amountMinor: 16_00, shared: false },
    ]);
    // Three cents: two to groceries, one to the personal part, never a cent lost.
    expect(lines.filter((line) => line.entryId === small).map((line) => line.amountMinor)).toEqual([2, 1]);
    expect(lines.filter((line) => line.entryId === handSplit).map((line) => line.categoryId)).toEqual([housing, other]);
    const categoryTotals = await db()
      .select({ categoryId: monthTotal.categoryId, amountMinor: monthTotal.totalMinor })
      .from(monthTotal)
      .where(and(eq(monthTotal.householdId, base.householdId), eq(monthTotal.kind, "expense")));
    const totalOf = (categoryId: string) =>
      categoryTotals
        .filter((row) => row.categoryId === categoryId)
        .reduce((sum, row) => sum + Number(row.amountMinor), 0);
    expect(totalOf(groceries)).toBe(64_02);
    expect(totalOf(eatingOut)).toBe(16_01);
    expect(totalOf(other)).toBe(3_00);
    expect(await previewApplyRules(base)).toEqual({
      rows: 0,
      categories: 0,
      renames: 0,
      transfers: 0,
      sharing: 0,
      splits: 0,
    });
  });

  it("an import keeps a rule's split of a row, unless the person chose one category for it", async () => {
    const base = await household();
    await createRuleOrFail(base, {
      conditions: [{ field: "counterparty", operator: "startsWith", value: "albert heijn" }],
      actions: {
        categoryId: other,
        split: [
          { categoryId: groceries, share: { by: "percent", basisPoints: 8000 }, sharing: "shared" },
          { categoryId: eatingOut, share: { by: "rest" }, sharing: "personal" },
        ],
      },
    });
    const rows = [
      ["20261102", "ALBERT HEIJN 1234", own, "", "BA", "Af", "80,00", "Betaalautomaat", "Pas 12"],
      ["20261103", "ALBERT HEIJN 1234", own, "", "BA", "Af", "10,00", "Betaalautomaat", "Pas 12"],
    ];
    const draft = await createImportDraft({ ...base, fileName: "ing.csv", bytes: ingCsv(rows) });
    if (!draft.ok) throw new Error("no draft");
    const preview = await previewImport({ ...base, draftId: draft.draftId });
    if (preview.kind !== "preview") throw new Error(preview.kind);
    expect(preview.rows.map((row) => [row.categoryId, row.categorySource, row.split])).toEqual([
      [
        groceries,
        "rule",
        [
          { categoryId: groceries, amountMinor: 64_00, sharing: "shared" },
          { categoryId: eatingOut, amountMinor: 16_00, sharing: "personal" },
        ],
      ],
      [
        groceries,
        "rule",
        [
          { categoryId: groceries, amountMinor: 8_00, sharing: "shared" },
          { categoryId: eatingOut, amountMinor: 2_00, sharing: "personal" },
        ],
      ],
    ]);
    // The first row keeps the split (its select posts "split"); the second was given one category instead.
    const [kept, chosen] = preview.rows.map((row) => row.line);
    const choices: ConfirmChoices = {
      skipLines: new Set(),
      categories: new Map([
        [kept!, "split"],
        [chosen!, housing],
      ]),
    };
    expect(await confirmImport({ ...base, draftId: draft.draftId, choices })).toMatchObject({ ok: true, imported: 2 });
    const lines = await db()
      .select({ amountMinor: entryLine.amountMinor, categoryId: entryLine.categoryId, shared: entryLine.shared })
      .from(entryLine)
      .innerJoin(transaction, eq(transaction.id, entryLine.entryId))
      .where(eq(entryLine.householdId, base.householdId))
      .orderBy(transaction.occurredOn, entryLine.position);
    expect(lines).toEqual([
      { amountMinor: 64_00, categoryId: groceries, shared: true },
      { amountMinor: 16_00, categoryId: eatingOut, shared: false },
      { amountMinor: 10_00, categoryId: housing, shared: false },
    ]);
  });

  it("is one transaction: when any write fails, nothing has changed", async () => {
    const base = await household();
    const ah = await insertEntry(base, {});
    await insertEntry(base, {
      counterparty: "Eigen rekening",
      description: "Sparen",
      amountMinor: 50_000,
      importKey: "taken",
    });
    // A transfer already carries that statement identity on the Everyday side: converting the entry must fail.
    await db().insert(transfer).values({
      id: uuidv7(),
      householdId: base.householdId,
      fromAccountId: base.accountId,
      toAccountId: base.savingsId,
      amountMinor: 1,
      toAmountMinor: 1,
      occurredOn: "2026-11-01",
      fromImportKey: "taken",
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "counterparty", operator: "contains", value: "albert" }],
      actions: { categoryId: groceries, rename: "Albert Heijn" },
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "description", operator: "equals", value: "sparen" }],
      actions: { transferAccountId: base.savingsId },
    });
    const before = await entries(base.householdId);
    await expect(applyRulesToExisting(base)).rejects.toThrow();
    expect(await entries(base.householdId)).toEqual(before);
    expect(before[ah]).toEqual([other, "Betaalautomaat"]);
    expect((await db().select().from(transfer).where(eq(transfer.householdId, base.householdId))).length).toBe(1);
  });

  it("only the household's writers may preview or apply; a stranger does not see the household", async () => {
    const base = await household();
    const partner = await seedUser();
    await addPartner({ householdId: base.householdId, userId: partner.id });
    const stranger = await seedUser();
    await expect(previewApplyRules({ userId: partner.id, householdId: base.householdId })).rejects.toMatchObject({
      code: "readOnly",
    });
    await expect(applyRulesToExisting({ userId: partner.id, householdId: base.householdId })).rejects.toMatchObject({
      code: "readOnly",
    });
    await expect(applyRulesToExisting({ userId: stranger.id, householdId: base.householdId })).rejects.toMatchObject({
      code: "notFound",
    });
  });

  // Its speed is measured by npm run bench:data; here the batches (10,000 entries each) must add up.
  it("goes through all of 100,000 entries, batch after batch", { timeout: 120_000 }, async () => {
    const base = await household();
    await seedBulkTransactions({ householdId: base.householdId, count: 100_000, from: "2023-01", to: "2026-12" });
    // "Entry 1", "Entry 10"…: a rule that changes about one entry in nine, one that renames a few, one that never holds.
    await createRuleOrFail(base, {
      conditions: [{ field: "description", operator: "regex", value: "^entry \\d*7$" }],
      actions: { categoryId: groceries },
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "description", operator: "startsWith", value: "entry 99" }],
      actions: { rename: "Ninety-nine" },
    });
    await createRuleOrFail(base, {
      conditions: [{ field: "counterparty", operator: "contains", value: "nobody" }],
      actions: { categoryId: housing },
    });
    const counts = await applyRulesToExisting(base);
    expect(counts.rows).toBeGreaterThan(9_000);
    expect(counts.categories + counts.renames).toBeGreaterThanOrEqual(counts.rows);
    // Nothing is left for a second pass: every batch was written.
    expect(await previewApplyRules(base)).toMatchObject({ rows: 0 });
  });
});
