import { sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { requireHouseholdAccess, type HouseholdAccess } from "~/features/household/households.server";
import { visibleEntriesInSql } from "~/features/household/personal-privacy.server";
import { applyRuleChanges, deleteEntries, type RuleChange } from "~/features/entries/entry-writer.server";
import type { RuleEntry } from "~/domain/rules/rule-types";
import {
  linesOfSplit,
  loadRuleSet,
  matchRulesOnWorker,
  ruleMatchingBudgetMs,
  type Executor,
  type RuleSet,
} from "./rule-evaluation.server";

/**
 * "Apply to existing transactions": the household's rules run over every entry it has. The preview counts what would
 * change; applying changes it in one database transaction. Entries are read a batch at a time by keyset on the
 * (household, date, id) index, evaluated on a worker thread with a time budget per batch (a pattern's cost over
 * 100,000 entries is the user's to size: past the budget RulesTooCostlyError is thrown), and each batch is written with
 * one UPDATE … FROM unnest (category, description, shared or personal), plus, for entries a rule marks as transfers, one INSERT into transfer and one DELETE.
 */

// Every read and write below keeps to the entries the member applying the rules may see row by row: a partner's hidden
// personal expense is neither counted by the preview (its count would tell whether a text matches it) nor changed
// (made shared, it would show in detail).

/** Entries read, evaluated and written per round trip. */
const batchSize = 10_000;

export interface ApplyCounts {
  /** Entries that change at all. */
  rows: number;
  /** …of which get another category, */
  categories: number;
  /** …another description, */
  renames: number;
  /** …become transfers between two own accounts, */
  transfers: number;
  /** …become shared or personal, */
  sharing: number;
  /** …or are split into lines. */
  splits: number;
}

/** `description` is null where no rule renames the entry: it keeps its own (which the batch may not have read). */
interface Batch {
  updates: RuleChange[];
  transfers: { id: string; otherAccountId: string; description: string | null }[];
}

/** Descriptions are cut to what an import writes. */
const descriptionLimit = 500;

/** One entry as the batch query sends it: a JSON array, in this order. */
type EntryTuple = [
  id: string,
  kind: string,
  amountMinor: number | string | null,
  occurredOn: string,
  description: string | null,
  counterparty: string | null,
  counterpartyIban: string | null,
  accountId: string | null,
  categoryId: string,
  shared: boolean,
  /** Whether the entry is split already (read only when a rule splits): null when not read. */
  split: boolean | null,
];

/** The columns the rules look at; the others are sent as null (each column costs reading time on 100,000 rows). */
function neededColumns(rules: RuleSet["rules"]) {
  const fields = new Set(rules.flatMap((rule) => rule.conditions.map((condition) => condition.field)));
  const renames = rules.some((rule) => rule.actions.rename);
  const transfers = rules.some((rule) => rule.actions.transferAccountId);
  const splits = rules.some((rule) => rule.actions.split);
  const column = (name: string, needed: boolean) => (needed ? sql.identifier(name) : sql`null`);
  return [
    column("amount_minor", fields.has("amount") || splits),
    column("description", fields.has("description") || renames),
    column("counterparty", fields.has("counterparty")),
    column("counterparty_iban", fields.has("counterpartyIban")),
    column("account_id", fields.has("account") || transfers),
    // A split entry is the person's own division of it: a rule's split leaves it as it is.
    splits
      ? sql`exists (select 1 from "entry_line" "line" where "line"."entry_id" = "batch"."id" and "line"."position" > 0)`
      : sql`null`,
  ];
}

/**
 * A batch of the household's entries, newest first, after `position`. It comes back as one JSON array: drivers
 * (PGlite most of all) spend far longer turning 10,000 rows of ten columns into objects than parsing one JSON value
 * of the same data, about four times as long.
 */
async function readBatch(
  executor: Executor,
  access: HouseholdAccess,
  columns: ReturnType<typeof neededColumns>,
  position: { occurredOn: string; id: string } | null,
): Promise<EntryTuple[]> {
  const householdId = access.household.id;
  const after = position
    ? sql`and ("occurred_on", "id") < (${position.occurredOn}::date, ${position.id}::uuid)`
    : sql``;
  const [amount, description, counterparty, iban, account, split] = columns;
  const result = await executor.execute(sql`
    select coalesce(json_agg(json_build_array("id", "kind", ${amount}, "occurred_on", ${description}, ${counterparty}, ${iban}, ${account}, "category_id", "shared", ${split})
                             order by "occurred_on" desc, "id" desc), '[]'::json) as "entries"
    from (select "id", "kind", "amount_minor", "occurred_on", coalesce(nullif("details", ''), "description") as "description", "counterparty",
                 "counterparty_iban", "account_id", "category_id", "shared"
          from "transaction" where "household_id" = ${householdId} and ${visibleEntriesInSql(access)} ${after} order by "occurred_on" desc, "id" desc limit ${batchSize}) as "batch"`);
  // PGlite and node-postgres both answer with { rows } and parse json.
  const [row] = rowsOf<{ entries: EntryTuple[] | string }>(result);
  const entries = row?.entries ?? [];
  return typeof entries === "string" ? (JSON.parse(entries) as EntryTuple[]) : entries;
}

/** Walks the household's entries newest first and hands each batch's changes to `write`; returns the counts. */
async function walk(
  executor: Executor,
  access: HouseholdAccess,
  rules: RuleSet,
  write: (batch: Batch) => Promise<void>,
  budgetMs = ruleMatchingBudgetMs,
): Promise<ApplyCounts> {
  const counts: ApplyCounts = { rows: 0, categories: 0, renames: 0, transfers: 0, sharing: 0, splits: 0 };
  if (rules.rules.length === 0) return counts;
  const columns = neededColumns(rules.rules);
  let position: { occurredOn: string; id: string } | null = null;
  for (;;) {
    const entries = await readBatch(executor, access, columns, position);
    const batch: Batch = { updates: [], transfers: [] };
    const outcomes = await matchRulesOnWorker(
      rules,
      entries.map(
        ([, storedKind, amount, , storedDescription, counterparty, counterpartyIban, accountId]): RuleEntry => ({
          kind: storedKind === "income" ? "income" : "expense",
          amountMinor: Number(amount ?? 0),
          description: storedDescription ?? "",
          counterparty,
          counterpartyIban,
          accountId: accountId ?? "",
        }),
      ),
      budgetMs,
    );
    for (const [index, [id, , , , storedDescription, , , , categoryId, storedShared, split]] of entries.entries()) {
      const description = storedDescription ?? "";
      const outcome = outcomes[index] ?? { setBy: {} };
      const renamed =
        outcome.rename && outcome.rename !== description ? outcome.rename.slice(0, descriptionLimit) : description;
      const newDescription = renamed === description ? null : renamed;
      if (outcome.transferAccountId) {
        batch.transfers.push({ id, otherAccountId: outcome.transferAccountId, description: newDescription });
        counts.transfers += 1;
        counts.rows += 1;
        continue;
      }
      const shared = outcome.sharing ? outcome.sharing === "shared" : storedShared;
      const lines = outcome.split && split === false ? linesOfSplit(outcome.split, shared) : undefined;
      // A split entry's own category is its first line's, as the split form sends it.
      const category = lines?.[0]?.categoryId ?? outcome.categoryId ?? categoryId;
      if (!lines && category === categoryId && renamed === description && shared === storedShared) continue;
      batch.updates.push({ id, categoryId: category, description: newDescription, shared, lines });
      counts.rows += 1;
      if (lines) counts.splits += 1;
      if (category !== categoryId) counts.categories += 1;
      if (renamed !== description) counts.renames += 1;
      if (shared !== storedShared) counts.sharing += 1;
    }
    if (batch.updates.length > 0 || batch.transfers.length > 0) await write(batch);
    const last = entries.at(-1);
    if (!last || entries.length < batchSize) return counts;
    position = { occurredOn: last[3], id: last[0] };
  }
}

/** What applying the rules to every existing entry would change; nothing is written. */
export async function previewApplyRules({
  userId,
  householdId,
  budgetMs,
}: {
  userId: string;
  householdId: string;
  budgetMs?: number;
}): Promise<ApplyCounts> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  return walk(db(), access, await loadRuleSet(db(), householdId), async () => {}, budgetMs);
}

