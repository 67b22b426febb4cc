import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { eq } from "drizzle-orm";
import { transaction } from "~/db/schema/entries";
import { transfer } from "~/db/schema/money-accounts";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { addTransaction } from "~/features/entries/transactions.server";
import { confirmImport, createImportDraft } from "~/features/statement-import/statement-import.server";
import { uuidv7 } from "~/lib/uuid";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { parseAccountForm } from "./account.schema";
import { createAccount, listAccounts, setAccountArchived, updateAccount } from "./accounts.server";
import { everydayAccountId } from "./everyday-account.server";

useTestDatabase();

function input(values: Record<string, string>) {
  const parsed = parseAccountForm({ kind: "savings", ...values }, "de");
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  return parsed.value;
}

describe("accounts", () => {
  it("every household has its Everyday account, holding the entries typed without an account", async () => {
    const { owner, household } = await seedHousehold();
    await seedTransactions({
      householdId: household.id,
      entries: [
        { kind: "income", amountMinor: 250_000, occurredOn: "2026-11-01" },
        { kind: "expense", amountMinor: 4_550, occurredOn: "2026-11-02", category: "groceries" },
        { kind: "expense", amountMinor: 1_000, occurredOn: "2026-12-24", category: "groceries" },
      ],
    });
    const accounts = await listAccounts({ userId: owner.id, householdId: household.id, on: "2026-11-30" });
    expect(accounts).toEqual([
      expect.objectContaining({
        name: null,
        isEveryday: true,
        kind: "checking",
        currency: "EUR",
        balanceMinor: 245_450,
      }),
    ]);
    expect(await everydayAccountId(household.id)).toBe(accounts[0]?.id);
  });

  it("balances count transfers in and out, never as income or expense", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const everyday = await everydayAccountId(household.id);
    const created = await createAccount({
      userId: owner.id,
      householdId: household.id,
      input: input({ name: "Spaarrekening", iban: "nl02 abna 0123 4567 89", openingBalance: "1.000,00" }),
    });
    if (!created.ok) throw new Error("not created");
    await seedTransactions({
      householdId: household.id,
      entries: [{ kind: "income", amountMinor: 300_000, occurredOn: "2026-11-01" }],
    });
    await db().insert(transfer).values({
      id: uuidv7(),
      householdId: household.id,
      fromAccountId: everyday,
      toAccountId: created.accountId,
      amountMinor: 50_000,
      toAmountMinor: 50_000,
      occurredOn: "2026-11-05",
    });
    const balances = Object.fromEntries(
      (await listAccounts({ userId: owner.id, householdId: household.id, on: "2026-11-30" })).map((account) => [
        account.name ?? "everyday",
        account.balanceMinor,
      ]),
    );
    expect(balances).toEqual({ everyday: 250_000, Spaarrekening: 150_000 });
    const before = Object.fromEntries(
      (await listAccounts({ userId: owner.id, householdId: household.id, on: "2026-11-04" })).map((account) => [
        account.name ?? "everyday",
        account.balanceMinor,
      ]),
    );
    expect(before).toEqual({ everyday: 300_000, Spaarrekening: 100_000 });
  });

  it("the free plan keeps one savings account; premium adds more; an IBAN belongs to one account of a household", async () => {
    const { owner, household } = await seedHousehold();
    const base = { userId: owner.id, householdId: household.id };
    expect(await createAccount({ ...base, input: input({ name: "Cash", kind: "cash" }) })).toEqual({
      ok: false,
      fieldErrors: { form: "errors.accounts.limit" },
    });
    const spaar = await createAccount({ ...base, input: input({ name: "Spaarpot" }) });
    expect(spaar.ok).toBe(true);
    expect(await createAccount({ ...base, input: input({ name: "Second" }) })).toEqual({
      ok: false,
      fieldErrors: { form: "errors.accounts.limit" },
    });
    if (!spaar.ok) return;
    // The savings account cannot turn into a credit card on the free plan.
    const [saved] = (await listAccounts(base)).filter((account) => account.id === spaar.accountId);
    expect(
      await updateAccount({
        ...base,
        accountId: spaar.accountId,
        version: saved?.version,
        input: input({ name: "Spaarpot", kind: "credit_card" }),
      }),
    ).toEqual({ ok: false, fieldErrors: { kind: "errors.accounts.limit" } });
    await setAccountArchived({ ...base, accountId: spaar.accountId, archived: true });
    await seedPremium(household.id);
    const first = await createAccount({
      userId: owner.id,
      householdId: household.id,
      input: input({ name: "Sparen", iban: "DE89 3704 0044 0532 0130 00" }),
    });
    expect(first.ok).toBe(true);
    expect(
      await createAccount({
        userId: owner.id,
        householdId: household.id,
        input: input({ name: "Again", iban: "de89370400440532013000" }),
      }),
    ).toEqual({ ok: false, fieldErrors: { iban: "errors.iban.taken" } });
  });

  it("the same IBAN added or saved twice at once is refused as taken, never a crash", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const base = { userId: owner.id, householdId: household.id };
    const results = await Promise.all(
      [0, 1, 2].map((tab) =>
        createAccount({ ...base, input: input({ name: `Tab ${tab}`, iban: "DE89370400440532013000" }) }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok)).toEqual([
      { ok: false, fieldErrors: { iban: "errors.iban.taken" } },
      { ok: false, fieldErrors: { iban: "errors.iban.taken" } },
    ]);
  });

  it("validates names, IBANs and signed opening balances in the reader's language", () => {
    expect(parseAccountForm({ name: "", kind: "checking" }, "en")).toEqual({
      ok: false,
      fieldErrors: { name: "errors.accountName.required" },
    });
    expect(parseAccountForm({ name: "Visa", kind: "credit_card", iban: "NL92ABNA0417164300" }, "en")).toEqual({
      ok: false,
      fieldErrors: { iban: "errors.iban.invalid" },
    });
    expect(parseAccountForm({ name: "Visa", kind: "credit_card", openingBalance: "-1.234,56" }, "de")).toMatchObject({
      ok: true,
      value: { openingBalance: -123_456 },
    });
    expect(parseAccountForm({ name: "Visa", kind: "loan" }, "en")).toEqual({
      ok: false,
      fieldErrors: { kind: "errors.form.invalid" },
    });
    expect(parseAccountForm({ name: "a\u0000b", kind: "cash" }, "en").ok).toBe(false);
    // In the account's currency's minor digits: whole yen, Kuwaiti fils in thousandths; an unknown code is refused.
    expect(
      parseAccountForm({ name: "Yucho", kind: "savings", currency: "JPY", openingBalance: "150.000" }, "de"),
    ).toMatchObject({ ok: true, value: { currency: "JPY", openingBalance: 150_000 } });
    expect(parseAccountForm({ name: "Yucho", kind: "savings", currency: "JPY", openingBalance: "1,5" }, "de")).toEqual({
      ok: false,
      fieldErrors: { openingBalance: "errors.amount.tooManyDecimals0" },
    });
    expect(
      parseAccountForm({ name: "NBK", kind: "savings", currency: "KWD", openingBalance: "14.625" }, "en"),
    ).toMatchObject({ ok: true, value: { openingBalance: 14_625 } });
    // An edit reads the balance in the account's own currency, which the form does not post.
    expect(parseAccountForm({ name: "NBK", kind: "savings", openingBalance: "14.6" }, "en", "KWD")).toMatchObject({
      ok: true,
      value: { openingBalance: 14_600 },
    });
    expect(parseAccountForm({ name: "X", kind: "savings", currency: "XYZ" }, "en")).toEqual({
      ok: false,
      fieldErrors: { currency: "errors.form.invalid" },
    });
  });

  it("the sharing default round-trips; an edit that does not ask keeps it; a bad value is refused", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const base = { userId: owner.id, householdId: household.id };
    const created = await createAccount({
      ...base,
      input: input({ name: "Joint", kind: "checking", defaultShared: "1" }),
    });
    if (!created.ok) throw new Error("not created");
    const account = async () => (await listAccounts(base)).find((row) => row.id === created.accountId);
    expect(await account()).toMatchObject({ name: "Joint", defaultShared: true });
    expect(
      await updateAccount({
        ...base,
        accountId: created.accountId,
        version: (await account())?.version,
        input: input({ name: "Joint", defaultShared: "0" }),
      }),
    ).toEqual({ ok: true, accountId: created.accountId });
    expect(await account()).toMatchObject({ defaultShared: false });
    await updateAccount({
      ...base,
      accountId: created.accountId,
      version: (await account())?.version,
      input: input({ name: "Joint", defaultShared: "1" }),
    });
    // A household of one is not asked: its form posts no default, and the account keeps the one it has.
    await updateAccount({
      ...base,
      accountId: created.accountId,
      version: (await account())?.version,
      input: input({ name: "Joint account" }),
    });
    expect(await account()).toMatchObject({ name: "Joint account", defaultShared: true });
    // A stale save is refused with the account as it is now, its default included.
    expect(
      await updateAccount({
        ...base,
        accountId: created.accountId,
        version: "1",
        input: input({ name: "Mine", defaultShared: "0" }),
      }),
    ).toMatchObject({ conflict: "changed", current: { defaultShared: true } });
    const plain = await createAccount({ ...base, input: input({ name: "Own" }) });
    expect(plain.ok && (await listAccounts(base)).find((row) => row.id === plain.accountId)?.defaultShared).toBe(false);
    for (const bad of ["yes", "true", "", "2"])
      expect(parseAccountForm({ name: "Joint", kind: "checking", defaultShared: bad }, "en")).toEqual({
        ok: false,
        fieldErrors: { defaultShared: "errors.form.invalid" },
      });
  });

  it("on a joint account a new entry typed by hand and an imported row start shared", async () => {
    const { owner, household } = await seedHousehold();
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    const base = { userId: owner.id, householdId: household.id };
    const [everyday] = await listAccounts(base);
    if (!everyday) throw new Error("no Everyday account");
    await updateAccount({
      ...base,
      accountId: everyday.id,
      version: everyday.version,
      input: input({ name: "Joint", kind: "checking", defaultShared: "1" }),
    });
    const typed = await addTransaction({
      ...base,
      fields: {
        kind: "expense",
        amountMinor: 1_250,
        occurredOn: "2026-11-02",
        description: "Groceries",
        categoryId: builtInCategory("groceries").id,
      },
    });
    expect(typed.ok).toBe(true);
    const csv = [
      '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"',
      '"20261103";"Bakker";"NL91ABNA0417164300";"";"BA";"Af";"2,50";"Betaalautomaat";"Brood"',
    ];
    const draft = await createImportDraft({
      ...base,
      accountId: everyday.id,
      fileName: "ing.csv",
      bytes: new TextEncoder().encode(csv.join("\r\n")),
    });
    if (!draft.ok) throw new Error("no draft");
    expect(
      await confirmImport({
        ...base,
        draftId: draft.draftId,
        choices: { skipLines: new Set(), categories: new Map() },
      }),
    ).toMatchObject({ ok: true, imported: 1 });
    const entries = await db()
      .select({ description: transaction.description, details: transaction.details, shared: transaction.shared })
      .from(transaction)
      .where(eq(transaction.householdId, household.id));
    // The imported row's bank text is its details (its title is its payee's name).
    expect(Object.fromEntries(entries.map((row) => [row.description || row.details, row.shared]))).toEqual({
      Groceries: true,
      Brood: true,
    });
  });

  it("a partner and a stranger cannot change accounts; the Everyday account cannot be archived", async () => {
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    const stranger = await seedUser();
    const everyday = await everydayAccountId(household.id);
    await expect(
      createAccount({ userId: partner.id, householdId: household.id, input: input({ name: "Mine" }) }),
    ).rejects.toMatchObject({ code: "readOnly" });
    await expect(
      updateAccount({
        userId: stranger.id,
        householdId: household.id,
        accountId: everyday,
        version: undefined,
        input: input({ name: "Stolen" }),
      }),
    ).rejects.toMatchObject({ code: "notFound" });
    await expect(listAccounts({ userId: stranger.id, householdId: household.id })).rejects.toMatchObject({
      code: "notFound",
    });
    expect(
      await setAccountArchived({ userId: owner.id, householdId: household.id, accountId: everyday, archived: true }),
    ).toEqual({ ok: false, error: "errors.accounts.everydayStays" });
    expect((await listAccounts({ userId: partner.id, householdId: household.id })).length).toBe(1);
  });
});
