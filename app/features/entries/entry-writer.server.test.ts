import fc from "fast-check";
import { asc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { entryLine, monthTotal, transaction } from "~/db/schema/entries";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { seedHousehold } from "../../../db/seed/budget";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import {
  changeEntry,
  deleteEntries,
  insertEntries,
  LinesDoNotAddUpError,
  restoreEntry,
  type NewEntry,
  type NewLine,
} from "./entry-writer.server";

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const eatingOut = builtInCategory("leisure").id;
const health = builtInCategory("health").id;
const nobody = { hiddenPersonalOf: [] };

async function household() {
  const { owner, household } = await seedHousehold();
  const accountId = await everydayAccountId(household.id);
  const entry = (fields: Partial<NewEntry> = {}): NewEntry => ({
    householdId: household.id,
    accountId,
    kind: "expense",
    amountMinor: 8_000,
    occurredOn: "2026-11-14",
    description: "Albert Heijn",
    categoryId: groceries,
    createdBy: owner.id,
    ...fields,
  });
  return { owner, householdId: household.id, entry };
}

async function linesOf(entryId: string) {
  return db()
    .select({
      categoryId: entryLine.categoryId,
      amountMinor: entryLine.amountMinor,
      shared: entryLine.shared,
      note: entryLine.note,
      occurredOn: entryLine.occurredOn,
    })
    .from(entryLine)
    .where(eq(entryLine.entryId, entryId))
    .orderBy(asc(entryLine.position));
}

/**
 * Category totals as month_total keeps them, and as a recount of the lines gives them: they must agree. The amounts
 * add up lines; the number of entries counts an entry once in each category it has a line in (migration 0016).
 */
async function totalsDisagree(householdId: string) {
  const result = await db().execute(sql`
    with "kept" as (
      select "month", "kind", "category_id", "total_minor", "entries" from ${monthTotal}
      where "household_id" = ${householdId} and ("total_minor" <> 0 or "entries" <> 0)),
    "recount" as (
      select date_trunc('month', "occurred_on"::timestamp)::date as "month", "kind", "category_id",
             sum("amount_minor")::bigint as "total_minor", count(distinct "entry_id")::int as "entries"
      from ${entryLine} where "household_id" = ${householdId} group by 1, 2, 3)
    select count(*)::int as "wrong" from (
      (select * from "kept" except select * from "recount") union all (select * from "recount" except select * from "kept")) as "difference"`);
  return Number(rowsOf<{ wrong: number }>(result)[0]?.wrong ?? -1);
}

/** Entries whose lines do not add up to them (none, ever). */
async function entriesNotAddingUp(householdId: string) {
  const result = await db().execute(sql`
    select count(*)::int as "wrong" from ${transaction}
    where "household_id" = ${householdId}
      and "amount_minor" <> coalesce((select sum("amount_minor") from ${entryLine} where "entry_id" = "transaction"."id"), 0)`);
  return Number(rowsOf<{ wrong: number }>(result)[0]?.wrong ?? -1);
}

describe("the one writer's lines", () => {
  it("gives an entry nobody split one line, and a split the lines it was given, in month totals by category", async () => {
    const { householdId, entry } = await household();
    const receipt: NewLine[] = [
      { categoryId: groceries, amountMinor: 6_550, shared: true, note: "Weekly shop" },
      { categoryId: health, amountMinor: 1_450, shared: false, note: "Vitamins" },
    ];
    const [plain, split] = await insertEntries(db(), [entry(), entry({ lines: receipt })]);
    expect(await linesOf(plain!.id)).toEqual([
      { categoryId: groceries, amountMinor: 8_000, shared: false, note: "", occurredOn: "2026-11-14" },
    ]);
    expect(await linesOf(split!.id)).toEqual([
      { categoryId: groceries, amountMinor: 6_550, shared: true, note: "Weekly shop", occurredOn: "2026-11-14" },
      { categoryId: health, amountMinor: 1_450, shared: false, note: "Vitamins", occurredOn: "2026-11-14" },
    ]);
    const totals = await db()
      .select({ categoryId: monthTotal.categoryId, totalMinor: monthTotal.totalMinor })
      .from(monthTotal)
      .where(eq(monthTotal.householdId, householdId));
    expect(Object.fromEntries(totals.map((row) => [row.categoryId, row.totalMinor]))).toEqual({
      [groceries]: 14_550,
      [health]: 1_450,
    });
    expect(await totalsDisagree(householdId)).toBe(0);
  });

  it("refuses lines that do not add up to the entry, and writes nothing", async () => {
    const { householdId, entry } = await household();
    await expect(
      insertEntries(db(), [entry({ lines: [{ categoryId: groceries, amountMinor: 7_999 }] })]),
    ).rejects.toBeInstanceOf(LinesDoNotAddUpError);
    await expect(insertEntries(db(), [entry({ lines: [] })])).rejects.toBeInstanceOf(LinesDoNotAddUpError);
    expect(await db().select().from(transaction).where(eq(transaction.householdId, householdId))).toEqual([]);
  });

  it("has the database refuse a commit whose lines do not add up, whoever writes them", async () => {
    const { householdId, entry } = await household();
    const [written] = await insertEntries(db(), [entry()]);
    await expect(
      db().update(entryLine).set({ amountMinor: 1 }).where(eq(entryLine.entryId, written!.id)),
    ).rejects.toThrow();
    expect(await linesOf(written!.id)).toMatchObject([{ amountMinor: 8_000 }]);
    expect(await entriesNotAddingUp(householdId)).toBe(0);
  });

  it("splits, edits and un-splits an entry, and undo of a delete puts its lines back", async () => {
    const { owner, householdId, entry } = await household();
    const [written] = await insertEntries(db(), [entry()]);
    const base = {
      kind: "expense" as const,
      amountMinor: 8_000,
      occurredOn: "2026-11-14",
      description: "Albert Heijn",
      categoryId: groceries,
    };
    const split = await changeEntry(db(), {
      writer: nobody,
      householdId,
      entryId: written!.id,
      version: written!.version,
      change: {
        ...base,
        lines: [
          { categoryId: groceries, amountMinor: 5_000 },
          { categoryId: eatingOut, amountMinor: 3_000, shared: true },
        ],
      },
    });
    expect((await linesOf(written!.id)).map((line) => [line.categoryId, line.amountMinor, line.shared])).toEqual([
      [groceries, 5_000, false],
      [eatingOut, 3_000, true],
    ]);
    // A new date moves every line; the split keeps its categories.
    const moved = await changeEntry(db(), {
      writer: nobody,
      householdId,
      entryId: written!.id,
      version: split!.version,
      change: { ...base, occurredOn: "2026-12-01" },
    });
    expect((await linesOf(written!.id)).map((line) => line.occurredOn)).toEqual(["2026-12-01", "2026-12-01"]);
    expect(await totalsDisagree(householdId)).toBe(0);

    const [deleted] = await deleteEntries(db(), {
      writer: nobody,
      householdId,
      selection: { ids: [written!.id] },
      undoBy: owner.id,
    });
    expect(deleted?.id).toBe(written!.id);
    expect(await linesOf(written!.id)).toEqual([]);
    expect(await totalsDisagree(householdId)).toBe(0);
    await restoreEntry(db(), { writer: nobody, householdId, entryId: written!.id, deletedBy: owner.id });
    expect((await linesOf(written!.id)).map((line) => line.amountMinor)).toEqual([5_000, 3_000]);
    expect(await totalsDisagree(householdId)).toBe(0);

    // Un-split: one line again, the entry's own.
    const [restored] = await db()
      .select({ version: sql<string>`((extract(epoch from ${transaction.updatedAt}) * 1000000)::bigint)::text` })
      .from(transaction)
      .where(eq(transaction.id, written!.id));
    expect(moved).toBeDefined();
    await changeEntry(db(), {
      writer: nobody,
      householdId,
      entryId: written!.id,
      version: restored!.version,
      change: { ...base, amountMinor: 9_000, lines: [{ categoryId: groceries, amountMinor: 9_000 }] },
    });
    expect((await linesOf(written!.id)).map((line) => [line.categoryId, line.amountMinor])).toEqual([
      [groceries, 9_000],
    ]);
    expect(await totalsDisagree(householdId)).toBe(0);
  });

  it("keeps every category total and count of entries equal to a recount of the lines under random splits, edits, moves and deletes (property)", async () => {
    const { owner, householdId, entry } = await household();
    const categories = [groceries, eatingOut, health];
    const step = fc.oneof(
      fc.record({ op: fc.constant("add" as const), amount: fc.integer({ min: 1, max: 50_000 }), day: fc.nat(40) }),
      fc.record({
        op: fc.constant("split" as const),
        pick: fc.nat(),
        parts: fc.array(fc.record({ weight: fc.integer({ min: 1, max: 9 }), category: fc.nat(2) }), {
          minLength: 1,
          maxLength: 4,
        }),
      }),
      fc.record({
        op: fc.constant("edit" as const),
        pick: fc.nat(),
        amount: fc.integer({ min: 1, max: 50_000 }),
        day: fc.nat(40),
      }),
      fc.record({ op: fc.constant("delete" as const), pick: fc.nat() }),
      // The entry moves without new lines: every line follows its kind and date, a split keeps its categories.
      fc.record({ op: fc.constant("move" as const), pick: fc.nat(), day: fc.nat(40), income: fc.boolean() }),
      // One line changes category, its entry's other lines staying (no person's form does this alone; a rule might).
      fc.record({ op: fc.constant("recategorize" as const), pick: fc.nat(), line: fc.nat(), category: fc.nat(2) }),
      fc.record({ op: fc.constant("undo" as const), pick: fc.nat() }),
    );
    const deleted: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        for (const item of steps) {
          const entries = await db()
            .select({
              id: transaction.id,
              amountMinor: transaction.amountMinor,
              version: sql<string>`((extract(epoch from ${transaction.updatedAt}) * 1000000)::bigint)::text`,
            })
            .from(transaction)
            .where(eq(transaction.householdId, householdId))
            .orderBy(asc(transaction.id));
          const picked = "pick" in item ? entries[item.pick % Math.max(1, entries.length)] : undefined;
          const day = (offset: number) =>
            `2026-${offset < 30 ? "11" : "12"}-${String((offset % 30) + 1).padStart(2, "0")}`;
          if (item.op === "add")
            await insertEntries(db(), [entry({ amountMinor: item.amount, occurredOn: day(item.day) })]);
          else if (item.op === "undo") {
            const [id] = deleted.splice(item.pick % Math.max(1, deleted.length), 1);
            if (id) await restoreEntry(db(), { writer: nobody, householdId, entryId: id, deletedBy: owner.id });
          } else if (!picked) continue;
          else if (item.op === "delete") {
            await deleteEntries(db(), {
              writer: nobody,
              householdId,
              selection: { ids: [picked.id] },
              undoBy: owner.id,
            });
            deleted.push(picked.id);
          } else if (item.op === "move")
            await changeEntry(db(), {
              writer: nobody,
              householdId,
              entryId: picked.id,
              version: picked.version,
              change: {
                kind: item.income ? "income" : "expense",
                amountMinor: picked.amountMinor,
                occurredOn: day(item.day),
                description: "Albert Heijn",
                categoryId: groceries,
              },
            });
          else if (item.op === "recategorize") {
            const lines = await db()
              .select({ id: entryLine.id })
              .from(entryLine)
              .where(eq(entryLine.entryId, picked.id))
              .orderBy(asc(entryLine.position));
            const line = lines[item.line % lines.length];
            if (line)
              await db()
                .update(entryLine)
                .set({ categoryId: categories[item.category] ?? groceries })
                .where(eq(entryLine.id, line.id));
          } else {
            const amountMinor = item.op === "edit" ? item.amount : picked.amountMinor;
            const lines = item.op === "split" ? splitInto(amountMinor, item.parts, categories) : undefined;
            const change = {
              kind: "expense" as const,
              amountMinor,
              occurredOn: item.op === "edit" ? day(item.day) : "2026-11-14",
              description: "Albert Heijn",
              categoryId: groceries,
            };
            // Editing a split's amount without new lines is a caller's mistake the database refuses; split evenly.
            const oneLine =
              item.op === "edit" ? splitInto(amountMinor, [{ weight: 1, category: 0 }], categories) : lines;
            await changeEntry(db(), {
              writer: nobody,
              householdId,
              entryId: picked.id,
              version: picked.version,
              change: { ...change, lines: oneLine },
            });
          }
        }
        expect(await totalsDisagree(householdId)).toBe(0);
        expect(await entriesNotAddingUp(householdId)).toBe(0);
      }),
      { numRuns: 25, seed: 20261127 },
    );
  }, 120_000);
});

/** Splits an amount by weights, the remainder cent by cent to the first parts, so the lines add up exactly. */
function splitInto(
  amountMinor: number,
  parts: readonly { weight: number; category: number }[],
  categories: readonly string[],
): NewLine[] {
  const weights = parts.reduce((sum, part) => sum + part.weight, 0);
  const lines = parts.map((part) => ({
    categoryId: categories[part.category % categories.length] ?? groceries,
    amountMinor: Math.floor((amountMinor * part.weight) / weights),
  }));
  let left = amountMinor - lines.reduce((sum, line) => sum + line.amountMinor, 0);
  for (let index = 0; left > 0; index = (index + 1) % lines.length, left -= 1) lines[index]!.amountMinor += 1;
  return lines.filter((line) => line.amountMinor !== 0).length > 0 ? lines : [{ categoryId: groceries, amountMinor }];
}
