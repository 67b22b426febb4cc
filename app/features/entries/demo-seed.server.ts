import { and, eq, max } from "drizzle-orm";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { subscription } from "~/db/schema/billing";
import { budgetLimit } from "~/db/schema/budgets";
import { transaction } from "~/db/schema/entries";
import { goal, goalContribution } from "~/db/schema/goals";
import { household } from "~/db/schema/household";
import { builtInCategory, type TransactionKind } from "~/domain/categories";
import { addMonths, monthOf, todayIn, type IsoDate } from "~/domain/periods";
import { logger } from "~/lib/logger.server";
import { realisticEntries, seedTransactions, seedUser } from "../../../db/seed/budget";
import { seedSubscription } from "../../../db/seed/premium";
import { ensurePersonalHousehold } from "~/features/household/households.server";
import { setBudget } from "~/features/budgets/budgets.server";
import { createAccount, listAccounts } from "~/features/money-accounts/accounts.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { createTransfer } from "~/features/money-accounts/transfers.server";

export const demoEmail = "demo@samen.app";
export const demoPassword = "samen-demo-2024";

/**
 * The development demo: a verified account that can sign in (Better Auth credential, scrypt hash), twelve months
 * of a believable household, a savings account its monthly savings move to, two goals (one following that account)
 * and three budgets. Idempotent: a second start adds only the days that passed
 * since the last.
 */
export async function seedDemoBudget({ today = todayIn("Europe/Amsterdam") }: { today?: IsoDate } = {}) {
  const [existing] = await db().select({ id: user.id }).from(user).where(eq(user.email, demoEmail)).limit(1);
  const owner =
    existing ??
    (await seedUser({ email: demoEmail, name: "Lotte de Vries", emailVerified: true, password: demoPassword }));
  const householdId = await ensurePersonalHousehold({ userId: owner.id });
  if (!existing) {
    await db().update(household).set({ name: "Lotte & Daan" }).where(eq(household.id, householdId));
  }
  // The demo shows the whole product, so it runs on Premium (test mode, no provider), renewed at every start.
  const [plan] = await db()
    .select({ householdId: subscription.householdId })
    .from(subscription)
    .where(eq(subscription.householdId, householdId))
    .limit(1);
  const yearAhead = new Date(Date.now() + 365 * 86_400_000);
  if (plan)
    await db()
      .update(subscription)
      .set({ plan: "premium", status: "active", currentPeriodEnd: yearAhead, cancelAtPeriodEnd: false })
      .where(eq(subscription.householdId, householdId));
  else await seedSubscription({ householdId, plan: "premium", currentPeriodEnd: yearAhead });

  const [latest] = await db()
    .select({ last: max(transaction.occurredOn) })
    .from(transaction)
    .where(eq(transaction.householdId, householdId));
  const after = latest?.last ?? null;
  const history = realisticEntries({ months: demoMonths, today, seed: 2024 }).filter(
    (entry) => after === null || entry.occurredOn > after,
  );
  // Money put aside is a transfer to the savings account, never spending.
  const entries = history.filter((entry) => entry.category !== "savings");
  if (entries.length > 0) await seedTransactions({ householdId, userId: owner.id, entries });
  const savingsAccountId = await demoSavingsAccount(owner.id, householdId, today);
  const everyday = await everydayAccountId(householdId);
  for (const entry of history.filter((item) => item.category === "savings"))
    await createTransfer({
      userId: owner.id,
      householdId,
      fields: {
        fromAccountId: everyday,
        toAccountId: savingsAccountId,
        amountMinor: entry.amountMinor,
        occurredOn: entry.occurredOn,
        description: entry.description ?? "",
      },
    });

  const goals = await db()
    .select({ id: goal.id })
    .from(goal)
    .where(and(eq(goal.householdId, householdId)))
    .limit(1);
  if (goals.length === 0) {
    const month = monthOf(today);
    await insertGoal(householdId, {
      name: "Emergency buffer",
      targetMinor: 1_000_000,
      deadline: null,
      accountId: savingsAccountId,
    });
    const holiday = await insertGoal(householdId, {
      name: "Summer in Portugal",
      targetMinor: 240_000,
      deadline: `${addMonths(month, 5)}-28`,
    });
    const deposits: { goalId: string; amountMinor: number; occurredOn: IsoDate }[] = [];
    for (let back = 11; back >= 0; back -= 1) {
      const day = `${addMonths(month, -back)}-26`;
      if (day > today) continue;
      if (back <= 4) deposits.push({ goalId: holiday, amountMinor: 20_000, occurredOn: day });
    }
    await db()
      .insert(goalContribution)
      .values(deposits.map((deposit) => ({ ...deposit, createdBy: owner.id })));
    const saved = deposits.reduce((sum, deposit) => sum + deposit.amountMinor, 0);
    await db().update(goal).set({ savedMinor: saved }).where(eq(goal.id, holiday));
  }
  const budgets = await db()
    .select({ id: budgetLimit.id })
    .from(budgetLimit)
    .where(eq(budgetLimit.householdId, householdId))
    .limit(1);
  if (budgets.length === 0) {
    // Half a year of budgets: groceries roll over (and sometimes run over), eating out and leisure start afresh monthly.
    const from = addMonths(monthOf(today), -5);
    for (const [key, limitMinor, rollover] of [
      ["groceries", 55_000, true],
      ["eatingOut", 12_000, false],
      ["leisure", 15_000, false],
    ] as const) {
      await setBudget({
        userId: owner.id,
        householdId,
        fields: { categoryId: builtInCategory(key).id, month: from, limitMinor, scope: "repeat", rollover },
      });
    }
  }
  return { userId: owner.id, householdId, added: entries.length };
}