/** Applies the rules to every existing entry, all in one database transaction: every change or none. */
export async function applyRulesToExisting({
  userId,
  householdId,
}: {
  userId: string;
  householdId: string;
}): Promise<ApplyCounts> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  return db().transaction(async (tx) => {
    // Two applies at once (two tabs) run one after the other; the second finds nothing left to change.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`rules-apply:${householdId}`}))`);
    const rules = await loadRuleSet(tx, householdId);
    return walk(tx, access, rules, async ({ updates, transfers }) => {
      await applyRuleChanges(tx, { writer: access, householdId, changes: updates });
      if (transfers.length > 0) {
        const column = <Value>(pick: (moved: (typeof transfers)[number]) => Value) => sql.param(transfers.map(pick));
        // Money out of the entry's account goes to the rule's account; money in came from it. The transfer keeps the
        // entry's id (ids are unique across entries and transfers), its import batch, and its statement identity on
        // its own side, so undoing that import removes it and importing the statement again adds nothing.
        // Only between accounts of one currency, where one amount moves: between two the other side's amount is the
        // bank's, which only that account's statement knows (decision 0027), so the entry stays an entry.
        const moved = await tx.execute(sql`
          insert into "transfer" ("id", "household_id", "from_account_id", "to_account_id", "amount_minor", "to_amount_minor", "occurred_on", "description",
                                  "import_batch_id", "from_import_key", "to_import_key", "created_by")
          select "transaction"."id", "transaction"."household_id",
                 case when "transaction"."kind" = 'expense' then "transaction"."account_id" else "moved"."other_account_id" end,
                 case when "transaction"."kind" = 'expense' then "moved"."other_account_id" else "transaction"."account_id" end,
                 "transaction"."amount_minor", "transaction"."amount_minor", "transaction"."occurred_on", coalesce("moved"."description", "transaction"."description"), "transaction"."import_batch_id",
                 case when "transaction"."kind" = 'expense' then "transaction"."import_key" end,
                 case when "transaction"."kind" = 'income' then "transaction"."import_key" end,
                 "transaction"."created_by"
          from unnest(${column((moved) => moved.id)}::uuid[], ${column((moved) => moved.otherAccountId)}::uuid[], ${column((moved) => moved.description)}::text[])
            as "moved"("id", "other_account_id", "description")
          join "transaction" on "transaction"."id" = "moved"."id" and "transaction"."household_id" = ${householdId} and ${visibleEntriesInSql(access)}
          join "money_account" "own" on "own"."id" = "transaction"."account_id"
          join "money_account" "other" on "other"."id" = "moved"."other_account_id" and "other"."currency" = "own"."currency"
          returning "transfer"."id"`);
        await deleteEntries(tx, {
          writer: access,
          householdId,
          selection: { ids: rowsOf(moved).map((row) => String(row.id)) },
        });
      }
    });
  });
}
