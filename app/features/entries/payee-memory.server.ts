import { sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { payee } from "~/db/schema/entries";
import type { HouseholdAccess } from "~/features/household/households.server";
import { payeesSeenBy } from "~/features/household/personal-privacy.server";

/** Who writes the memory: a payee they do not see (`payeesSeenBy`, decision 0037) keeps its own. */
type Writer = Pick<HouseholdAccess, "hiddenPersonalOf">;

type Executor = Pick<Database, "execute" | "select">;

/** "Always put this payee's money out (or in) in this category": remembered on the payee, one row per payee. */
export interface PayeeCategoryChoice {
  payeeKey: string;
  kind: "income" | "expense";
  categoryId: string;
}

/**
 * Payee memory: the category the household chose for a payee's money out or in, used by every import after it (decision
 * 0020). Free and unlimited: it is not a rule, so it never counts towards the plan's rules. Choices for payees the
 * household does not have change nothing; one payee chosen twice keeps its last choice. One statement per kind. A payee
 * the writer does not see (seen only on another member's hidden entries) keeps its memory: a partner's choice never
 * changes how the hidden member's bookings are sorted (issue 44).
 */
export async function rememberPayeeCategories(
  executor: Executor,
  householdId: string,
  choices: readonly PayeeCategoryChoice[],
  writer: Writer,
): Promise<void> {
  const seen = payeesSeenBy(writer);
  for (const kind of ["expense", "income"] as const) {
    const ofKind = [
      ...new Map(choices.filter((choice) => choice.kind === kind).map((choice) => [choice.payeeKey, choice])).values(),
    ];
    if (ofKind.length === 0) continue;
    const column = kind === "expense" ? sql`"expense_category_id"` : sql`"income_category_id"`;
    await executor.execute(sql`
      update ${payee} set ${column} = "chosen"."category_id", "updated_at" = now()
      from unnest(${sql.param(ofKind.map((choice) => choice.payeeKey))}::text[],
                  ${sql.param(ofKind.map((choice) => choice.categoryId))}::uuid[]) as "chosen"("key", "category_id")
      where ${payee.householdId} = ${householdId}
        and ${payee.id} = (select coalesce("named"."merged_into_id", "named"."id") from ${payee} as "named"
                           where "named"."household_id" = ${householdId} and "named"."key" = "chosen"."key")
        and ${seen ?? sql`true`}`);
  }
}

/**
 * "Yes, always" for an entry with a payee: the category is remembered on the payee, which is added when the household
 * has none of that key yet (a row of an import preview, before the import). A key merged into another payee remembers
 * it on that payee.
 */
export async function rememberPayeeCategory(
  executor: Pick<Database, "insert" | "execute" | "select">,
  householdId: string,
  choice: { payee: { key: string; name: string }; kind: "income" | "expense"; categoryId: string },
  writer: Writer,
): Promise<void> {
  const [merged] = await executor
    .select({ intoId: payee.mergedIntoId })
    .from(payee)
    .where(
      sql`${payee.householdId} = ${householdId} and ${payee.key} = ${choice.payee.key} and ${payee.mergedIntoId} is not null`,
    )
    .limit(1);
  if (merged?.intoId) {
    await rememberPayeeCategories(
      executor,
      householdId,
      [{ payeeKey: choice.payee.key, kind: choice.kind, categoryId: choice.categoryId }],
      writer,
    );
    return;
  }
  const category =
    choice.kind === "expense" ? { expenseCategoryId: choice.categoryId } : { incomeCategoryId: choice.categoryId };
  await executor
    .insert(payee)
    .values({ householdId, key: choice.payee.key, name: choice.payee.name, ...category })
    .onConflictDoUpdate({
      target: [payee.householdId, payee.key],
      set: { ...category, updatedAt: sql`now()` },
      setWhere: payeesSeenBy(writer),
    });
}
