import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { monthTotal } from "~/db/schema/entries";
import { deletedTransfer, moneyAccount, transfer } from "~/db/schema/money-accounts";
import { useTestDatabase } from "~/db/test-database";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { parseAccountForm } from "./account.schema";
import { createAccount, listAccounts, setAccountArchived } from "./accounts.server";
import { everydayAccountId } from "./everyday-account.server";
import { parseTransferForm } from "./transfer.schema";
import {
  activityPageSize,
  createTransfer,
  deleteTransfer,
  listAccountActivity,
  purgeTransferUndoCopies,
  rateTolerance,
  restoreTransfer,
  transferUndoHours,
} from "./transfers.server";

useTestDatabase();

/** A premium household with its Everyday account and a savings account. */
async function householdWithSavings() {
  const { owner, household } = await seedHousehold();
  await seedPremium(household.id);
  const everyday = await everydayAccountId(household.id);
  const parsed = parseAccountForm({ name: "Savings", kind: "savings" }, "en");
  if (!parsed.ok) throw new Error("bad account form");
  const created = await createAccount({ userId: owner.id, householdId: household.id, input: parsed.value });
  if (!created.ok) throw new Error("no savings account");
  return { owner, household, everyday, savings: created.accountId };
}

function fields(values: Record<string, string>) {
  const parsed = parseTransferForm({ occurredOn: "2026-11-05", ...values }, "de");
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.fieldErrors));
  const { amount, receivedAmount, ...rest } = parsed.value;
  return { ...rest, amountMinor: amount, toAmountMinor: receivedAmount };
}

const balances = async (userId: string, householdId: string) =>
  Object.fromEntries(
    (await listAccounts({ userId, householdId, on: "2026-11-30" })).map((account) => [
      account.name ?? "everyday",
      account.balanceMinor,
    ]),
  );

