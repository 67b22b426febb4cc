import { readFileSync } from "node:fs";
import fc from "fast-check";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { entryLine, monthTotal, transaction } from "~/db/schema/entries";
import { goal } from "~/db/schema/goals";
import { moneyAccount } from "~/db/schema/money-accounts";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { convertMinor } from "~/domain/rates";
import { listGoals } from "~/features/goals/goals.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { rateTable } from "~/features/rates/rates.server";
import { seedHousehold } from "../../../db/seed/budget";
import { changeEntry, fillPendingRates, insertEntries, setEntryRate, type NewEntry } from "./entry-writer.server";

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const health = builtInCategory("health").id;

// Rates these tests own: far in the future, so the bundled history never answers for these days.
rateTable().add([
  { currency: "PLN", on: "2031-03-07", perEuro: 4.32, source: "ecb" },
  { currency: "USD", on: "2031-03-07", perEuro: 1.08, source: "ecb" },
  { currency: "UAH", on: "2031-03-07", perEuro: 41.5, source: "nbu" },
  { currency: "PLN", on: "2031-03-10", perEuro: 4.3, source: "ecb" },
  { currency: "HUF", on: "2031-03-07", perEuro: 400, source: "ecb" },
]);

/** A household in złoty with a hryvnia card account. */
async function zlotyHousehold() {
  const { owner, household } = await seedHousehold({ currency: "PLN" });
  const [card] = await db()
    .insert(moneyAccount)
    .values({ householdId: household.id, name: "Monobank", kind: "credit_card", currency: "UAH" })
    .returning({ id: moneyAccount.id });
  if (!card) throw new Error("no account");
  const entry = (fields: Partial<NewEntry> = {}): NewEntry => ({
    householdId: household.id,
    accountId: card.id,
    kind: "expense",
    amountMinor: 100_000,
    occurredOn: "2031-03-08",
    description: "Сільпо",
    categoryId: groceries,
    createdBy: owner.id,
    ...fields,
  });
  return { owner, householdId: household.id, cardId: card.id, entry };
}

async function stored(id: string) {
  const [row] = await db()
    .select({
      currency: transaction.currency,
      amountMinor: transaction.amountMinor,
      baseAmountMinor: transaction.baseAmountMinor,
      rate: transaction.rate,
      rateOn: transaction.rateOn,
      rateSource: transaction.rateSource,
      rateProvisional: transaction.rateProvisional,
    })
    .from(transaction)
    .where(eq(transaction.id, id));
  return row;
}

async function groceriesTotal(householdId: string, month: string) {
  const [row] = await db()
    .select({ totalMinor: monthTotal.totalMinor, entries: monthTotal.entries })
    .from(monthTotal)
    .where(
      and(eq(monthTotal.householdId, householdId), eq(monthTotal.month, month), eq(monthTotal.categoryId, groceries)),
    );
  return row ?? { totalMinor: 0, entries: 0 };
}

