import { and, eq } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { household } from "~/db/schema/household";
import { moneyAccount } from "~/db/schema/money-accounts";
import { oncePerReadingRequest } from "~/lib/request-store.server";

type Executor = Pick<Database, "select" | "insert">;

const everydayColumns = {
  id: moneyAccount.id,
  defaultShared: moneyAccount.defaultShared,
  currency: moneyAccount.currency,
};

async function readEverydayAccount(householdId: string, executor: Executor) {
  const [everyday] = await executor
    .select(everydayColumns)
    .from(moneyAccount)
    .where(and(eq(moneyAccount.householdId, householdId), eq(moneyAccount.isEveryday, true)))
    .limit(1);
  return everyday;
}

/**
 * The household's Everyday account — its id, its sharing default and its currency, which typed entries are in — or
 * undefined before its first need. Every signed-in page asks (the entry form's defaults), and the page's own loaders
 * too: a reading request reads it once.
 */
export function everydayAccount(householdId: string) {
  return oncePerReadingRequest(`everyday-account ${householdId}`, () => readEverydayAccount(householdId, db()));
}

/**
 * The household's Everyday account (shown translated until named): where entries typed without choosing an account go.
 * Created on first need, so every household has it without every way of creating a household knowing about accounts;
 * the partial unique index (one Everyday account per household) makes two first entries at once share one account.
 */
export async function everydayAccountId(householdId: string, executor: Executor = db()): Promise<string> {
  const existing =
    executor === db() ? await everydayAccount(householdId) : await readEverydayAccount(householdId, executor);
  if (existing) return existing.id;
  const [owner] = await executor
    .select({ currency: household.currency })
    .from(household)
    .where(eq(household.id, householdId))
    .limit(1);
  if (!owner) throw new Error("everydayAccountId: no such household");
  await executor
    .insert(moneyAccount)
    .values({ householdId, currency: owner.currency, isEveryday: true })
    .onConflictDoNothing();
  const created = await readEverydayAccount(householdId, executor);
  if (!created) throw new Error("everydayAccountId: account insert returned nothing");
  return created.id;
}