describe("transfers between own accounts", () => {
  it("moves money: both balances change, month totals do not", async () => {
    const { owner, household, everyday, savings } = await householdWithSavings();
    await seedTransactions({
      householdId: household.id,
      entries: [{ kind: "income", amountMinor: 300_000, occurredOn: "2026-11-01" }],
    });
    const totalsBefore = await db().select().from(monthTotal).where(eq(monthTotal.householdId, household.id));

    const result = await createTransfer({
      userId: owner.id,
      householdId: household.id,
      fields: fields({ fromAccountId: everyday, toAccountId: savings, amount: "250,00", description: "Rücklage" }),
    });
    expect(result).toMatchObject({
      ok: true,
      transfer: {
        fromAccountId: everyday,
        toAccountId: savings,
        amountMinor: 25_000,
        occurredOn: "2026-11-05",
        description: "Rücklage",
      },
    });
    expect(await balances(owner.id, household.id)).toEqual({ everyday: 275_000, Savings: 25_000 });
    expect(await db().select().from(monthTotal).where(eq(monthTotal.householdId, household.id))).toEqual(totalsBefore);
  });

  it("deleting hands the transfer back; restoring puts it back once under its old id", async () => {
    const { owner, household, everyday, savings } = await householdWithSavings();
    const created = await createTransfer({
      userId: owner.id,
      householdId: household.id,
      fields: fields({ fromAccountId: everyday, toAccountId: savings, amount: "80" }),
    });
    if (!created.ok) throw new Error("not created");
    const deleted = await deleteTransfer({
      userId: owner.id,
      householdId: household.id,
      transferId: created.transfer.id,
    });
    expect(deleted).toEqual(created.transfer);
    expect(await balances(owner.id, household.id)).toEqual({ everyday: 0, Savings: 0 });

    for (let time = 0; time < 2; time++) {
      expect(await restoreTransfer({ userId: owner.id, householdId: household.id, transferId: deleted.id })).toEqual({
        ok: true,
        transfer: deleted,
      });
    }
    expect(await db().select({ id: transfer.id }).from(transfer).where(eq(transfer.householdId, household.id))).toEqual(
      [{ id: deleted.id }],
    );
    expect(await balances(owner.id, household.id)).toEqual({ everyday: -8_000, Savings: 8_000 });
  });

  it("a partner is refused, a stranger does not see the household", async () => {
    const { owner, household, everyday, savings } = await householdWithSavings();
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    const stranger = await seedUser();
    const move = fields({ fromAccountId: everyday, toAccountId: savings, amount: "10" });
    await expect(createTransfer({ userId: partner.id, householdId: household.id, fields: move })).rejects.toMatchObject(
      { code: "readOnly" },
    );
    await expect(
      createTransfer({ userId: stranger.id, householdId: household.id, fields: move }),
    ).rejects.toMatchObject({ code: "notFound" });
    const created = await createTransfer({ userId: owner.id, householdId: household.id, fields: move });
    if (!created.ok) throw new Error("not created");
    await expect(
      deleteTransfer({ userId: partner.id, householdId: household.id, transferId: created.transfer.id }),
    ).rejects.toMatchObject({ code: "readOnly" });
    await expect(
      deleteTransfer({ userId: stranger.id, householdId: household.id, transferId: created.transfer.id }),
    ).rejects.toMatchObject({ code: "notFound" });
    await expect(
      restoreTransfer({ userId: partner.id, householdId: household.id, transferId: created.transfer.id }),
    ).rejects.toMatchObject({ code: "readOnly" });
    // The partner reads the activity; a stranger, and anyone asking for another household's account, gets "not found".
    expect(
      (await listAccountActivity({ userId: partner.id, householdId: household.id, accountId: savings })).items,
    ).toHaveLength(1);
    await expect(
      listAccountActivity({ userId: stranger.id, householdId: household.id, accountId: savings }),
    ).rejects.toMatchObject({ code: "notFound" });
    const other = await seedHousehold();
    await expect(
      listAccountActivity({ userId: other.owner.id, householdId: other.household.id, accountId: savings }),
    ).rejects.toMatchObject({ code: "notFound" });
    await expect(
      listAccountActivity({ userId: owner.id, householdId: household.id, accountId: "not-a-uuid" }),
    ).rejects.toMatchObject({ code: "notFound" });
  });

  it("refuses the same account twice, another household's or an archived account, with field errors", async () => {
    const { owner, household, everyday, savings } = await householdWithSavings();
    const other = await seedHousehold();
    const foreign = await everydayAccountId(other.household.id);
    const create = (values: Record<string, string>) =>
      createTransfer({
        userId: owner.id,
        householdId: household.id,
        fields: fields({ fromAccountId: everyday, toAccountId: savings, amount: "10", ...values }),
      });

    expect(
      parseTransferForm(
        { fromAccountId: everyday, toAccountId: everyday, amount: "10", occurredOn: "2026-11-05" },
        "en",
      ),
    ).toEqual({ ok: false, fieldErrors: { toAccountId: "errors.transfer.sameAccount" } });
    expect(
      await createTransfer({
        userId: owner.id,
        householdId: household.id,
        fields: {
          fromAccountId: savings,
          toAccountId: savings,
          amountMinor: 100,
          occurredOn: "2026-11-05",
          description: "",
        },
      }),
    ).toEqual({
      ok: false,
      fieldErrors: { toAccountId: "errors.transfer.sameAccount" },
    });
    expect(await create({ toAccountId: foreign })).toEqual({
      ok: false,
      fieldErrors: { toAccountId: "errors.transfer.account" },
    });
    expect(await create({ fromAccountId: foreign })).toEqual({
      ok: false,
      fieldErrors: { form: "errors.transfer.account" },
    });
    expect(
      await setAccountArchived({ userId: owner.id, householdId: household.id, accountId: savings, archived: true }),
    ).toEqual({ ok: true });
    expect(await create({})).toEqual({ ok: false, fieldErrors: { toAccountId: "errors.transfer.account" } });
    expect(await db().select().from(transfer).where(eq(transfer.householdId, household.id))).toEqual([]);
  });

  it("refuses zero, negative and too large amounts, bad dates, long descriptions and NUL bytes", async () => {
    const { owner, household, everyday, savings } = await householdWithSavings();
    const form = (values: Record<string, string>) =>
      parseTransferForm(
        { fromAccountId: everyday, toAccountId: savings, amount: "10", occurredOn: "2026-11-05", ...values },
        "en",
      );
    expect(form({ amount: "0" })).toEqual({ ok: false, fieldErrors: { amount: "errors.transfer.notPositive" } });
    expect(form({ amount: "-5" })).toEqual({ ok: false, fieldErrors: { amount: "errors.transfer.notPositive" } });
    expect(form({ amount: "" })).toEqual({ ok: false, fieldErrors: { amount: "errors.amount.required" } });
    expect(form({ amount: "1000000000000" })).toEqual({ ok: false, fieldErrors: { amount: "errors.amount.tooLarge" } });
    expect(form({ occurredOn: "2026-02-30" })).toEqual({
      ok: false,
      fieldErrors: { occurredOn: "errors.date.invalid" },
    });
    expect(form({ description: "x".repeat(121) })).toEqual({
      ok: false,
      fieldErrors: { description: "errors.description.tooLong" },
    });
    expect(form({ description: "Spa\u0000ren" })).toEqual({
      ok: false,
      fieldErrors: { description: "errors.transfer.characters" },
    });
    expect(form({ toAccountId: "\u0000" })).toEqual({
      ok: false,
      fieldErrors: { toAccountId: "errors.transfer.account" },
    });
    expect(form({ amount: "1.234,56" })).toEqual({ ok: false, fieldErrors: { amount: "errors.amount.invalid" } });
    expect(
      parseTransferForm(
        { fromAccountId: everyday, toAccountId: savings, amount: "1.234,56", occurredOn: "2026-11-05" },
        "de",
      ),
    ).toMatchObject({ ok: true, value: { amount: 123_456 } });

    // The use case keeps the same rules for any caller, not only the form.
    const base = { fromAccountId: everyday, toAccountId: savings, occurredOn: "2026-11-05", description: "" };
    const use = (extra: Partial<typeof base> & { amountMinor?: number }) =>
      createTransfer({ userId: owner.id, householdId: household.id, fields: { ...base, amountMinor: 100, ...extra } });
    expect(await use({ amountMinor: 0 })).toEqual({
      ok: false,
      fieldErrors: { amount: "errors.transfer.notPositive" },
    });
    expect(await use({ amountMinor: -100 })).toEqual({
      ok: false,
      fieldErrors: { amount: "errors.transfer.notPositive" },
    });
    expect(await use({ amountMinor: 100_000_000_000 })).toEqual({
      ok: false,
      fieldErrors: { amount: "errors.amount.tooLarge" },
    });
    expect(await use({ description: "a\u0000b" })).toEqual({
      ok: false,
      fieldErrors: { description: "errors.transfer.characters" },
    });
    expect(await use({ occurredOn: "someday" })).toEqual({
      ok: false,
      fieldErrors: { occurredOn: "errors.date.invalid" },
    });
  });
});

