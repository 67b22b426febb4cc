import { and, eq } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { household } from "~/db/schema/household";
import { moneyAccount } from "~/db/schema/money-accounts";

type Executor = Pick<Database, "select" | "insert">;

/**
 * The household's Everyday account (shown translated until named): where entries typed without choosing an account go.
 * Created on first need, so every household has it without every way of creating a household knowing about accounts;
 * the partial unique index (one Everyday account per household) makes two first entries at once share one account.
 */
export async function everydayAccountId(householdId: string, executor: Executor = db()): Promise<string> {
  const find = async () =>
    (
      await executor
        .select({ id: moneyAccount.id })
        .from(moneyAccount)
        .where(and(eq(moneyAccount.householdId, householdId), eq(moneyAccount.isEveryday, true)))
        .limit(1)
    )[0]?.id;
  const existing = await find();
  if (existing) return existing;
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
  const created = await find();
  if (!created) throw new Error("everydayAccountId: account insert returned nothing");
  return created;
}