describe("entries in another currency than the household's", () => {
  it("keep their own amount and a base amount at the last rate of one day's table, through the euro", async () => {
    const { householdId, entry } = await zlotyHousehold();
    // Saturday 8 March: Friday's rates, both from the 7th.
    const [written] = await insertEntries(db(), [entry()]);
    const rate = 4.32 / 41.5;
    expect(await stored(written!.id)).toEqual({
      currency: "UAH",
      amountMinor: 100_000,
      baseAmountMinor: convertMinor(100_000, rate, "UAH", "PLN"),
      rate,
      rateOn: "2031-03-07",
      // Through the euro, as good as its weaker half: the NBU's hryvnia.
      rateSource: "nbu",
      rateProvisional: false,
    });
    expect(convertMinor(100_000, rate, "UAH", "PLN")).toBe(10_410);
    expect(await groceriesTotal(householdId, "2031-03-01")).toEqual({ totalMinor: 10_410, entries: 1 });
  });

  it("splits the base amount over a split's lines so they add up exactly", async () => {
    const { entry } = await zlotyHousehold();
    const [written] = await insertEntries(db(), [
      entry({
        amountMinor: 100_000,
        lines: [
          { categoryId: groceries, amountMinor: 33_333 },
          { categoryId: groceries, amountMinor: 33_333 },
          { categoryId: health, amountMinor: 33_334 },
        ],
      }),
    ]);
    const lines = await db()
      .select({ base: entryLine.baseAmountMinor })
      .from(entryLine)
      .where(eq(entryLine.entryId, written!.id))
      .orderBy(entryLine.position);
    expect(lines.map((line) => line.base)).toEqual([3470, 3470, 3470]);
    expect(lines.reduce((sum, line) => sum + (line.base ?? 0), 0)).toBe(10_410);
  });

  it("keeps an entry without a rate out of base totals until an update brings one, never at 1:1", async () => {
    const { householdId, entry } = await zlotyHousehold();
    const [written] = await insertEntries(db(), [entry({ occurredOn: "2032-06-01" })]);
    expect(await stored(written!.id)).toMatchObject({ baseAmountMinor: null, rate: null, rateSource: null });
    expect(await groceriesTotal(householdId, "2032-06-01")).toEqual({ totalMinor: 0, entries: 1 });
    rateTable().add([
      { currency: "PLN", on: "2032-05-31", perEuro: 4.2, source: "ecb" },
      { currency: "UAH", on: "2032-05-31", perEuro: 42, source: "nbu" },
    ]);
    expect(await fillPendingRates()).toBeGreaterThanOrEqual(1);
    expect(await stored(written!.id)).toMatchObject({ baseAmountMinor: 10_000, rateOn: "2032-05-31" });
    expect(await groceriesTotal(householdId, "2032-06-01")).toEqual({ totalMinor: 10_000, entries: 1 });
  });

  it("keeps a rate set by hand through changes and updates, and gives it back to the table on request", async () => {
    const { householdId, entry } = await zlotyHousehold();
    const [written] = await insertEntries(db(), [entry()]);
    const manual = await setEntryRate(db(), {
      writer: null,
      householdId,
      entryId: written!.id,
      version: written!.version,
      rate: 0.1,
    });
    expect(await stored(written!.id)).toMatchObject({ baseAmountMinor: 10_000, rateSource: "manual", rate: 0.1 });
    const changed = await changeEntry(db(), {
      writer: null,
      householdId,
      entryId: written!.id,
      version: manual!.version,
      change: {
        kind: "expense",
        amountMinor: 50_000,
        occurredOn: "2031-03-12",
        description: "",
        categoryId: groceries,
      },
    });
    expect(await stored(written!.id)).toMatchObject({ baseAmountMinor: 5_000, rateSource: "manual" });
    await fillPendingRates();
    expect(await stored(written!.id)).toMatchObject({ baseAmountMinor: 5_000, rateSource: "manual" });
    await setEntryRate(db(), {
      writer: null,
      householdId,
      entryId: written!.id,
      version: changed!.version,
      rate: null,
    });
    // Wednesday 12 March: one day's table is the 7th's (the hryvnia's last), older than a holiday allows: provisional.
    expect(await stored(written!.id)).toMatchObject({
      rateSource: "nbu",
      rateOn: "2031-03-07",
      rateProvisional: true,
      baseAmountMinor: convertMinor(50_000, 4.32 / 41.5, "UAH", "PLN"),
    });
  });

  it("counts a goal's account in another currency at the day's rate", async () => {
    const { owner, householdId, cardId, entry } = await zlotyHousehold();
    await insertEntries(db(), [entry({ kind: "income", categoryId: builtInCategory("salary").id })]);
    await db().insert(goal).values({ householdId, name: "Hryvnia buffer", targetMinor: 20_000, accountId: cardId });
    const { goals } = await listGoals({ userId: owner.id, householdId, today: "2031-03-09" });
    expect(goals[0]).toMatchObject({ savedMinor: 10_410, targetMinor: 20_000 });
  });

  it("keeps the forint in fillér (ISO 4217), and migration 0031 mends base amounts scaled by ICU's whole forints", async () => {
    const { householdId, cardId, entry } = await zlotyHousehold();
    await db().update(moneyAccount).set({ currency: "HUF" }).where(eq(moneyAccount.id, cardId));
    // 10,000.00 HUF at 400 HUF and 4.32 PLN to the euro: 108.00 PLN.
    const [written] = await insertEntries(db(), [entry({ amountMinor: 1_000_000 })]);
    if (!written) throw new Error("not written");
    expect(await stored(written.id)).toMatchObject({ currency: "HUF", baseAmountMinor: 10_800 });
    // As the release before wrote it: a hundred times too much, on the entry and its line.
    await db().update(transaction).set({ baseAmountMinor: 1_080_000 }).where(eq(transaction.id, written.id));
    await db().update(entryLine).set({ baseAmountMinor: 1_080_000 }).where(eq(entryLine.entryId, written.id));
    const migration = readFileSync(
      new URL("../../../db/migrations/0031_forint_in_filler.sql", import.meta.url),
      "utf8",
    );
    for (const statement of migration.split("--> statement-breakpoint")) await db().execute(sql.raw(statement));
    expect(await stored(written.id)).toMatchObject({ baseAmountMinor: null });
    await fillPendingRates();
    expect(await stored(written.id)).toMatchObject({ baseAmountMinor: 10_800 });
    const [line] = await db().select().from(entryLine).where(eq(entryLine.entryId, written.id));
    expect(line?.baseAmountMinor).toBe(10_800);
    const [month] = await db()
      .select({ total: monthTotal.totalMinor })
      .from(monthTotal)
      .where(and(eq(monthTotal.householdId, householdId), eq(monthTotal.kind, "expense")));
    expect(month?.total).toBe(10_800);
  });

  it("refuses a rate by hand on an entry in the base currency", async () => {
    const { owner, household } = await seedHousehold({ currency: "PLN" });
    const [written] = await insertEntries(db(), [
      {
        householdId: household.id,
        accountId: await everydayAccountId(household.id),
        kind: "expense",
        amountMinor: 1_000,
        occurredOn: "2031-03-08",
        description: "Żabka",
        categoryId: groceries,
        createdBy: owner.id,
      },
    ]);
    expect(await stored(written!.id)).toMatchObject({ currency: "PLN", baseAmountMinor: 1_000, rate: null });
    expect(
      await setEntryRate(db(), {
        writer: null,
        householdId: household.id,
        entryId: written!.id,
        version: written!.version,
        rate: 2,
      }),
    ).toBeUndefined();
  });

  it("adds up base totals to the sum of each entry converted, for random currencies, days and splits (property)", async () => {
    const { owner, household } = await seedHousehold({ currency: "PLN" });
    const accounts = new Map<string, string>();
    for (const currency of ["PLN", "UAH", "USD", "EUR"]) {
      const [account] = await db()
        .insert(moneyAccount)
        .values({ householdId: household.id, name: currency, currency: currency as "EUR" })
        .returning({ id: moneyAccount.id });
      accounts.set(currency, account!.id);
    }
    const entryArb = fc.record({
      currency: fc.constantFrom("PLN", "UAH", "USD", "EUR"),
      day: fc.integer({ min: 7, max: 12 }),
      parts: fc.array(fc.integer({ min: 1, max: 500_000 }), { minLength: 1, maxLength: 4 }),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(entryArb, { minLength: 1, maxLength: 12 }), async (drawn) => {
        await db().execute(sql`delete from "transaction" where "household_id" = ${household.id}`);
        await insertEntries(
          db(),
          drawn.map(({ currency, day, parts }) => ({
            householdId: household.id,
            accountId: accounts.get(currency)!,
            kind: "expense" as const,
            amountMinor: parts.reduce((sum, part) => sum + part, 0),
            occurredOn: `2031-03-${String(day).padStart(2, "0")}`,
            description: "",
            categoryId: groceries,
            createdBy: owner.id,
            lines: parts.map((part) => ({ categoryId: groceries, amountMinor: part })),
          })),
        );
        const expected = drawn.reduce((sum, { currency, day, parts }) => {
          const amount = parts.reduce((total, part) => total + part, 0);
          if (currency === "PLN") return sum + amount;
          const perEuro = { UAH: 41.5, USD: 1.08, EUR: 1 }[currency]!;
          // PLN of the 10th stands for the 10th to 12th; the hryvnia's and the dollar's last day is the 7th.
          const pln = day >= 10 && currency === "EUR" ? 4.3 : 4.32;
          return sum + convertMinor(amount, pln / perEuro, currency, "PLN");
        }, 0);
        expect((await groceriesTotal(household.id, "2031-03-01")).totalMinor).toBe(expected);
      }),
      { numRuns: 25 },
    );
  });
});
