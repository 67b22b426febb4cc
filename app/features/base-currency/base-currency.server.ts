import { and, eq, gte, isNotNull, lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { budgetLimit } from "~/db/schema/budgets";
import { transaction } from "~/db/schema/entries";
import { goal } from "~/db/schema/goals";
import { household } from "~/db/schema/household";
import { isCurrency, type Currency } from "~/domain/money";
import { monthOf, monthStart, addMonths, todayIn, type IsoDate } from "~/domain/periods";
import { baseAmountOf, conversion, convertMinor, minorUnitFactor, type Conversion } from "~/domain/rates";
import { convertBudgetLimits } from "~/features/budgets/budgets.server";
import { rebaseHousehold } from "~/features/entries/entry-writer.server";
import { convertGoalAmounts } from "~/features/goals/goals.server";
import { requireHouseholdAccess, setBaseCurrency } from "~/features/household/households.server";
import { accountsHoldingMoney, relabelEmptyAccounts } from "~/features/money-accounts/accounts.server";
import { rateTable } from "~/features/rates/rates.server";
import { followAccountCurrencies } from "~/features/recurring/recurring.server";
import { balancedSettledMonths, convertSettlements } from "~/features/sharing/settle-up.server";

/**
 * Changing a household's base currency (decision 0026) converts instead of relabelling: every entry's base amount
 * again from its own amount at its own day's rate; budget limits, goal targets, the shared-expense alert and
 * settlements at today's rate; accounts that hold money keep their currency (their amounts are the bank's), empty ones
 * follow; settled months stay settled. First a preview of what changes, then one transaction.
 */

export interface BaseCurrencyPreview {
  from: Currency;
  to: Currency;
  /**
   * Today's rate from the old base to the new one; null: none known, the change is refused, and the preview shows no
   * figures after it (never the old numbers under the new currency).
   */
  rate: Conversion | null;
  /** Entries per currency: each is converted from its own amount at its own day's rate. */
  entries: { currency: string; count: number }[];
  /** This month's spending before and after (an entry without a rate in the new base is left out, and counted). */
  /** Null without a rate. */
  month: { month: string; beforeMinor: number; afterMinor: number; withoutRate: number } | null;
  budgets: { categoryId: string; beforeMinor: number; afterMinor: number }[];
  goals: { name: string; beforeMinor: number; afterMinor: number }[];
  alert: { beforeMinor: number; afterMinor: number } | null;
  /** Accounts that hold money, which keep their own currency. */
  accountsKept: { id: string; name: string | null; isEveryday: boolean; currency: string }[];
}

export type BaseCurrencyChange = { ok: true } | { ok: false; fieldErrors: { form: string } };

function today(): IsoDate {
  return todayIn(undefined);
}

/** What changing the base currency to `to` would do, for the owner to confirm. */
export async function previewBaseCurrencyChange({
  userId,
  householdId,
  to,
}: {
  userId: string;
  householdId: string;
  to: Currency;
}): Promise<BaseCurrencyPreview> {
  const access = await requireHouseholdAccess({ userId, householdId, ownerOnly: true });
  const from = access.household.currency;
  const day = today();
  const rate = from === to ? null : (conversion(rateTable(), from, to, day) ?? null);
  const month = monthOf(day);
  const [entries, monthEntries, limits, goals, accountsKept, [alert]] = await Promise.all([
    db()
      .select({ currency: transaction.currency, count: sql<number>`count(*)::int` })
      .from(transaction)
      .where(eq(transaction.householdId, householdId))
      .groupBy(transaction.currency),
    db()
      .select({
        amountMinor: transaction.amountMinor,
        currency: transaction.currency,
        occurredOn: transaction.occurredOn,
        baseAmountMinor: transaction.baseAmountMinor,
      })
      .from(transaction)
      .where(
        and(
          eq(transaction.householdId, householdId),
          eq(transaction.kind, "expense"),
          gte(transaction.occurredOn, monthStart(month)),
          lt(transaction.occurredOn, monthStart(addMonths(month, 1))),
        ),
      ),
    db()
      .selectDistinctOn([budgetLimit.categoryId], {
        categoryId: budgetLimit.categoryId,
        limitMinor: budgetLimit.limitMinor,
      })
      .from(budgetLimit)
      .where(
        and(
          eq(budgetLimit.householdId, householdId),
          eq(budgetLimit.scope, "repeat"),
          isNotNull(budgetLimit.limitMinor),
        ),
      )
      .orderBy(budgetLimit.categoryId, sql`${budgetLimit.month} desc`),
    db().select({ name: goal.name, targetMinor: goal.targetMinor }).from(goal).where(eq(goal.householdId, householdId)),
    accountsHoldingMoney(householdId),
    db().select({ minor: household.sharedAlertMinor }).from(household).where(eq(household.id, householdId)),
  ]);
  let afterMinor = 0;
  let withoutRate = 0;
  for (const entry of monthEntries) {
    const base = baseAmountOf(rateTable(), entry, to).baseAmountMinor;
    if (base === null) withoutRate++;
    else afterMinor += base;
  }
  const counts = {
    from,
    to,
    entries: entries.sort((a, b) => b.count - a.count),
    accountsKept: accountsKept.filter((account) => account.currency !== to),
  };
  if (!rate) return { ...counts, rate: null, month: null, budgets: [], goals: [], alert: null };
  const convert = (minor: number) => convertMinor(minor, rate.rate, from, to);
  return {
    ...counts,
    rate,
    month: {
      month,
      beforeMinor: monthEntries.reduce((sum, entry) => sum + (entry.baseAmountMinor ?? 0), 0),
      afterMinor,
      withoutRate,
    },
    budgets: limits.flatMap((row) =>
      row.limitMinor === null || row.limitMinor === 0
        ? []
        : [{ categoryId: row.categoryId, beforeMinor: row.limitMinor, afterMinor: convert(row.limitMinor) }],
    ),
    goals: goals.map((row) => ({
      name: row.name,
      beforeMinor: row.targetMinor,
      afterMinor: Math.max(1, convert(row.targetMinor)),
    })),
    alert:
      alert?.minor === null || alert?.minor === undefined
        ? null
        : { beforeMinor: alert.minor, afterMinor: Math.max(1, convert(alert.minor)) },
  };
}

/** Changes the household's base currency to `to`, converting everything in one transaction (owner only). */
export async function changeBaseCurrency({
  userId,
  householdId,
  to,
}: {
  userId: string;
  householdId: string;
  to: string;
}): Promise<BaseCurrencyChange> {
  if (!isCurrency(to)) return { ok: false, fieldErrors: { form: "errors.currency.invalid" } };
  const access = await requireHouseholdAccess({ userId, householdId, write: true, ownerOnly: true });
  const from = access.household.currency;
  if (from === to) return { ok: true };
  const rate = conversion(rateTable(), from, to, today());
  if (!rate) return { ok: false, fieldErrors: { form: "errors.currency.noRate" } };
  const factor = minorUnitFactor(rate.rate, from, to);
  await db().transaction(async (tx) => {
    // Which settled months balance is read before anything moves.
    const balanced = await balancedSettledMonths(tx, householdId);
    await relabelEmptyAccounts(tx, { householdId, from, to });
    await setBaseCurrency(tx, { householdId, currency: to, factor });
    await rebaseHousehold(tx, householdId);
    await convertBudgetLimits(tx, householdId, factor);
    await convertGoalAmounts(tx, householdId, factor);
    await followAccountCurrencies(tx, householdId, factor);
    await convertSettlements(tx, { householdId, factor, balanced });
  });
  return { ok: true };
}