describe("undo of a transfer's delete", () => {
  it("puts back the copy the server kept, only for the member who deleted it, in its own household, within a day", async () => {
    const { owner, household, everyday, savings } = await householdWithSavings();
    const editor = await seedUser();
    await addPartner({ householdId: household.id, userId: editor.id, canEdit: true });
    const other = await seedHousehold();
    await seedPremium(other.household.id);
    const created = await createTransfer({
      userId: owner.id,
      householdId: household.id,
      fields: fields({ fromAccountId: everyday, toAccountId: savings, amount: "80", description: "Buffer" }),
    });
    if (!created.ok) throw new Error("not created");
    // What an import knew of it comes back too.
    await db()
      .update(transfer)
      .set({ fromImportKey: "statement-row-1", toImportKey: "statement-row-2" })
      .where(eq(transfer.id, created.transfer.id));
    const deleted = await deleteTransfer({
      userId: owner.id,
      householdId: household.id,
      transferId: created.transfer.id,
    });
    const gone = { ok: false, fieldErrors: { form: "errors.transfer.undoGone" } };

    // Another member who may write, and the same id asked for in another household (by its owner), find no copy.
    expect(await restoreTransfer({ userId: editor.id, householdId: household.id, transferId: deleted.id })).toEqual(
      gone,
    );
    expect(
      await restoreTransfer({ userId: other.owner.id, householdId: other.household.id, transferId: deleted.id }),
    ).toEqual(gone);
    expect(await restoreTransfer({ userId: owner.id, householdId: household.id, transferId: "not-an-id" })).toEqual(
      gone,
    );
    expect(await db().select().from(transfer).where(eq(transfer.id, deleted.id))).toEqual([]);

    expect(await restoreTransfer({ userId: owner.id, householdId: household.id, transferId: deleted.id })).toEqual({
      ok: true,
      transfer: deleted,
    });
    expect(
      await db()
        .select({
          fromImportKey: transfer.fromImportKey,
          toImportKey: transfer.toImportKey,
          createdBy: transfer.createdBy,
        })
        .from(transfer)
        .where(eq(transfer.id, deleted.id)),
    ).toEqual([{ fromImportKey: "statement-row-1", toImportKey: "statement-row-2", createdBy: owner.id }]);
    expect(await db().select().from(deletedTransfer)).toEqual([]);

    // A day later the copy is gone: undo finds nothing, and the purge removes what is left of older copies.
    const again = await deleteTransfer({ userId: owner.id, householdId: household.id, transferId: deleted.id });
    await db()
      .update(deletedTransfer)
      .set({ deletedAt: new Date(Date.now() - (transferUndoHours + 1) * 3_600_000) })
      .where(eq(deletedTransfer.id, again.id));
    expect(await restoreTransfer({ userId: owner.id, householdId: household.id, transferId: again.id })).toEqual(gone);
    expect(await purgeTransferUndoCopies()).toBe(1);
    expect(await db().select().from(deletedTransfer)).toEqual([]);
  });

  it("puts nothing back when one of its accounts was deleted since", async () => {
    const { owner, household, everyday, savings } = await householdWithSavings();
    const created = await createTransfer({
      userId: owner.id,
      householdId: household.id,
      fields: fields({ fromAccountId: everyday, toAccountId: savings, amount: "5" }),
    });
    if (!created.ok) throw new Error("not created");
    await deleteTransfer({ userId: owner.id, householdId: household.id, transferId: created.transfer.id });
    await db().delete(moneyAccount).where(eq(moneyAccount.id, savings));
    expect(
      await restoreTransfer({ userId: owner.id, householdId: household.id, transferId: created.transfer.id }),
    ).toEqual({ ok: false, fieldErrors: { form: "errors.transfer.undoGone" } });
  });
});