/** The demo's savings account, opened with the history's first month; found again on every later start. */
async function demoSavingsAccount(userId: string, householdId: string, today: IsoDate): Promise<string> {
  const existing = (await listAccounts({ userId, householdId })).find((account) => account.kind === "savings");
  if (existing) return existing.id;
  const created = await createAccount({
    userId,
    householdId,
    input: {
      name: "Savings",
      kind: "savings",
      iban: null,
      openingBalance: 250_000,
      openingOn: `${addMonths(monthOf(today), 1 - demoMonths)}-01`,
      defaultShared: true,
    },
  });
  if (!created.ok) throw new Error(`demo savings account not created: ${JSON.stringify(created.fieldErrors)}`);
  return created.accountId;
}

async function insertGoal(
  householdId: string,
  values: { name: string; targetMinor: number; deadline: IsoDate | null; accountId?: string },
) {
  const [created] = await db()
    .insert(goal)
    .values({ householdId, ...values })
    .returning({ id: goal.id });
  if (!created) throw new Error("goal insert returned nothing");
  return created.id;
}

/**
 * The demo household's series: rent, a salary and two subscriptions, as its history books them every month
 * (`realisticEntries` in db/seed/budget.ts: the same description, day and amount; the salary's amount moves a little
 * around this one). The recurring feature sets them up (features/recurring/startup.server.ts), since entries sit
 * below it and may not write its tables; every due date the history already holds counts as posted with its entry.
 */
export const demoSeries: readonly {
  kind: TransactionKind;
  categoryId: string;
  description: string;
  amountMinor: number;
  dayOfMonth: number;
}[] = [
  {
    kind: "expense",
    categoryId: builtInCategory("housing").id,
    description: "Rent",
    amountMinor: 135_000,
    dayOfMonth: 1,
  },
  {
    kind: "income",
    categoryId: builtInCategory("salary").id,
    description: "Salary Lotte",
    amountMinor: 345_000,
    dayOfMonth: 25,
  },
  {
    kind: "expense",
    categoryId: builtInCategory("leisure").id,
    description: "Streaming",
    amountMinor: 1_399,
    dayOfMonth: 8,
  },
  { kind: "expense", categoryId: builtInCategory("leisure").id, description: "Gym", amountMinor: 3_900, dayOfMonth: 2 },
];

/** How many months back the demo's history (and so its series) starts. */
export const demoMonths = 12;

/** The demo account and its household, once seeded; null before. */
export async function findDemoHousehold(): Promise<{ userId: string; householdId: string } | null> {
  const [demo] = await db().select({ id: user.id }).from(user).where(eq(user.email, demoEmail)).limit(1);
  if (!demo) return null;
  return { userId: demo.id, householdId: await ensurePersonalHousehold({ userId: demo.id }) };
}

export function logDemoAccount() {
  logger.info(
    { email: demoEmail, password: demoPassword },
    `demo account ready: sign in with ${demoEmail} / ${demoPassword}`,
  );
}
