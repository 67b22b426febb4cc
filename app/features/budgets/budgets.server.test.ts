import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { category } from "~/db/schema/entries";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { amountToInput } from "~/domain/money";
import { addPartner, seedHousehold, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { addTransaction, updateTransaction } from "~/features/entries/transactions.server";
import { listNotifications } from "~/features/household/notifications.server";
import { parseBudgetForm, parseRemoveBudgetForm } from "./budget.schema";
import {
  budgetReport,
  monthBudgets,
  noticePassedBudgets,
  removeBudget,
  setBudget,
  type BudgetFields,
} from "./budgets.server";

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const eatingOut = builtInCategory("eatingOut").id;
const salary = builtInCategory("salary").id;

async function household() {
  const seeded = await seedHousehold();
  const base = { userId: seeded.owner.id, householdId: seeded.household.id };
  const set = async (fields: Partial<BudgetFields> & { month: string; limitMinor: number }) => {
    const result = await setBudget({
      ...base,
      fields: { categoryId: groceries, scope: "repeat", rollover: false, ...fields },
    });
    expect(result).toEqual({ ok: true });
  };
  const spend = (entries: [occurredOn: string, amountMinor: number, category?: string][]) =>
    seedTransactions({
      householdId: base.householdId,
      entries: entries.map(([occurredOn, amountMinor, key]) => ({
        kind: "expense" as const,
        occurredOn,
        amountMinor,
        category: key ?? "groceries",
      })),
    });
  const month = async (value: string) => monthBudgets({ ...base, month: value });
  const groceriesIn = async (value: string) =>
    (await month(value)).categories.find((item) => item.categoryId === groceries);
  return { ...seeded, base, set, spend, month, groceriesIn };
}

describe("budgets", () => {
  it("repeats a limit each month and adds up the month's left to spend", async () => {
    const { set, spend, month } = await household();
    await set({ month: "2025-01", limitMinor: 40000 });
    await set({ month: "2025-01", limitMinor: 10000, categoryId: eatingOut });
    await spend([
      ["2025-03-02", 15000],
      ["2025-03-09", 5000],
      ["2025-03-10", 12500, "eatingOut"],
      ["2025-03-11", 99999, "health"],
    ]);
    const march = await month("2025-03");
    expect(march.categories).toHaveLength(2);
    expect(march.categories.find((item) => item.categoryId === groceries)).toMatchObject({
      limitMinor: 40000,
      carryMinor: 0,
      spentMinor: 20000,
      availableMinor: 20000,
      rollover: false,
      source: "repeat",
    });
    expect(march.categories.find((item) => item.categoryId === eatingOut)).toMatchObject({
      spentMinor: 12500,
      availableMinor: -2500,
    });
    // Unbudgeted spending (health) stays out of left to spend.
    expect(march.totals).toEqual({ limitMinor: 50000, carryMinor: 0, spentMinor: 32500, leftMinor: 17500 });
    expect((await month("2024-12")).categories).toEqual([]);
  });

  it("rolls over what is left and what is overspent, across a year boundary, months without spending included", async () => {
    const { set, spend, groceriesIn } = await household();
    await set({ month: "2025-11", limitMinor: 30000, rollover: true });
    await spend([
      ["2025-10-05", 50000],
      ["2025-11-05", 20000],
      ["2025-12-05", 45000],
      ["2026-02-05", 10000],
    ]);
    expect(await groceriesIn("2025-11")).toMatchObject({ carryMinor: 0, availableMinor: 10000 });
    expect(await groceriesIn("2025-12")).toMatchObject({ carryMinor: 10000, spentMinor: 45000, availableMinor: -5000 });
    // December's overspending comes off January's limit; January spends nothing, so all of it carries into February.
    expect(await groceriesIn("2026-01")).toMatchObject({ carryMinor: -5000, spentMinor: 0, availableMinor: 25000 });
    expect(await groceriesIn("2026-02")).toMatchObject({ carryMinor: 25000, spentMinor: 10000, availableMinor: 45000 });
  });

  it("changes one month only, and that month's change can be undone", async () => {
    const { set, base, groceriesIn } = await household();
    await set({ month: "2025-01", limitMinor: 40000, rollover: true });
    await set({ month: "2025-12", limitMinor: 60000, scope: "month", rollover: false });
    expect(await groceriesIn("2025-11")).toMatchObject({ limitMinor: 40000, source: "repeat" });
    // A one-month change keeps the running budget's rollover.
    expect(await groceriesIn("2025-12")).toMatchObject({
      limitMinor: 60000,
      source: "month",
      rollover: true,
      carryMinor: 40000 * 11,
    });
    expect(await groceriesIn("2026-01")).toMatchObject({ limitMinor: 40000, source: "repeat" });
    await removeBudget({ ...base, categoryId: groceries, month: "2025-12", scope: "month" });
    expect(await groceriesIn("2025-12")).toMatchObject({ limitMinor: 40000, source: "repeat" });
  });

  it("“from this month on” replaces later changes of the plan and the month's own change, but keeps later one-month changes", async () => {
    const { set, groceriesIn } = await household();
    await set({ month: "2025-01", limitMinor: 40000 });
    await set({ month: "2025-06", limitMinor: 50000 });
    await set({ month: "2025-03", limitMinor: 1000, scope: "month" });
    await set({ month: "2025-12", limitMinor: 80000, scope: "month" });
    await set({ month: "2025-03", limitMinor: 45000 });
    expect(await groceriesIn("2025-03")).toMatchObject({ limitMinor: 45000, source: "repeat" });
    expect(await groceriesIn("2025-07")).toMatchObject({ limitMinor: 45000 });
    expect(await groceriesIn("2025-12")).toMatchObject({ limitMinor: 80000, source: "month" });
  });

  it("stops a budget from a month on (carry and all) and starts afresh when set again", async () => {
    const { set, spend, base, groceriesIn, month } = await household();
    await set({ month: "2025-01", limitMinor: 10000, rollover: true });
    await set({ month: "2025-05", limitMinor: 20000, scope: "month" });
    await spend([["2025-01-10", 4000]]);
    await removeBudget({ ...base, categoryId: groceries, month: "2025-03", scope: "repeat" });
    expect(await groceriesIn("2025-02")).toMatchObject({ carryMinor: 6000 });
    expect(await groceriesIn("2025-03")).toBeUndefined();
    // Removing "from this month on" takes later one-month changes too.
    expect(await groceriesIn("2025-05")).toBeUndefined();
    expect((await month("2025-03")).totals.leftMinor).toBe(0);
    await set({ month: "2025-06", limitMinor: 10000, rollover: true });
    expect(await groceriesIn("2025-06")).toMatchObject({ carryMinor: 0, availableMinor: 10000 });
    expect(await groceriesIn("2025-07")).toMatchObject({ carryMinor: 10000 });
    // Removing a budget that starts in the month itself leaves nothing behind, and a second removal changes nothing.
    await removeBudget({ ...base, categoryId: groceries, month: "2025-06", scope: "repeat" });
    await removeBudget({ ...base, categoryId: groceries, month: "2025-06", scope: "repeat" });
    expect(await groceriesIn("2025-07")).toBeUndefined();
    expect(await groceriesIn("2025-02")).toMatchObject({ limitMinor: 10000 });
  });

  it("a budget of zero is a budget: anything spent passes it", async () => {
    const { set, spend, groceriesIn } = await household();
    await set({ month: "2025-03", limitMinor: 0 });
    expect(await groceriesIn("2025-03")).toMatchObject({ limitMinor: 0, availableMinor: 0 });
    await spend([["2025-03-02", 1]]);
    expect(await groceriesIn("2025-03")).toMatchObject({ availableMinor: -1 });
  });

  it("gives each expense category's average of the three months before as a hint", async () => {
    const { spend, month } = await household();
    await spend([
      ["2025-01-10", 30000],
      ["2025-02-10", 30000],
      ["2025-03-10", 99999],
      ["2024-12-10", 77777],
      ["2025-02-11", 4500, "eatingOut"],
    ]);
    // January to March count (December is outside the window); months without eating out count as zero.
    expect((await month("2025-04")).averages).toEqual({ [groceries]: 53333, [eatingOut]: 1500 });
  });

  it("averages only the months since the household's first entry", async () => {
    const { spend, month } = await household();
    await spend([
      ["2025-02-10", 30000],
      ["2025-03-10", 12000],
      ["2025-03-11", 900, "eatingOut"],
    ]);
    // A household that began in February: two months count, not three.
    expect((await month("2025-04")).averages).toEqual({ [groceries]: 21000, [eatingOut]: 450 });
    // In its first month there is nothing to average yet.
    expect((await month("2025-02")).averages).toEqual({});
  });

  it("sets budgets for the household's expense categories only", async () => {
    const { base, household: own } = await household();
    const other = await seedHousehold();
    const [theirs, income, archived] = await db()
      .insert(category)
      .values([
        { householdId: other.household.id, kind: "expense", name: "Their pets" },
        { householdId: own.id, kind: "income", name: "Side job" },
        { householdId: own.id, kind: "expense", name: "Old hobby", archived: true },
      ])
      .returning({ id: category.id });
    const [mine] = await db()
      .insert(category)
      .values({ householdId: own.id, kind: "expense", name: "Pets" })
      .returning({ id: category.id });
    const fields = (categoryId: string): BudgetFields => ({
      categoryId,
      month: "2025-03",
      limitMinor: 1000,
      scope: "repeat",
      rollover: false,
    });
    for (const refused of [theirs?.id, income?.id, archived?.id, salary, "00000000-0000-4000-8000-000000009999"]) {
      expect(await setBudget({ ...base, fields: fields(refused as string) })).toEqual({
        ok: false,
        fieldErrors: { categoryId: "errors.category.invalid" },
      });
    }
    expect(await setBudget({ ...base, fields: fields(mine?.id as string) })).toEqual({ ok: true });
  });

  it("tells the household once per category and month when spending passes the budget, and again the next month", async () => {
    const { owner, household: own, base, set } = await household();
    const partner = await seedUser();
    await seedPremium(own.id);
    await addPartner({ householdId: own.id, userId: partner.id });
    await set({ month: "2025-03", limitMinor: 10000 });
    const add = (occurredOn: string, amountMinor: number) =>
      addTransaction({
        ...base,
        fields: { kind: "expense", amountMinor, occurredOn, description: "Shop", categoryId: groceries },
      });
    const passed = async (userId: string) =>
      (await listNotifications({ userId })).items.filter((item) => item.kind === "budgetPassed");

    await add("2025-03-03", 6000);
    await add("2025-03-04", 4000);
    expect(await passed(owner.id)).toEqual([]);
    const third = await add("2025-03-05", 1);
    await add("2025-03-06", 5000);
    expect(await passed(owner.id)).toHaveLength(1);
    expect((await passed(owner.id))[0]?.payload).toEqual({
      categoryId: groceries,
      month: "2025-03",
      spentMinor: 10001,
      budgetMinor: 10000,
    });
    expect(await passed(partner.id)).toHaveLength(1);

    // A changed entry counts too: moving it into April passes April's budget.
    await add("2025-04-01", 9000);
    if (!third.ok) throw new Error("not added");
    await updateTransaction({
      ...base,
      transactionId: third.transaction.id,
      version: third.transaction.version,
      fields: {
        kind: "expense",
        amountMinor: 2000,
        occurredOn: "2025-04-02",
        description: "Shop",
        categoryId: groceries,
      },
    });
    const months = (await passed(owner.id)).map((item) => item.payload.month).sort();
    expect(months).toEqual(["2025-03", "2025-04"]);
    await noticePassedBudgets({ householdId: own.id, months: ["2025-03", "2025-04", "2025-03"] });
    expect(await passed(owner.id)).toHaveLength(2);
  });

  it("a household without budgets is never told, however much it spends", async () => {
    const { owner, household: own, spend } = await household();
    await spend([["2025-03-02", 500000]]);
    await noticePassedBudgets({ householdId: own.id, months: ["2025-03"] });
    expect((await listNotifications({ userId: owner.id })).items).toEqual([]);
  });

  it("a read-only partner sees the budgets but cannot change them; a stranger does not see the household", async () => {
    const { household: own, set } = await household();
    await seedPremium(own.id);
    await set({ month: "2025-03", limitMinor: 10000 });
    const partner = await seedUser();
    await addPartner({ householdId: own.id, userId: partner.id });
    const stranger = await seedUser();
    const fields: BudgetFields = {
      categoryId: groceries,
      month: "2025-03",
      limitMinor: 1,
      scope: "repeat",
      rollover: false,
    };

    expect((await monthBudgets({ userId: partner.id, householdId: own.id, month: "2025-03" })).categories).toHaveLength(
      1,
    );
    await expect(setBudget({ userId: partner.id, householdId: own.id, fields })).rejects.toMatchObject({
      code: "readOnly",
    });
    await expect(
      removeBudget({
        userId: partner.id,
        householdId: own.id,
        categoryId: groceries,
        month: "2025-03",
        scope: "repeat",
      }),
    ).rejects.toMatchObject({ code: "readOnly" });
    const attempts = [
      () => monthBudgets({ userId: stranger.id, householdId: own.id, month: "2025-03" }),
      () => setBudget({ userId: stranger.id, householdId: own.id, fields }),
      () =>
        removeBudget({
          userId: stranger.id,
          householdId: own.id,
          categoryId: groceries,
          month: "2025-03",
          scope: "repeat",
        }),
      () =>
        budgetReport({
          userId: stranger.id,
          householdId: own.id,
          from: "2025-01",
          to: "2025-03",
          currentMonth: "2025-03",
        }),
    ];
    for (const attempt of attempts) await expect(attempt()).rejects.toMatchObject({ code: "notFound" });
    expect(
      (await monthBudgets({ userId: partner.id, householdId: own.id, month: "2025-03" })).categories[0]?.limitMinor,
    ).toBe(10000);
  });

  it("a partner who edits may set and remove budgets", async () => {
    const { household: own } = await household();
    await seedPremium(own.id);
    const editor = await seedUser();
    await addPartner({ householdId: own.id, userId: editor.id, canEdit: true });
    const base = { userId: editor.id, householdId: own.id };
    expect(
      await setBudget({
        ...base,
        fields: { categoryId: groceries, month: "2025-03", limitMinor: 25000, scope: "repeat", rollover: false },
      }),
    ).toEqual({ ok: true });
    expect((await monthBudgets({ ...base, month: "2025-04" })).categories).toHaveLength(1);
    await removeBudget({ ...base, categoryId: groceries, month: "2025-03", scope: "repeat" });
    expect((await monthBudgets({ ...base, month: "2025-04" })).categories).toEqual([]);
  });

  it("reports budget against actual per month; the free plan sees the current month only", async () => {
    const { base, household: own, set, spend } = await household();
    await set({ month: "2025-01", limitMinor: 40000, rollover: true });
    await spend([
      ["2025-01-10", 30000],
      ["2025-02-10", 45000],
    ]);
    const free = await budgetReport({ ...base, from: "2024-12", to: "2025-03", currentMonth: "2025-03" });
    expect(free.map((month) => month.month)).toEqual(["2025-03"]);
    await seedPremium(own.id);
    const report = await budgetReport({ ...base, from: "2025-03", to: "2024-12", currentMonth: "2025-03" });
    expect(report.map((month) => month.month)).toEqual(["2025-01", "2025-02", "2025-03"]);
    expect(report[1]).toEqual({
      month: "2025-02",
      categories: [{ categoryId: groceries, limitMinor: 40000, spentMinor: 45000, differenceMinor: -5000 }],
      totals: { limitMinor: 40000, spentMinor: 45000, differenceMinor: -5000 },
    });
  });
});

describe("budget forms", () => {
  const valid = { categoryId: groceries, month: "2025-03", amount: "1.234,50", scope: "repeat" };

  it("reads the amount in the reader's language, zero included, and the rollover checkbox", () => {
    expect(parseBudgetForm({ ...valid, rollover: "on" }, "de")).toEqual({
      ok: true,
      value: { categoryId: groceries, month: "2025-03", amount: 123450, scope: "repeat", rollover: true },
    });
    expect(parseBudgetForm({ ...valid, amount: "0" }, "en")).toMatchObject({
      ok: true,
      value: { amount: 0, rollover: false },
    });
    expect(parseBudgetForm({ ...valid, amount: "-5" }, "en")).toEqual({
      ok: false,
      fieldErrors: { amount: "budgets:errors.negative" },
    });
    expect(parseBudgetForm({ ...valid, scope: "forever", month: "2025-13", rollover: "yes" }, "de")).toEqual({
      ok: false,
      fieldErrors: { scope: "errors.form.invalid", month: "errors.form.invalid", rollover: "errors.form.invalid" },
    });
    expect(parseRemoveBudgetForm({ categoryId: "../etc", month: "2025-03", scope: "month" })).toEqual({
      ok: false,
      fieldErrors: { categoryId: "errors.category.invalid" },
    });
  });

  it("never accepts garbage as an amount, and whatever it accepts is whole non-negative minor units (property)", () => {
    const languages = ["en", "nl", "de", "fr", "es", "pl", "tr", "ua"] as const;
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.constantFrom(...languages), (amount, language) => {
        const parsed = parseBudgetForm({ ...valid, amount }, language);
        if (parsed.ok) {
          expect(Number.isSafeInteger(parsed.value.amount)).toBe(true);
          expect(parsed.value.amount).toBeGreaterThanOrEqual(0);
          expect(amount).toMatch(/\d/);
        } else {
          expect(parsed.fieldErrors.amount).toMatch(/^(errors\.amount\.|budgets:errors\.negative$)/);
        }
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999 }), fc.constantFrom(...languages), (minor, language) => {
        expect(parseBudgetForm({ ...valid, amount: amountToInput(minor, language) }, language)).toMatchObject({
          ok: true,
          value: { amount: minor },
        });
      }),
    );
  });
});