describe("an account's activity", () => {
  it("merges entries and transfers newest first, signed as the account sees them", async () => {
    const { owner, household, everyday, savings } = await householdWithSavings();
    await seedTransactions({
      householdId: household.id,
      entries: [
        { kind: "income", amountMinor: 300_000, occurredOn: "2026-11-01", description: "Salary" },
        { kind: "expense", amountMinor: 4_550, occurredOn: "2026-11-03", category: "groceries" },
      ],
    });
    await createTransfer({
      userId: owner.id,
      householdId: household.id,
      fields: fields({ fromAccountId: everyday, toAccountId: savings, amount: "500", occurredOn: "2026-11-02" }),
    });
    await createTransfer({
      userId: owner.id,
      householdId: household.id,
      fields: fields({
        fromAccountId: savings,
        toAccountId: everyday,
        amount: "20",
        occurredOn: "2026-11-04",
        description: "Back",
      }),
    });

    const { items, nextCursor } = await listAccountActivity({
      userId: owner.id,
      householdId: household.id,
      accountId: everyday,
    });
    expect(nextCursor).toBeNull();
    expect(items.map((item) => [item.occurredOn, item.kind, item.signedAmountMinor])).toEqual([
      ["2026-11-04", "transferIn", 2_000],
      ["2026-11-03", "expense", -4_550],
      ["2026-11-02", "transferOut", -50_000],
      ["2026-11-01", "income", 300_000],
    ]);
    expect(items[0]).toMatchObject({ otherAccountId: savings, description: "Back" });
    expect(items[1]).toMatchObject({ categoryId: expect.any(String) });
    const savingsItems = (
      await listAccountActivity({ userId: owner.id, householdId: household.id, accountId: savings })
    ).items;
    expect(
      savingsItems.map((item) => [item.kind, item.signedAmountMinor, "otherAccountId" in item && item.otherAccountId]),
    ).toEqual([
      ["transferOut", -2_000, everyday],
      ["transferIn", 50_000, everyday],
    ]);
  });

  it("pages through everything without gaps or repeats, also within one day", async () => {
    const { owner, household, everyday, savings } = await householdWithSavings();
    const days = ["2026-10-30", "2026-10-31", "2026-11-01"];
    await seedTransactions({
      householdId: household.id,
      entries: Array.from({ length: 70 }, (_, index) => ({
        kind: "expense" as const,
        amountMinor: 100 + index,
        occurredOn: days[index % 3]!,
        category: "groceries",
      })),
    });
    for (let index = 0; index < 45; index++) {
      const [from, to] = index % 2 ? [everyday, savings] : [savings, everyday];
      const created = await createTransfer({
        userId: owner.id,
        householdId: household.id,
        fields: {
          fromAccountId: from,
          toAccountId: to,
          amountMinor: 1_000 + index,
          occurredOn: days[index % 3]!,
          description: "",
        },
      });
      if (!created.ok) throw new Error("not created");
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: Awaited<ReturnType<typeof listAccountActivity>> = await listAccountActivity({
        userId: owner.id,
        householdId: household.id,
        accountId: everyday,
        before: cursor,
      });
      expect(page.items.length).toBeLessThanOrEqual(activityPageSize);
      seen.push(...page.items.map((item) => `${item.occurredOn}.${item.id}`));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(115);
    expect(new Set(seen).size).toBe(115);
    expect(seen).toEqual([...seen].sort().reverse());
    // A cursor that is not one answers the first page.
    expect(
      (await listAccountActivity({ userId: owner.id, householdId: household.id, accountId: everyday, before: "x.y" }))
        .items,
    ).toHaveLength(activityPageSize);
  });
});

describe("transfers between currencies", () => {
  it("keep both amounts: each account moves by its own, and the form asks for the one that arrived", async () => {
    const { owner, household, everyday, savings } = await householdWithSavings();
    const base = { userId: owner.id, householdId: household.id };
    const parsed = parseAccountForm({ name: "Monobank", kind: "savings", currency: "UAH" }, "en");
    if (!parsed.ok) throw new Error("bad account form");
    const created = await createAccount({ ...base, input: parsed.value });
    if (!created.ok) throw new Error("no hryvnia account");
    const mono = created.accountId;
    // Without the amount that arrived there is nothing to put in the hryvnia account.
    expect(
      await createTransfer({ ...base, fields: fields({ fromAccountId: everyday, toAccountId: mono, amount: "200" }) }),
    ).toEqual({ ok: false, fieldErrors: { receivedAmount: "errors.transfer.receivedRequired" } });
    // 200 EUR left, 9.712,40 UAH arrived (the bank's rate, not the published one).
    const moved = await createTransfer({
      ...base,
      fields: fields({ fromAccountId: everyday, toAccountId: mono, amount: "200", receivedAmount: "9.712,40" }),
    });
    expect(moved).toMatchObject({ ok: true, transfer: { amountMinor: 20_000, toAmountMinor: 971_240 } });
    if (!moved.ok) throw new Error("refused");
    expect(await balances(owner.id, household.id)).toEqual({ everyday: -20_000, Savings: 0, Monobank: 971_240 });
    const [arrived] = (await listAccountActivity({ ...base, accountId: mono })).items;
    expect(arrived).toMatchObject({ kind: "transferIn", signedAmountMinor: 971_240, otherAmountMinor: 20_000 });
    const [left] = (await listAccountActivity({ ...base, accountId: everyday })).items;
    expect(left).toMatchObject({ kind: "transferOut", signedAmountMinor: -20_000, otherAmountMinor: 971_240 });

    // Within one currency one amount moves, whatever a form posts as received.
    const within = await createTransfer({
      ...base,
      fields: fields({ fromAccountId: everyday, toAccountId: savings, amount: "10", receivedAmount: "99" }),
    });
    expect(within).toMatchObject({ ok: true, transfer: { amountMinor: 1000, toAmountMinor: 1000 } });
    // And the database refuses two amounts within one currency from any writer.
    await expect(
      db().insert(transfer).values({
        id: "00000000-0000-7000-8000-000000000024",
        householdId: household.id,
        fromAccountId: everyday,
        toAccountId: savings,
        amountMinor: 1000,
        toAmountMinor: 1100,
        occurredOn: "2026-11-05",
        createdBy: owner.id,
      }),
    ).rejects.toThrow();

    // Deleting and undoing puts both amounts back; the month totals follow each side.
    const deleted = await deleteTransfer({ ...base, transferId: moved.transfer.id });
    expect(await balances(owner.id, household.id)).toEqual({ everyday: -1000, Savings: 1000, Monobank: 0 });
    await restoreTransfer({ ...base, transferId: deleted.id });
    expect(await balances(owner.id, household.id)).toEqual({ everyday: -21_000, Savings: 1000, Monobank: 971_240 });
    await db().update(transfer).set({ toAmountMinor: 970_000 }).where(eq(transfer.id, deleted.id));
    expect(await balances(owner.id, household.id)).toEqual({ everyday: -21_000, Savings: 1000, Monobank: 970_000 });
  });
});

describe("a transfer between currencies at a rate far from the day's", () => {
  async function withYenAccount() {
    const house = await householdWithSavings();
    const parsed = parseAccountForm({ name: "Tokyo", kind: "savings", currency: "JPY" }, "en");
    if (!parsed.ok) throw new Error("bad account form");
    const created = await createAccount({
      userId: house.owner.id,
      householdId: house.household.id,
      input: parsed.value,
    });
    if (!created.ok) throw new Error("no yen account");
    const move = (amountMinor: number, toAmountMinor: number, occurredOn: string) =>
      createTransfer({
        userId: house.owner.id,
        householdId: house.household.id,
        fields: {
          fromAccountId: house.everyday,
          toAccountId: created.accountId,
          amountMinor,
          toAmountMinor,
          occurredOn,
          description: "",
        },
      });
    return { ...house, yen: created.accountId, move };
  }

  it("is refused more than ten times off the known rate either way; a bank's spread is taken", async () => {
    const { move, household } = await withYenAccount();
    const farOff = { ok: false, fieldErrors: { receivedAmount: "errors.transfer.rateFarOff" } };
    // On 5 November 2024 a euro bought about ¥165 (the bundled history).
    expect(await move(1, 99_999_999_999, "2024-11-05")).toEqual(farOff);
    expect(await move(100_00, 100, "2024-11-05")).toEqual(farOff);
    expect(await move(100_00, 165 * 100 * rateTolerance + 2000, "2024-11-05")).toEqual(farOff);
    expect(await db().select().from(transfer).where(eq(transfer.householdId, household.id))).toEqual([]);
    // €100 became ¥16,100 at the bank's own rate, a few percent off: taken.
    expect(await move(100_00, 16_100, "2024-11-05")).toMatchObject({ ok: true, transfer: { toAmountMinor: 16_100 } });
    expect(await move(100_00, 1_700, "2024-11-05")).toMatchObject({ ok: true });
  });

  it("is taken at any positive pair on a day without a known rate", async () => {
    const { move } = await withYenAccount();
    // The bundled history ends early in 2025 and this test database stored no central-bank rate since.
    expect(await move(1, 99_999_999_999, "2026-11-05")).toMatchObject({
      ok: true,
      transfer: { amountMinor: 1, toAmountMinor: 99_999_999_999 },
    });
  });
});
