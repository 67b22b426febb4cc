import fc from "fast-check";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { entryLine, transaction } from "~/db/schema/entries";
import { accountMonthTotal, moneyAccount, transfer } from "~/db/schema/money-accounts";
import { useTestDatabase } from "~/db/test-database";
import { builtInCategory } from "~/domain/categories";
import { uuidv7 } from "~/lib/uuid";
import { seedHousehold } from "../../../db/seed/budget";
import { listAccounts } from "./accounts.server";
import { everydayAccountId } from "./everyday-account.server";
import { insertEntries } from "~/features/entries/entry-writer.server";

/**
 * account_month_total, which balances read for every month before the day asked for, is kept by triggers on
 * `transaction` and `transfer` (migration 0011). Whatever sequence of statements writes entries and transfers —
 * several rows at once, moves between accounts, months and kinds, deletions, an account deleted with its history —
 * the kept sums equal a recount, and every balance equals the sum of everything up to its day.
 */

useTestDatabase();

const days = [
  "2025-12-31",
  "2026-01-01",
  "2026-01-15",
  "2026-02-28",
  "2026-03-01",
  "2026-03-20",
  "2026-11-26",
] as const;
const groceries = builtInCategory("groceries").id;
const salary = builtInCategory("salary").id;

type Step =
  | { op: "addEntries"; rows: { account: number; income: boolean; amount: number; day: number }[] }
  | { op: "changeEntry"; pick: number; account: number; income: boolean; amount: number; day: number }
  | { op: "deleteEntries"; pick: number; count: number }
  | { op: "addTransfer"; from: number; to: number; amount: number; day: number }
  | { op: "changeTransfer"; pick: number; amount: number; day: number; swap: boolean }
  | { op: "deleteTransfer"; pick: number };

const account = fc.integer({ min: 0, max: 2 });
const amount = fc.integer({ min: 1, max: 500_000 });
const day = fc.integer({ min: 0, max: days.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant("addEntries" as const),
    rows: fc.array(fc.record({ account, income: fc.boolean(), amount, day }), { minLength: 1, maxLength: 6 }),
  }),
  fc.record({ op: fc.constant("changeEntry" as const), pick: fc.nat(), account, income: fc.boolean(), amount, day }),
  fc.record({ op: fc.constant("deleteEntries" as const), pick: fc.nat(), count: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ op: fc.constant("addTransfer" as const), from: account, to: account, amount, day }),
  fc.record({ op: fc.constant("changeTransfer" as const), pick: fc.nat(), amount, day, swap: fc.boolean() }),
  fc.record({ op: fc.constant("deleteTransfer" as const), pick: fc.nat() }),
);

/** The rows of a raw query, whichever driver ran it. */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

async function recountMismatches(accountIds: string[]): Promise<number> {
  const result = await db().execute(sql`
    with actual as (
      select account_id, month, sum(net_minor) as net_minor from (
        select account_id, date_trunc('month', occurred_on::timestamp)::date as month,
               case when kind = 'income' then amount_minor else -amount_minor end as net_minor
        from "transaction" where account_id in ${accountIds}
        union all select to_account_id, date_trunc('month', occurred_on::timestamp)::date, to_amount_minor from transfer where to_account_id in ${accountIds}
        union all select from_account_id, date_trunc('month', occurred_on::timestamp)::date, -amount_minor from transfer where from_account_id in ${accountIds}
      ) moves group by 1, 2
    ), kept as (select account_id, month, net_minor from account_month_total where account_id in ${accountIds})
    select count(*) as mismatches from actual full join kept using (account_id, month)
    where coalesce(actual.net_minor, 0) <> coalesce(kept.net_minor, 0)`);
  return Number(rowsOf<{ mismatches: string }>(result)[0]?.mismatches ?? -1);
}

/** The balance as it was computed before account_month_total: every entry and transfer up to the day. */
async function recountBalance(accountId: string, on: string): Promise<number> {
  const result = await db().execute(sql`
    select coalesce((select sum(case when kind = 'income' then amount_minor else -amount_minor end) from "transaction" where account_id = ${accountId} and occurred_on <= ${on}), 0)
         + coalesce((select sum(to_amount_minor) from transfer where to_account_id = ${accountId} and occurred_on <= ${on}), 0)
         - coalesce((select sum(amount_minor) from transfer where from_account_id = ${accountId} and occurred_on <= ${on}), 0)
         + (select opening_balance_minor from money_account where id = ${accountId}) as balance`);
  return Number(rowsOf<{ balance: string }>(result)[0]?.balance);
}

