import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { budgetLimit } from "~/db/schema/budgets";
import { monthTotal, transaction } from "~/db/schema/entries";
import { goal } from "~/db/schema/goals";
import { moneyAccount } from "~/db/schema/money-accounts";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { todayIn, addDays } from "~/domain/periods";
import { conversion, convertMinor } from "~/domain/rates";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { rateTable } from "~/features/rates/rates.server";
import { getSettleUp, markMonthSettled } from "~/features/sharing/settle-up.server";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { changeBaseCurrency, previewBaseCurrencyChange } from "./base-currency.server";

useTestDatabase();

const groceries = builtInCategory("groceries").id;
// Today's rate, which limits, targets and settlements take (the bundled history ends in early 2025).
rateTable().add([{ currency: "PLN", on: addDays(todayIn(undefined), -1), perEuro: 4.25, source: "ecb" }]);

async function euroCouple() {
  const { owner, household } = await seedHousehold({ name: "Sanne" });
  await seedPremium(household.id);
  const partner = await seedUser({ name: "Pieter" });
  await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
  return { owner, partner, householdId: household.id };
}

describe("changing the base currency", () => {
  it("converts entries at their own days' rates, and limits, targets and the alert at today's, after a preview", async () => {
    const { owner, householdId } = await euroCouple();
    await seedTransactions({
      householdId,
      userId: owner.id,
      entries: [{ kind: "expense", amountMinor: 100_00, occurredOn: "2024-06-14", category: "groceries" }],
    });
    const [empty] = await db()
      .insert(moneyAccount)
      .values({ householdId, name: "Cash", kind: "cash", currency: "EUR" })
      .returning({ id: moneyAccount.id });
    await db()
      .insert(budgetLimit)
      .values({ householdId, categoryId: groceries, month: "2024-06-01", scope: "repeat", limitMinor: 400_00 });
    await db().insert(goal).values({ householdId, name: "Holiday", targetMinor: 1_000_00 });

    const preview = await previewBaseCurrencyChange({ userId: owner.id, householdId, to: "PLN" });
    expect(preview).toMatchObject({
      from: "EUR",
      to: "PLN",
      rate: { rate: 4.25, source: "ecb" },
      entries: [{ currency: "EUR", count: 1 }],
      budgets: [{ categoryId: groceries, beforeMinor: 400_00, afterMinor: 1_700_00 }],
      goals: [{ name: "Holiday", beforeMinor: 1_000_00, afterMinor: 4_250_00 }],
      accountsKept: [{ isEveryday: true, currency: "EUR" }],
    });
    // Nothing has changed yet.
    expect((await requireHouseholdAccess({ userId: owner.id, householdId })).household.currency).toBe("EUR");

    expect(await changeBaseCurrency({ userId: owner.id, householdId, to: "PLN" })).toEqual({ ok: true });
    expect((await requireHouseholdAccess({ userId: owner.id, householdId })).household.currency).toBe("PLN");
    const june = conversion(rateTable(), "EUR", "PLN", "2024-06-14")!;
    const [entry] = await db()
      .select({
        currency: transaction.currency,
        amountMinor: transaction.amountMinor,
        baseAmountMinor: transaction.baseAmountMinor,
      })
      .from(transaction)
      .where(eq(transaction.householdId, householdId));
    // The Everyday account held money: it stays in euros, and the entry keeps its own amount.
    expect(entry).toEqual({
      currency: "EUR",
      amountMinor: 100_00,
      baseAmountMinor: convertMinor(100_00, june.rate, "EUR", "PLN"),
    });
    const [total] = await db()
      .select({ totalMinor: monthTotal.totalMinor })
      .from(monthTotal)
      .where(and(eq(monthTotal.householdId, householdId), eq(monthTotal.categoryId, groceries)));
    expect(total?.totalMinor).toBe(entry?.baseAmountMinor);
    const accounts = await db()
      .select({ id: moneyAccount.id, currency: moneyAccount.currency })
      .from(moneyAccount)
      .where(eq(moneyAccount.householdId, householdId));
    expect(accounts.find((account) => account.id === empty!.id)?.currency).toBe("PLN");
    expect(
      (
        await db()
          .select({ limit: budgetLimit.limitMinor })
          .from(budgetLimit)
          .where(eq(budgetLimit.householdId, householdId))
      )[0]?.limit,
    ).toBe(1_700_00);
    expect(
      (await db().select({ target: goal.targetMinor }).from(goal).where(eq(goal.householdId, householdId)))[0]?.target,
    ).toBe(4_250_00);
  });

  it("keeps a settled month settled, and lets only the owner convert", async () => {
    const { owner, partner, householdId } = await euroCouple();
    await seedTransactions({
      householdId,
      userId: owner.id,
      entries: [
        { kind: "expense", amountMinor: 123_45, occurredOn: "2024-03-05", shared: true },
        { kind: "expense", amountMinor: 77_77, occurredOn: "2024-03-21", shared: true },
      ],
    });
    const before = await getSettleUp({ userId: owner.id, householdId, month: "2024-03" });
    if (!before.ok) throw new Error("premium expected");
    expect(await markMonthSettled({ userId: partner.id, householdId, month: "2024-03" })).toMatchObject({ ok: true });
    await expect(changeBaseCurrency({ userId: partner.id, householdId, to: "PLN" })).rejects.toMatchObject({
      code: "readOnly",
    });
    expect(await changeBaseCurrency({ userId: owner.id, householdId, to: "PLN" })).toEqual({ ok: true });
    const after = await getSettleUp({ userId: owner.id, householdId, month: "2024-03" });
    if (!after.ok) throw new Error("premium expected");
    expect(after.split.payments).toEqual([]);
    expect(after.split.totalMinor).toBeGreaterThan(before.split.totalMinor * 4);
  });

  it("refuses a change no rate is known for, and changes nothing", async () => {
    const { owner, householdId } = await euroCouple();
    await db().insert(goal).values({ householdId, name: "Holiday", targetMinor: 1_000_00 });
    // Without a rate the preview shows no figures in the new currency: never the old numbers relabelled.
    expect(await previewBaseCurrencyChange({ userId: owner.id, householdId, to: "RON" })).toMatchObject({
      rate: null,
      month: null,
      goals: [],
      budgets: [],
      alert: null,
    });
    expect(await changeBaseCurrency({ userId: owner.id, householdId, to: "RON" })).toEqual({
      ok: false,
      fieldErrors: { form: "errors.currency.noRate" },
    });
    expect((await requireHouseholdAccess({ userId: owner.id, householdId })).household.currency).toBe("EUR");
  });
});
