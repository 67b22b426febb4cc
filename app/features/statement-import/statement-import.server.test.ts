import { readFileSync } from "node:fs";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ingNlCsv } from "~/domain/statements/fixtures/ing-nl-csv";
import { db } from "~/db/client.server";
import { entryLine, monthTotal, transaction } from "~/db/schema/entries";
import { transfer } from "~/db/schema/money-accounts";
import { rule } from "~/db/schema/rules";
import { listTransactions, searchEntries } from "~/features/entries/transactions.server";
import { parseEntrySearch } from "~/domain/entry-search";
import { importBatch, importDraft } from "~/db/schema/statement-import";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { parseAccountForm } from "~/features/money-accounts/account.schema";
import { createAccount, listAccounts } from "~/features/money-accounts/accounts.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { deleteAccount } from "~/features/data-rights/delete-account.server";
import { leaveHousehold, removePartner, setPersonalPrivacy } from "~/features/sharing/invitations.server";
import { addTransaction } from "~/features/entries/transactions.server";
import { createRecurring, postDueOccurrences } from "~/features/recurring/recurring.server";
import { parseRecurringForm } from "~/features/recurring/recurring.schema";
import { DraftPurgeWorker } from "./startup.server";
import {
  confirmImport,
  createImportDraft,
  draftLifetimeMs,
  draftQuota,
  listImportBatches,
  previewImport,
  purgeExpiredDrafts,
  undoImport,
  type ConfirmChoices,
} from "./statement-import.server";

useTestDatabase();

const savingsIban = "NL02ABNA0123456789";
const encoder = new TextEncoder();
const noChoices: ConfirmChoices = { skipLines: new Set(), categories: new Map() };

/** An ING (Netherlands) export as its CSV help describes it: semicolons, YYYYMMDD dates, "Af"/"Bij", decimal commas. */
function ingCsv(rows: string[][]): Uint8Array {
  return encoder.encode(ingNlCsv(rows));
}

const own = "NL91ABNA0417164300";
const salary = [
  "20261101",
  "Werkgever BV",
  own,
  "NL20INGB0001234567",
  "OV",
  "Bij",
  "3.000,00",
  "Overschrijving",
  "Salaris november",
];
const coffee = ["20261102", "Café Noir", own, "", "BA", "Af", "3,20", "Betaalautomaat", "Koffie"];
const rent = [
  "20261103",
  "Woonstichting",
  own,
  "NL44RABO0123456789",
  "IC",
  "Af",
  "1.250,00",
  "Incasso",
  "Huur november",
];
const toSavings = ["20261104", "Spaarrekening", own, savingsIban, "OV", "Af", "500,00", "Overschrijving", "Sparen"];

async function household({ premium = false } = {}) {
  const seeded = await seedHousehold();
  if (premium) await seedPremium(seeded.household.id);
  const accountId = await everydayAccountId(seeded.household.id);
  return { ...seeded, userId: seeded.owner.id, householdId: seeded.household.id, accountId };
}

async function importFile(
  base: { userId: string; householdId: string; accountId: string },
  bytes: Uint8Array,
  choices = noChoices,
) {
  const draft = await createImportDraft({ ...base, fileName: "ing.csv", bytes });
  if (!draft.ok) throw new Error(JSON.stringify(draft.problem));
  const preview = await previewImport({ ...base, draftId: draft.draftId });
  const result = await confirmImport({ ...base, draftId: draft.draftId, choices });
  return { preview, result };
}

async function entryCount(householdId: string) {
  return (await db().select().from(transaction).where(eq(transaction.householdId, householdId))).length;
}