describe("account month totals", () => {
  it("equal a recount after any sequence of writes, and every balance the sum of its history (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 12 }), async (steps) => {
        // A household of its own per run, so a counterexample is the whole story.
        const { owner, household } = await seedHousehold();
        const everyday = await everydayAccountId(household.id);
        const others = await db()
          .insert(moneyAccount)
          .values([
            {
              householdId: household.id,
              name: "Savings",
              kind: "savings",
              currency: "EUR",
              openingBalanceMinor: 10_000,
            },
            // In another currency: a transfer to or from it moves two amounts (decision 0027).
            { householdId: household.id, name: "Card", kind: "credit_card", currency: "CHF" },
          ])
          .returning({ id: moneyAccount.id });
        const accountIds = [everyday, ...others.map((row) => row.id)];
        const card = accountIds[2]!;
        // What arrives: the same figure within the euro, a tenth more in francs, a tenth less from them.
        const arriving = (amountMinor: number, from: string, to: string) =>
          from === to || (from !== card && to !== card)
            ? amountMinor
            : Math.max(1, Math.round(amountMinor * (to === card ? 1.1 : 0.9)));
        for (const item of steps) {
          const entries = await db()
            .select({ id: transaction.id })
            .from(transaction)
            .where(eq(transaction.householdId, household.id))
            .orderBy(transaction.id);
          const transfers = await db()
            .select({ id: transfer.id, fromAccountId: transfer.fromAccountId, toAccountId: transfer.toAccountId })
            .from(transfer)
            .where(eq(transfer.householdId, household.id))
            .orderBy(transfer.id);
          if (item.op === "addEntries") {
            await insertEntries(
              db(),
              item.rows.map((row) => ({
                householdId: household.id,
                kind: row.income ? ("income" as const) : ("expense" as const),
                amountMinor: row.amount,
                currency: "EUR" as const,
                occurredOn: days[row.day]!,
                categoryId: row.income ? salary : groceries,
                accountId: accountIds[row.account]!,
                description: "",
                createdBy: owner.id,
              })),
            );
          } else if (item.op === "changeEntry" && entries.length > 0) {
            const picked = entries[item.pick % entries.length]!;
            const change = {
              kind: item.income ? ("income" as const) : ("expense" as const),
              categoryId: item.income ? salary : groceries,
              amountMinor: item.amount,
              occurredOn: days[item.day]!,
            };
            // Raw, to move the entry between accounts too (no form does); its one line follows, as the writer's would.
            await db().transaction(async (tx) => {
              await tx
                .update(transaction)
                .set({ ...change, accountId: accountIds[item.account]! })
                .where(eq(transaction.id, picked.id));
              await tx.update(entryLine).set(change).where(eq(entryLine.entryId, picked.id));
            });
          } else if (item.op === "deleteEntries" && entries.length > 0) {
            const start = item.pick % entries.length;
            await db()
              .delete(transaction)
              .where(
                inArray(
                  transaction.id,
                  entries.slice(start, start + item.count).map((row) => row.id),
                ),
              );
          } else if (item.op === "addTransfer" && item.from !== item.to) {
            await db()
              .insert(transfer)
              .values({
                id: uuidv7(),
                householdId: household.id,
                fromAccountId: accountIds[item.from]!,
                toAccountId: accountIds[item.to]!,
                amountMinor: item.amount,
                toAmountMinor: arriving(item.amount, accountIds[item.from]!, accountIds[item.to]!),
                occurredOn: days[item.day]!,
              });
          } else if (item.op === "changeTransfer" && transfers.length > 0) {
            const picked = transfers[item.pick % transfers.length]!;
            const [from, to] = item.swap
              ? [picked.toAccountId, picked.fromAccountId]
              : [picked.fromAccountId, picked.toAccountId];
            await db()
              .update(transfer)
              .set({
                amountMinor: item.amount,
                toAmountMinor: arriving(item.amount, from, to),
                occurredOn: days[item.day]!,
                ...(item.swap
                  ? { fromAccountId: sql`${transfer.toAccountId}`, toAccountId: sql`${transfer.fromAccountId}` }
                  : {}),
              })
              .where(eq(transfer.id, picked.id));
          } else if (item.op === "deleteTransfer" && transfers.length > 0) {
            await db()
              .delete(transfer)
              .where(eq(transfer.id, transfers[item.pick % transfers.length]!.id));
          }
        }
        expect(await recountMismatches(accountIds)).toBe(0);
        for (const on of days) {
          const balances = await listAccounts({ userId: owner.id, householdId: household.id, on });
          for (const id of accountIds)
            expect(balances.find((row) => row.id === id)?.balanceMinor, `${id} on ${on}`).toBe(
              await recountBalance(id, on),
            );
        }
      }),
      { numRuns: 25, seed: 20261126 },
    );
  }, 120_000);

  it("a deleted account takes its month totals with it, and the other side of its transfers keeps its own", async () => {
    const { owner, household } = await seedHousehold();
    const everyday = await everydayAccountId(household.id);
    const [savings] = await db()
      .insert(moneyAccount)
      .values({ householdId: household.id, name: "Savings", kind: "savings", currency: "EUR" })
      .returning({ id: moneyAccount.id });
    await insertEntries(db(), [
      {
        householdId: household.id,
        kind: "income",
        amountMinor: 5_000,
        occurredOn: "2026-01-10",
        description: "",
        categoryId: salary,
        accountId: savings!.id,
        createdBy: null,
      },
    ]);
    await db().insert(transfer).values({
      id: uuidv7(),
      householdId: household.id,
      fromAccountId: everyday,
      toAccountId: savings!.id,
      amountMinor: 2_000,
      toAmountMinor: 2_000,
      occurredOn: "2026-02-01",
    });
    await db().delete(moneyAccount).where(eq(moneyAccount.id, savings!.id));
    expect(await db().select().from(accountMonthTotal).where(eq(accountMonthTotal.accountId, savings!.id))).toEqual([]);
    // The transfer went with the account (cascade), so Everyday's February is square again.
    expect(await recountMismatches([everyday])).toBe(0);
    const [balance] = await listAccounts({ userId: owner.id, householdId: household.id, on: "2026-03-01" });
    expect(balance?.balanceMinor).toBe(0);
  });
});