describe("statement import", () => {
  it("previews a bank's CSV, writes it as one batch, and a second import of the same file adds nothing", async () => {
    const base = await household();
    const { preview, result } = await importFile(base, ingCsv([salary, coffee, coffee, rent]));
    expect(preview).toMatchObject({
      kind: "preview",
      format: "csv",
      bank: "ING",
      summary: { rows: 4, new: 4, duplicates: 0, transfers: 0 },
    });
    // "Salaris" and "Huur" give their categories away; the titles are the payees', not the bank's text.
    expect(
      preview.kind === "preview" && preview.rows.map((row) => [row.amountMinor, row.categorySource, row.title]),
    ).toEqual([
      [300_000, "keyword", "Werkgever"],
      [-320, expect.any(String), "Café Noir"],
      [-320, expect.any(String), "Café Noir"],
      [-125_000, "keyword", "Woonstichting"],
    ]);
    // Two identical coffees on one day stay two.
    expect(result).toMatchObject({ ok: true, imported: 4, duplicates: 0 });
    expect(await entryCount(base.householdId)).toBe(4);
    const totals = await db()
      .select()
      .from(monthTotal)
      .where(and(eq(monthTotal.householdId, base.householdId), eq(monthTotal.month, "2026-11-01")));
    expect(totals.reduce((sum, row) => sum + (row.kind === "expense" ? row.totalMinor : 0), 0)).toBe(125_640);

    const again = await importFile(base, ingCsv([salary, coffee, coffee, rent]));
    expect(again.preview).toMatchObject({ summary: { new: 0, duplicates: 4 } });
    expect(again.result).toMatchObject({ ok: true, imported: 0, duplicates: 4 });
    // An overlapping file: one more coffee that day and a new day; only those are new.
    const later = ["20261105", "Bakker", own, "", "BA", "Af", "2,50", "Betaalautomaat", "Brood"];
    const overlapping = await importFile(base, ingCsv([coffee, coffee, coffee, rent, later]));
    expect(overlapping.result).toMatchObject({ ok: true, imported: 2, duplicates: 3 });
    expect(await entryCount(base.householdId)).toBe(6);
  });

  it("imports a Sparkasse CAMT.052 whose five entries all say NONREF, and finds all five again next time", async () => {
    const base = await household();
    const bytes = readFileSync(
      new URL("../../domain/statements/fixtures/camt/camt052-v02-sparkasse-nonref.xml", import.meta.url),
    );
    const first = await importFile(base, new Uint8Array(bytes));
    expect(first.preview).toMatchObject({
      kind: "preview",
      format: "camt",
      summary: { rows: 5, new: 5, duplicates: 0 },
    });
    expect(first.result).toMatchObject({ ok: true, imported: 5, duplicates: 0 });
    expect(await entryCount(base.householdId)).toBe(5);
    const again = await importFile(base, new Uint8Array(bytes));
    expect(again.result).toMatchObject({ ok: true, imported: 0, duplicates: 5 });
    expect(await entryCount(base.householdId)).toBe(5);
  });

  it("learns a counterparty's category from earlier entries and lets the user change or untick rows", async () => {
    const base = await household();
    const groceries = builtInCategory("groceries").id;
    const eatingOut = builtInCategory("eatingOut").id;
    await importFile(base, ingCsv([coffee]), { skipLines: new Set(), categories: new Map([[2, eatingOut]]) });
    const nextCoffee = ["20261109", "CAFÉ NOIR", own, "", "BA", "Af", "3,40", "Betaalautomaat", "Koffie"];
    const draft = await createImportDraft({ ...base, fileName: "ing.csv", bytes: ingCsv([nextCoffee, rent]) });
    if (!draft.ok) throw new Error("no draft");
    const preview = await previewImport({ ...base, draftId: draft.draftId });
    expect(preview.kind === "preview" && preview.rows.map((row) => [row.categoryId, row.categorySource])).toEqual([
      [eatingOut, "learned"],
      [builtInCategory("housing").id, "keyword"],
    ]);
    // Untick the rent; a category of the wrong kind (income for an expense) falls back to the suggestion.
    const result = await confirmImport({
      ...base,
      draftId: draft.draftId,
      choices: { skipLines: new Set([3]), categories: new Map([[2, builtInCategory("salary").id]]) },
    });
    expect(result).toMatchObject({ ok: true, imported: 1 });
    const rows = await db()
      .select({ categoryId: transaction.categoryId, counterparty: transaction.counterparty })
      .from(transaction)
      .where(eq(transaction.householdId, base.householdId));
    expect(rows.map((row) => row.categoryId).sort()).toEqual([eatingOut, eatingOut]);
    expect(groceries).not.toBe(eatingOut);
  });

  it("names every branch of a chain as one payee, keeps the bank's text as details, and remembers a choice for the payee", async () => {
    const base = await household();
    const eatingOut = builtInCategory("eatingOut").id;
    const amsterdam = [
      "20261102",
      "ALBERT HEIJN 1403 AMSTERDAM",
      own,
      "",
      "BA",
      "Af",
      "12,40",
      "Betaalautomaat",
      "Pasvolgnr: 002 02-11-2026 11:11 Transactie: 71ICVVKX Term: CT123456",
    ];
    const draft = await createImportDraft({ ...base, fileName: "ing.csv", bytes: ingCsv([amsterdam]) });
    if (!draft.ok) throw new Error("no draft");
    const first = await previewImport({ ...base, draftId: draft.draftId });
    expect(
      first.kind === "preview" && first.rows.map((row) => [row.title, row.categoryId, row.categorySource]),
    ).toEqual([["Albert Heijn", builtInCategory("groceries").id, "known"]]);
    // The person puts it elsewhere: no rule is written, the payee remembers.
    await confirmImport({
      ...base,
      draftId: draft.draftId,
      choices: { ...noChoices, categories: new Map([[2, eatingOut]]) },
    });
    const utrecht = [
      "20261109",
      "AH to go 5812 Utrecht CS",
      own,
      "",
      "BA",
      "Af",
      "3,10",
      "Betaalautomaat",
      "Pasvolgnr: 003",
    ];
    const next = await importFile(base, ingCsv([utrecht]));
    expect(
      next.preview.kind === "preview" &&
        next.preview.rows.map((row) => [row.title, row.categoryId, row.categorySource]),
    ).toEqual([["Albert Heijn", eatingOut, "remembered"]]);
    const entries = await db()
      .select({ description: transaction.description, details: transaction.details, payeeId: transaction.payeeId })
      .from(transaction)
      .where(eq(transaction.householdId, base.householdId))
      .orderBy(transaction.occurredOn);
    expect(entries.map((entry) => entry.description)).toEqual(["", ""]);
    expect(entries[0]?.details).toContain("Transactie: 71ICVVKX");
    expect(entries[0]?.payeeId).toBeTruthy();
    expect(entries[1]?.payeeId).toBe(entries[0]?.payeeId);
    expect(await db().select().from(rule).where(eq(rule.householdId, base.householdId))).toEqual([]);
    const listed = await listTransactions({
      userId: base.userId,
      householdId: base.householdId,
      kind: "expense",
      month: "2026-11",
      search: "albert",
    });
    expect(listed.items.map((entry) => entry.description)).toEqual(["Albert Heijn", "Albert Heijn"]);

    // Search across all months finds both months' payments by payee, grouped by month with its sum, and by amount.
    const october = ["20261015", "Albert Heijn 1216 HAARLEM", own, "", "BA", "Af", "7,25", "Betaalautomaat", "Pas 12"];
    await importFile(base, ingCsv([october]));
    const found = await searchEntries({ ...base, search: parseEntrySearch("albert heijn", "nl") });
    expect(found.months.map((month) => [month.month, month.entries.length, month.expenseMinor])).toEqual([
      ["2026-11", 2, 1_550],
      ["2026-10", 1, 725],
    ]);
    const byAmount = await searchEntries({ ...base, search: parseEntrySearch("12,40", "nl") });
    expect(byAmount.months.flatMap((month) => month.entries.map((entry) => entry.amountMinor))).toEqual([1_240]);
    const bankWords = await searchEntries({ ...base, search: parseEntrySearch("71ICVVKX", "nl") });
    expect(bankWords.months).toHaveLength(1);
  });

  it("writes the parts a person split a row into, and refuses parts that do not fit the row without writing anything", async () => {
    const base = await household();
    const groceries = builtInCategory("groceries").id;
    const eatingOut = builtInCategory("eatingOut").id;
    const shop = ["20261106", "Albert Heijn", own, "", "BA", "Af", "80,00", "Betaalautomaat", "Pas 12"];
    const draftOf = async () => {
      const draft = await createImportDraft({ ...base, fileName: "ing.csv", bytes: ingCsv([shop, coffee]) });
      if (!draft.ok) throw new Error("no draft");
      return draft.draftId;
    };
    const split = (lines: { categoryId: string; amountMinor: number }[]) => ({
      skipLines: new Set<number>(),
      categories: new Map<number, string>(),
      splits: new Map([[2, lines]]),
    });

    // Parts that leave a cent over, or in a category of income, are refused by row; the draft is still there.
    const draftId = await draftOf();
    const over = await confirmImport({
      ...base,
      draftId,
      choices: split([
        { categoryId: groceries, amountMinor: 6_000 },
        { categoryId: eatingOut, amountMinor: 2_001 },
      ]),
    });
    expect(over).toEqual({ ok: false, splitErrors: { 2: "errors.lines.notAddingUp" } });
    const income = await confirmImport({
      ...base,
      draftId,
      choices: split([
        { categoryId: groceries, amountMinor: 6_000 },
        { categoryId: builtInCategory("salary").id, amountMinor: 2_000 },
      ]),
    });
    expect(income).toEqual({ ok: false, splitErrors: { 2: "errors.category.invalid" } });
    expect(await entryCount(base.householdId)).toBe(0);

    const result = await confirmImport({
      ...base,
      draftId,
      choices: split([
        { categoryId: groceries, amountMinor: 6_000 },
        { categoryId: eatingOut, amountMinor: 2_000 },
      ]),
    });
    expect(result).toMatchObject({ ok: true, imported: 2 });
    const lines = await db()
      .select({
        description: transaction.details,
        categoryId: entryLine.categoryId,
        amountMinor: entryLine.amountMinor,
      })
      .from(entryLine)
      .innerJoin(transaction, eq(transaction.id, entryLine.entryId))
      .where(eq(transaction.householdId, base.householdId));
    expect(
      lines
        .filter((line) => line.description === "Pas 12")
        .map((line) => [line.categoryId, line.amountMinor])
        .sort(),
    ).toEqual(
      [
        [eatingOut, 2_000],
        [groceries, 6_000],
      ].sort(),
    );
    expect(lines.filter((line) => line.description === "Koffie")).toHaveLength(1);
  });

  it("recognises transfers to own accounts, keeps them out of totals, and matches the other side's statement", async () => {
    const base = await household({ premium: true });
    const savings = parseAccountForm({ name: "Sparen", kind: "savings", iban: savingsIban }, "nl");
    if (!savings.ok) throw new Error("invalid");
    const created = await createAccount({ ...base, input: savings.value });
    if (!created.ok) throw new Error("no account");
    const { preview, result } = await importFile(base, ingCsv([salary, toSavings]));
    expect(preview).toMatchObject({ summary: { new: 1, transfers: 1 } });
    expect(result).toMatchObject({ ok: true, imported: 1, transfers: 1 });
    const totals = await db().select().from(monthTotal).where(eq(monthTotal.householdId, base.householdId));
    expect(totals.filter((row) => row.kind === "expense")).toEqual([]);

    // The savings account's own statement books the same transfer a day later: the second half, not a new row.
    const incoming = [
      "20261105",
      "Betaalrekening",
      savingsIban,
      own,
      "OV",
      "Bij",
      "500,00",
      "Overschrijving",
      "Sparen",
    ];
    const second = await importFile({ ...base, accountId: created.accountId }, ingCsv([incoming]));
    expect(second.preview).toMatchObject({ summary: { new: 0, transfers: 1 } });
    expect(second.preview.kind === "preview" && second.preview.rows[0]?.status).toBe("transfer-matched");
    expect((await db().select().from(transfer).where(eq(transfer.householdId, base.householdId))).length).toBe(1);
    const balances = Object.fromEntries(
      (await listAccounts({ ...base, on: "2026-11-30" })).map((account) => [account.kind, account.balanceMinor]),
    );
    expect(balances).toEqual({ checking: 250_000, savings: 50_000 });

    // Undoing the savings import takes back only its side; importing it again matches again.
    if (!second.result.ok) throw new Error("not imported");
    await undoImport({ ...base, batchId: second.result.batchId });
    const [kept] = await db().select().from(transfer).where(eq(transfer.householdId, base.householdId));
    expect(kept).toMatchObject({ toImportKey: null, matchedImportBatchId: null });
    expect((await importFile({ ...base, accountId: created.accountId }, ingCsv([incoming]))).result).toMatchObject({
      ok: true,
      transfers: 1,
    });
  });

  it("matches the two halves of a transfer between currencies although the amounts differ, and keeps the bank's", async () => {
    const base = await household({ premium: true });
    const monoIban = "UA213223130000026007233566001";
    const mono = parseAccountForm({ name: "Monobank", kind: "savings", iban: monoIban, currency: "UAH" }, "en");
    if (!mono.ok) throw new Error("invalid");
    const created = await createAccount({ ...base, input: mono.value });
    if (!created.ok) throw new Error("no account");
    // 200 EUR sent from the euro account to the hryvnia card: the other side is estimated at the published rate.
    const sent = ["20241104", "Monobank", own, monoIban, "OV", "Af", "200,00", "Overschrijving", "Naar kaart"];
    const first = await importFile(base, ingCsv([sent]));
    expect(first.result).toMatchObject({ ok: true, imported: 0, transfers: 1 });
    const [estimated] = await db().select().from(transfer).where(eq(transfer.householdId, base.householdId));
    expect(estimated).toMatchObject({ amountMinor: 20_000, toImportKey: null });
    // The hryvnia had about 44–46 to the euro in autumn 2024 (the bundled history's month-end figure).
    expect(estimated!.toAmountMinor).toBeGreaterThan(880_000);
    expect(estimated!.toAmountMinor).toBeLessThan(920_000);

    // The card's statement says 8,850.00 UAH arrived a day later: the other half, and from now on the bank's figure.
    const arrived = [
      "20241105",
      "Betaalrekening",
      monoIban,
      own,
      "OV",
      "Bij",
      "8.850,00",
      "Overschrijving",
      "Naar kaart",
    ];
    const second = await importFile({ ...base, accountId: created.accountId }, ingCsv([arrived]));
    expect(second.preview).toMatchObject({ summary: { new: 0, transfers: 1 } });
    expect(second.preview.kind === "preview" && second.preview.rows[0]?.status).toBe("transfer-matched");
    const [kept] = await db().select().from(transfer).where(eq(transfer.householdId, base.householdId));
    expect(kept).toMatchObject({ id: estimated!.id, amountMinor: 20_000, toAmountMinor: 885_000 });
    const balances = Object.fromEntries(
      (await listAccounts({ ...base, on: "2024-11-30" })).map((account) => [account.currency, account.balanceMinor]),
    );
    expect(balances).toEqual({ EUR: -20_000, UAH: 885_000 });
    // Nothing of it is spending or income in the base currency.
    expect(await db().select().from(monthTotal).where(eq(monthTotal.householdId, base.householdId))).toEqual([]);
  });

  it("imports each format into an account of its currency, and refuses a file that names another", async () => {
    const base = await household({ premium: true });
    const account = async (name: string, currency: string) => {
      const parsed = parseAccountForm({ name, kind: "savings", currency }, "en");
      if (!parsed.ok) throw new Error("invalid");
      const created = await createAccount({ ...base, input: parsed.value });
      if (!created.ok) throw new Error("no account");
      return created.accountId;
    };
    const fixture = (path: string) =>
      new Uint8Array(readFileSync(new URL(`../../domain/statements/fixtures/${path}`, import.meta.url)));
    const accounts = { PLN: await account("mBank", "PLN"), UAH: await account("Monobank", "UAH") };
    const files: { path: string; currency: keyof typeof accounts; format: string }[] = [
      { path: "camt/camt052-v06-polish.xml", currency: "PLN", format: "camt" },
      { path: "mt940/polish-multi-statement.sta", currency: "PLN", format: "mt940" },
      { path: "ofx/polish-comma-decimal.ofx", currency: "PLN", format: "ofx" },
      // PKO BP's CSV names the currency on each row.
      { path: "csv/pko-bp.csv", currency: "PLN", format: "csv" },
      { path: "camt/camt054-v13-ukrainian.xml", currency: "UAH", format: "camt" },
      { path: "csv/privatbank.csv", currency: "UAH", format: "csv" },
    ];
    for (const file of files) {
      // Into the euro account: refused, naming both currencies, and nothing written.
      const refused = await createImportDraft({ ...base, fileName: file.path, bytes: fixture(file.path) });
      if (!refused.ok) throw new Error(JSON.stringify(refused.problem));
      expect(await previewImport({ ...base, draftId: refused.draftId }), file.path).toMatchObject({
        kind: "problem",
        problem: { kind: "currency", found: file.currency, expected: "EUR" },
      });
      await db().delete(importDraft).where(eq(importDraft.id, refused.draftId));
      // Into the account of its currency: every row, each entry in that currency.
      const target = { ...base, accountId: accounts[file.currency] };
      const { preview, result } = await importFile(target, fixture(file.path));
      expect(preview, file.path).toMatchObject({ kind: "preview", format: file.format });
      expect(result, file.path).toMatchObject({ ok: true });
      if (!result.ok || result.imported < 1) throw new Error(`${file.path}: nothing imported`);
    }
    const currencies = await db()
      .selectDistinct({ accountId: transaction.accountId, currency: transaction.currency })
      .from(transaction)
      .where(eq(transaction.householdId, base.householdId));
    expect(currencies.toSorted((a, b) => a.currency.localeCompare(b.currency))).toEqual([
      { accountId: accounts.PLN, currency: "PLN" },
      { accountId: accounts.UAH, currency: "UAH" },
    ]);
    // A QIF file names no currency: it takes the account's, whichever it is.
    const francs = { ...base, accountId: await account("PostFinance", "CHF") };
    expect((await importFile(francs, fixture("qif/european.qif"))).result).toMatchObject({ ok: true });
    const [qifEntry] = await db().select().from(transaction).where(eq(transaction.accountId, francs.accountId));
    expect(qifEntry).toMatchObject({ currency: "CHF" });
  });

  it("keeps what a card payment abroad cost in the shop's currency beside the card's amount", async () => {
    const base = await household({ premium: true });
    const parsed = parseAccountForm({ name: "Monobank", kind: "credit_card", currency: "UAH" }, "en");
    if (!parsed.ok) throw new Error("invalid");
    const created = await createAccount({ ...base, input: parsed.value });
    if (!created.ok) throw new Error("no account");
    const header =
      '"Дата i час операції","Деталі операції","MCC","Сума в валюті картки (UAH)","Сума в валюті операції","Валюта","Курс","Сума комісій (UAH)","Сума кешбеку (UAH)","Залишок після операції"';
    const file = encoder.encode(
      [
        header,
        '"27.01.2026 18:04:11","Booking.com","4722","-2412.40","-52.00","EUR","46.3923","0.00","0.00","1998.80"',
        '"26.01.2026 09:12:40","Сільпо","5411","-312.70","-312.70","UAH","—","0.00","0.00","4411.20"',
      ].join("\n"),
    );
    expect((await importFile({ ...base, accountId: created.accountId }, file)).result).toMatchObject({
      ok: true,
      imported: 2,
    });
    const rows = await db()
      .select({
        amountMinor: transaction.amountMinor,
        currency: transaction.currency,
        originalAmountMinor: transaction.originalAmountMinor,
        originalCurrency: transaction.originalCurrency,
        baseAmountMinor: transaction.baseAmountMinor,
        rateSource: transaction.rateSource,
      })
      .from(transaction)
      .where(eq(transaction.accountId, created.accountId))
      .orderBy(transaction.occurredOn);
    expect(rows).toMatchObject([
      { amountMinor: 31_270, currency: "UAH", originalAmountMinor: null, originalCurrency: null },
      // Charged in the household's own currency: the bank's rate, so it counts as exactly what the hotel charged.
      {
        amountMinor: 241_240,
        currency: "UAH",
        originalAmountMinor: 5200,
        originalCurrency: "EUR",
        baseAmountMinor: 5200,
        rateSource: "bank",
      },
    ]);
  });

  it("undo removes exactly one import, once", async () => {
    const base = await household();
    const first = await importFile(base, ingCsv([salary]));
    const second = await importFile(base, ingCsv([coffee, rent]));
    if (!first.result.ok || !second.result.ok) throw new Error("not imported");
    expect(await undoImport({ ...base, batchId: second.result.batchId })).toEqual({ ok: true, removed: 2 });
    expect(await undoImport({ ...base, batchId: second.result.batchId })).toEqual({ ok: true, removed: 0 });
    expect(await entryCount(base.householdId)).toBe(1);
    expect((await listImportBatches(base)).map((batch) => batch.id)).toEqual([first.result.batchId]);
    // What was undone can be imported again.
    expect((await importFile(base, ingCsv([coffee, rent]))).result).toMatchObject({ ok: true, imported: 2 });
  });

  it("a file that is not a statement, or in another currency, is refused and writes nothing", async () => {
    const base = await household();
    const pdf = await createImportDraft({
      ...base,
      fileName: "statement.pdf",
      bytes: encoder.encode("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"),
    });
    if (!pdf.ok) throw new Error("no draft");
    expect(await previewImport({ ...base, draftId: pdf.draftId })).toMatchObject({
      kind: "problem",
      problem: { kind: "file", error: { code: "NOT_A_STATEMENT" } },
    });
    expect(await confirmImport({ ...base, draftId: pdf.draftId, choices: noChoices })).toMatchObject({
      ok: false,
      problem: { kind: "file" },
    });
    expect(await createImportDraft({ ...base, fileName: "empty.csv", bytes: new Uint8Array() })).toEqual({
      ok: false,
      problem: { kind: "file", error: { code: "EMPTY_FILE" } },
    });

    const usd = encoder.encode(
      [
        '"Date","Description","Amount","Currency"',
        '"2026-11-02","Coffee","-3.20","USD"',
        '"2026-11-03","Lunch","-12.50","USD"',
      ].join("\n"),
    );
    const mapping = {
      date: { header: "Date" },
      amount: { header: "Amount" },
      description: [{ header: "Description" }],
      currency: { header: "Currency" },
      dateFormat: "YYYY-MM-DD",
      decimal: ".",
    };
    const draft = await createImportDraft({ ...base, fileName: "usd.csv", bytes: usd });
    if (!draft.ok) throw new Error("no draft");
    expect(await previewImport({ ...base, draftId: draft.draftId, mapping })).toMatchObject({
      kind: "problem",
      problem: { kind: "currency", found: "USD", expected: "EUR" },
    });
    expect(await entryCount(base.householdId)).toBe(0);
    expect(await db().select().from(importBatch).where(eq(importBatch.householdId, base.householdId))).toEqual([]);
  });

  it("an unknown CSV asks for its columns once; the answer is saved for the account", async () => {
    const base = await household();
    const bytes = encoder.encode(
      ["Wann;Was;Wieviel", "02.11.2026;Bäckerei Müller;-4,80", "03.11.2026;Gehalt;2.500,00"].join("\n"),
    );
    const draft = await createImportDraft({ ...base, fileName: "bank.csv", bytes });
    if (!draft.ok) throw new Error("no draft");
    const asked = await previewImport({ ...base, draftId: draft.draftId });
    expect(asked).toMatchObject({ kind: "needs-mapping", headers: ["Wann", "Was", "Wieviel"] });
    const mapping = {
      date: { header: "Wann" },
      amount: { header: "Wieviel" },
      description: [{ header: "Was" }],
      dateFormat: "DD.MM.YYYY",
      decimal: ",",
    };
    expect(await previewImport({ ...base, draftId: draft.draftId, mapping })).toMatchObject({
      kind: "preview",
      summary: { new: 2 },
    });
    expect(await confirmImport({ ...base, draftId: draft.draftId, choices: { ...noChoices, mapping } })).toMatchObject({
      ok: true,
      imported: 2,
    });
    const next = await createImportDraft({
      ...base,
      fileName: "bank.csv",
      bytes: encoder.encode(["Wann;Was;Wieviel", "04.11.2026;Kino;-12,00"].join("\n")),
    });
    if (!next.ok) throw new Error("no draft");
    expect(await previewImport({ ...base, draftId: next.draftId })).toMatchObject({
      kind: "preview",
      summary: { new: 1 },
    });
  });

  it("only the owner imports; a stranger cannot see or use another household's drafts and batches", async () => {
    const base = await household({ premium: true });
    const partner = await seedUser();
    await addPartner({ householdId: base.householdId, userId: partner.id });
    const stranger = await household();
    await expect(
      createImportDraft({ ...base, userId: partner.id, fileName: "x.csv", bytes: ingCsv([coffee]) }),
    ).rejects.toMatchObject({ code: "readOnly" });
    await expect(
      createImportDraft({ ...stranger, accountId: base.accountId, fileName: "x.csv", bytes: ingCsv([coffee]) }),
    ).rejects.toMatchObject({ code: "notFound" });
    const draft = await createImportDraft({ ...base, fileName: "x.csv", bytes: ingCsv([coffee]) });
    if (!draft.ok) throw new Error("no draft");
    await expect(previewImport({ ...stranger, draftId: draft.draftId })).rejects.toMatchObject({ code: "notFound" });
    expect(await confirmImport({ ...stranger, draftId: draft.draftId, choices: noChoices })).toEqual({
      ok: false,
      expired: true,
    });
    const imported = await confirmImport({ ...base, draftId: draft.draftId, choices: noChoices });
    if (!imported.ok) throw new Error("not imported");
    await expect(undoImport({ ...stranger, batchId: imported.batchId })).rejects.toMatchObject({ code: "notFound" });
    expect(await db().select().from(importDraft).where(eq(importDraft.householdId, base.householdId))).toEqual([]);
  });
});

describe("statement drafts", () => {
  const draftCount = async (householdId: string) =>
    (await db().select({ id: importDraft.id }).from(importDraft).where(eq(importDraft.householdId, householdId)))
      .length;

  it("a household keeps at most 5 drafts and 25 MB of them; the next upload is refused with a reason", async () => {
    const base = await household();
    for (let index = 0; index < draftQuota.count; index++)
      expect((await createImportDraft({ ...base, fileName: `${index}.csv`, bytes: ingCsv([coffee]) })).ok).toBe(true);
    const refusal = { ok: false, problem: { kind: "draftQuota", count: 5, megabytes: 25 } };
    expect(await createImportDraft({ ...base, fileName: "6.csv", bytes: ingCsv([coffee]) })).toEqual(refusal);
    expect(await draftCount(base.householdId)).toBe(5);

    // Bytes: two large files fit, a third that would pass 25 MB does not; uploads at once cannot both take the last room.
    const other = await household();
    const large = new Uint8Array(10 * 1024 * 1024);
    expect((await createImportDraft({ ...other, fileName: "a.xml", bytes: large })).ok).toBe(true);
    const racing = await Promise.all(
      [0, 1].map(() => createImportDraft({ ...other, fileName: "b.xml", bytes: large })),
    );
    expect(racing.filter((result) => result.ok)).toHaveLength(1);
    expect(racing.filter((result) => !result.ok)).toEqual([refusal]);
    expect(
      await createImportDraft({ ...other, fileName: "small.csv", bytes: new Uint8Array(5 * 1024 * 1024 + 1) }),
    ).toEqual(refusal);
    expect(await draftCount(other.householdId)).toBe(2);
  });

  it("drafts are removed a day after upload by the timer, whether or not anyone uploads; two rounds at once remove each once", async () => {
    await db().delete(importDraft);
    const base = await household();
    const draft = await createImportDraft({ ...base, fileName: "x.csv", bytes: ingCsv([coffee]) });
    if (!draft.ok) throw new Error("no draft");
    expect(await purgeExpiredDrafts()).toBe(0);
    const tomorrow = new Date(Date.now() + draftLifetimeMs + 60_000);
    const rounds = await Promise.all([purgeExpiredDrafts(tomorrow), purgeExpiredDrafts(tomorrow)]);
    expect(rounds.reduce((sum, removed) => sum + removed, 0)).toBe(1);
    expect(await draftCount(base.householdId)).toBe(0);

    const again = await createImportDraft({ ...base, fileName: "y.csv", bytes: ingCsv([coffee]) });
    if (!again.ok) throw new Error("no draft");
    const worker = new DraftPurgeWorker({ intervalMs: 60_000, now: () => tomorrow });
    worker.start();
    for (let wait = 0; wait < 100 && (await draftCount(base.householdId)) > 0; wait++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await worker.stop();
    expect(await draftCount(base.householdId)).toBe(0);
  });

  it("a draft is read only by the member who uploaded it, and goes with them when they leave, are removed or delete their account", async () => {
    const base = await household({ premium: true });
    const editor = await seedUser({ password: "a long and calm passphrase" });
    await addPartner({ householdId: base.householdId, userId: editor.id, canEdit: true });
    const asEditor = { ...base, userId: editor.id };
    const upload = async () => {
      const draft = await createImportDraft({ ...asEditor, fileName: "editor.csv", bytes: ingCsv([coffee]) });
      if (!draft.ok) throw new Error("no draft");
      return draft.draftId;
    };

    const draftId = await upload();
    expect(await previewImport({ ...asEditor, draftId })).toMatchObject({ kind: "preview", fileName: "editor.csv" });
    // The owner can neither read nor confirm the partner's bank file.
    await expect(previewImport({ ...base, draftId })).rejects.toMatchObject({ code: "notFound" });
    expect(await confirmImport({ ...base, draftId, choices: noChoices })).toEqual({ ok: false, expired: true });
    expect(await entryCount(base.householdId)).toBe(0);

    await removePartner({ ...base, partnerUserId: editor.id });
    expect(await draftCount(base.householdId)).toBe(0);

    await addPartner({ householdId: base.householdId, userId: editor.id, canEdit: true });
    await upload();
    await leaveHousehold(asEditor);
    expect(await draftCount(base.householdId)).toBe(0);

    await addPartner({ householdId: base.householdId, userId: editor.id, canEdit: true });
    const ownersDraft = await createImportDraft({ ...base, fileName: "owner.csv", bytes: ingCsv([coffee]) });
    await upload();
    expect(await deleteAccount({ userId: editor.id, password: "a long and calm passphrase" })).toMatchObject({
      ok: true,
    });
    const left = await db()
      .select({ id: importDraft.id })
      .from(importDraft)
      .where(eq(importDraft.householdId, base.householdId));
    expect(left.map((row) => row.id)).toEqual([ownersDraft.ok ? ownersDraft.draftId : "none"]);
  });
});

describe("an import meets what is already there", () => {
  const eatingOut = builtInCategory("eatingOut").id;
  const coffeeOn = (date: string) => [date, "Café Noir", own, "", "BA", "Af", "3,20", "Betaalautomaat", "Koffie"];

  async function typed(base: { userId: string; householdId: string }, occurredOn: string, shared?: boolean) {
    const added = await addTransaction({
      ...base,
      fields: {
        kind: "expense",
        amountMinor: 320,
        occurredOn,
        description: "Coffee with Sanne",
        categoryId: eatingOut,
        ...(shared === undefined ? {} : { shared }),
      },
    });
    if (!added.ok) throw new Error("not added");
    return added.transaction.id;
  }

  async function entry(id: string) {
    const [row] = await db().select().from(transaction).where(eq(transaction.id, id));
    return row;
  }

  it("links a row booked two days after an entry typed by hand, keeps the person's entry, and undo unlinks it", async () => {
    const base = await household();
    const id = await typed(base, "2026-11-03");
    const before = await entry(id);
    const { preview, result } = await importFile(base, ingCsv([coffeeOn("20261105"), rent]));
    if (preview.kind !== "preview" || !result.ok) throw new Error("not imported");
    expect(preview.summary).toMatchObject({ rows: 2, new: 1, matched: 1 });
    expect(preview.rows[0]).toMatchObject({
      status: "entry-matched",
      matchedEntry: { title: "Coffee with Sanne", occurredOn: "2026-11-03" },
    });
    expect(result).toMatchObject({ imported: 1, matched: 1 });
    expect(await entryCount(base.householdId)).toBe(2);
    const linked = await entry(id);
    expect(linked).toMatchObject({
      description: "Coffee with Sanne",
      categoryId: eatingOut,
      occurredOn: "2026-11-03",
      details: preview.rows[0]?.description,
      matchedImportBatchId: result.batchId,
      importBatchId: null,
    });
    expect(linked?.details).not.toBe("");
    expect(linked?.importKey).toEqual(expect.any(String));

    // The same file again: the linked entry is the row's duplicate, like the rent.
    const again = await importFile(base, ingCsv([coffeeOn("20261105"), rent]));
    expect(again.preview).toMatchObject({ summary: { new: 0, matched: 0, duplicates: 2 } });
    expect(again.result).toMatchObject({ ok: true, imported: 0, matched: 0 });
    expect(await entryCount(base.householdId)).toBe(2);

    // Undo removes the rent the import added and gives the typed entry back as it was, still there.
    expect(await undoImport({ ...base, batchId: result.batchId })).toEqual({ ok: true, removed: 1 });
    expect(await entryCount(base.householdId)).toBe(1);
    const unlinked = await entry(id);
    expect(unlinked).toMatchObject({
      description: "Coffee with Sanne",
      categoryId: eatingOut,
      details: before?.details,
      importKey: null,
      matchedImportBatchId: null,
    });
    // And the statement finds it again.
    expect((await importFile(base, ingCsv([coffeeOn("20261105")]))).result).toMatchObject({ ok: true, matched: 1 });
  });

  it("leaves a row five days from the entry new, and adds a matched row as new when the person says so", async () => {
    const base = await household();
    const id = await typed(base, "2026-11-03");
    const far = await importFile(base, ingCsv([coffeeOn("20261108")]));
    expect(far.preview).toMatchObject({ summary: { new: 1, matched: 0 } });
    expect(far.result).toMatchObject({ ok: true, imported: 1, matched: 0 });

    const near = await importFile(base, ingCsv([coffeeOn("20261104")]), { ...noChoices, asNewLines: new Set([2]) });
    expect(near.preview).toMatchObject({ summary: { matched: 1 } });
    expect(near.result).toMatchObject({ ok: true, imported: 1, matched: 0 });
    expect(await entryCount(base.householdId)).toBe(3);
    expect(await entry(id)).toMatchObject({ importKey: null, details: "", matchedImportBatchId: null });
  });

  it("links one of two identical rows to one entry and adds the other", async () => {
    const base = await household();
    await typed(base, "2026-11-03");
    const { preview, result } = await importFile(base, ingCsv([coffeeOn("20261104"), coffeeOn("20261104")]));
    expect(preview.kind === "preview" && preview.rows.map((row) => row.status)).toEqual(["entry-matched", "new"]);
    expect(result).toMatchObject({ ok: true, imported: 1, matched: 1 });
    expect(await entryCount(base.householdId)).toBe(2);
  });

  it("links an entry a series posted", async () => {
    const base = await household({ premium: true });
    const parsed = parseRecurringForm(
      {
        kind: "expense",
        categoryId: builtInCategory("housing").id,
        frequency: "monthly",
        startsOn: "2026-11-01",
        amount: "1250",
        description: "Rent",
        day: "1",
        autoPost: "on",
      },
      "en",
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
    const created = await createRecurring({ ...base, input: parsed.value });
    if (!created.ok) throw new Error("no series");
    const [posted] = await postDueOccurrences({ today: "2026-11-02" });
    expect(posted).toBeDefined();
    const { preview, result } = await importFile(base, ingCsv([rent]));
    expect(preview.kind === "preview" && preview.rows[0]).toMatchObject({
      status: "entry-matched",
      matchedEntry: { title: "Rent", occurredOn: "2026-11-01" },
    });
    expect(result).toMatchObject({ ok: true, imported: 0, matched: 1 });
    expect(await entryCount(base.householdId)).toBe(1);
  });

  it("never offers a partner's hidden personal entry as a match", async () => {
    const base = await household({ premium: true });
    const partner = await seedUser();
    await addPartner({ householdId: base.householdId, userId: partner.id, canEdit: true });
    const asPartner = { ...base, userId: partner.id };
    const hidden = await typed(asPartner, "2026-11-03", false);
    // Shown in detail, the partner's entry is offered; once they show personal spending only as totals, it is not.
    const draft = await createImportDraft({ ...base, fileName: "ing.csv", bytes: ingCsv([coffeeOn("20261104")]) });
    if (!draft.ok) throw new Error("no draft");
    expect(await previewImport({ ...base, draftId: draft.draftId })).toMatchObject({ summary: { matched: 1 } });
    await setPersonalPrivacy({ ...asPartner, personalInDetail: false });
    expect(await previewImport({ ...base, draftId: draft.draftId })).toMatchObject({ summary: { matched: 0 } });

    const { preview, result } = await importFile(base, ingCsv([coffeeOn("20261104")]));
    expect(preview).toMatchObject({ summary: { new: 1, matched: 0 } });
    expect(JSON.stringify(preview)).not.toContain("Coffee with Sanne");
    expect(result).toMatchObject({ ok: true, imported: 1, matched: 0 });
    expect(await entry(hidden)).toMatchObject({ importKey: null, details: "", matchedImportBatchId: null });
  });
});
