import { setImmediate } from "node:timers/promises";
import { and, asc, desc, eq, isNotNull, isNull, or } from "drizzle-orm";
import { sql, type SQL } from "drizzle-orm";
import { alias, type AnyPgColumn } from "drizzle-orm/pg-core";
import { db, type Database } from "~/db/client.server";
import { category, payee, transaction } from "~/db/schema/entries";
import { moneyAccount } from "~/db/schema/money-accounts";
import { rule } from "~/db/schema/rules";
import { builtInCategory, defaultCategoryId, type TransactionKind } from "~/domain/categories";
import { dictionaryCategory, payeeOfBooking } from "~/domain/payees/booking-payee";
import type { PayeeName } from "~/domain/payees/payee-name";
import { compileRules, type RuleOutcome, type StoredRule } from "~/domain/rules/rule-engine";
import type {
  EntrySuggestion,
  LearnOffer,
  RuleActions,
  RuleCondition,
  RuleEntry,
  RuleOrigin,
  RuleReason,
  RuleSplitLine,
} from "~/domain/rules/rule-types";
import type { NewLine } from "~/features/entries/entry-writer.server";
import { normaliseForIdentity } from "~/domain/statements/import-identity";
import { isUuid } from "~/lib/uuid";
import { runOnWorker, workerFile } from "~/lib/worker-pool.server";
import { isHouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess, type HouseholdAccess } from "~/features/household/households.server";
import { payeesSeenBy, visibleEntries } from "~/features/household/personal-privacy.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { conditionValueMaxLength } from "./rule.schema";
import type { RuleMatchingTask } from "./rule-matching.worker.server";
import { matchSafeRegex } from "./safe-regex.server";

/**
 * The one place that decides which category an entry gets and why: the household's rules first (money-in.md, "Rules
 * that learn"), then the category the counterparty's entries have had most often, then the kind's default. Imports,
 * the entry form's suggestion and the learning offer all ask here.
 */

type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Executor = Database | Tx;

export interface RuleRow extends StoredRule {
  origin: RuleOrigin;
  conditions: RuleCondition[];
  actions: RuleActions;
}

/** The household's rules in the order they run. */
export async function readRules(executor: Executor, householdId: string): Promise<RuleRow[]> {
  const rows = await executor
    .select({
      id: rule.id,
      position: rule.position,
      conditions: rule.conditions,
      actions: rule.actions,
      origin: rule.origin,
    })
    .from(rule)
    .where(eq(rule.householdId, householdId))
    .orderBy(asc(rule.position), asc(rule.createdAt), asc(rule.id));
  return rows.map((row) => ({ ...row, origin: row.origin === "learned" ? "learned" : "manual" }));
}

/** The household's usable categories (built-in and its own, not archived) with their kind. */
export async function categoryKinds(executor: Executor, householdId: string): Promise<Map<string, TransactionKind>> {
  const rows = await executor
    .select({ id: category.id, kind: category.kind })
    .from(category)
    .where(and(or(isNull(category.householdId), eq(category.householdId, householdId)), eq(category.archived, false)));
  return new Map(rows.map((row) => [row.id, row.kind === "income" ? "income" : "expense"]));
}

/** The household's open accounts. */
export async function openAccountIds(executor: Executor, householdId: string): Promise<Set<string>> {
  const rows = await executor
    .select({ id: moneyAccount.id })
    .from(moneyAccount)
    .where(and(eq(moneyAccount.householdId, householdId), isNull(moneyAccount.archivedAt)));
  return new Set(rows.map((row) => row.id));
}

export interface HouseholdRules {
  rules: RuleRow[];
  evaluate: (entry: RuleEntry) => RuleOutcome;
}

export interface RuleSet {
  rules: RuleRow[];
  kinds: Map<string, TransactionKind>;
  accounts: Set<string>;
}

/** The household's rules and what they may set: categories with their kind, open accounts. */
export async function loadRuleSet(executor: Executor, householdId: string): Promise<RuleSet> {
  // One after the other: inside a write transaction they share one connection.
  const rules = await readRules(executor, householdId);
  const kinds = await categoryKinds(executor, householdId);
  const accounts = await openAccountIds(executor, householdId);
  return { rules, kinds, accounts };
}

/** Loads and compiles the household's rules once, for one entry or a hundred thousand. */
export async function loadHouseholdRules(executor: Executor, householdId: string): Promise<HouseholdRules> {
  const { rules, kinds, accounts } = await loadRuleSet(executor, householdId);
  return {
    rules,
    evaluate: compileRules(rules, { categoryKinds: kinds, transferAccountIds: accounts, matchRegex: matchSafeRegex }),
  };
}

/** How long matching the rules over one import's rows may take (50,000 rows and ten patterns take about five seconds). */
export const ruleMatchingBudgetMs = 10_000;
const ruleMatchingWorker = workerFile("app/features/rules/rule-matching.worker.server.ts");

/** The household's rules took longer than their budget over many entries (an import, "Apply to existing"); the thread was terminated. */
export class RulesTooCostlyError extends Error {
  constructor() {
    super("matching the rules over the import's rows ran out of its time budget");
  }
}

/**
 * Each entry's outcome, matched on a pool thread with a budget (issue 20): rows times patterns is the user's to size.
 * Throws RulesTooCostlyError when the budget runs out.
 */
export async function matchRulesOnWorker(
  { rules, kinds, accounts }: RuleSet,
  entries: RuleEntry[],
  budgetMs = ruleMatchingBudgetMs,
): Promise<RuleOutcome[]> {
  if (rules.length === 0) return entries.map(() => ({ setBy: {} }));
  const task: RuleMatchingTask = { rules, categoryKinds: kinds, transferAccountIds: accounts, entries };
  const matched = await runOnWorker<RuleOutcome[]>(ruleMatchingWorker, task, { budgetMs });
  if (!matched.ok) throw new RulesTooCostlyError();
  return matched.value;
}

/**
 * The category each counterparty's entries have had most often in this household, per kind, in one grouped query
 * (the "learned" category of an import row that no rule decides). Only from entries the importing member may see:
 * a partner's hidden personal spending must not show through as a guess.
 */
async function usualCategories(executor: Executor, access: ImportAccess, counterparties: readonly string[]) {
  const wanted = new Set(counterparties.map(normaliseForIdentity).filter(Boolean));
  const usual = new Map<string, { income?: string; expense?: string }>();
  if (wanted.size === 0) return usual;
  const rows = await executor
    .select({
      counterparty: transaction.counterparty,
      kind: transaction.kind,
      categoryId: transaction.categoryId,
      uses: sql<number>`count(*)::int`,
    })
    .from(transaction)
    .where(
      and(
        eq(transaction.householdId, access.household.id),
        isNotNull(transaction.counterparty),
        visibleEntries(access),
      ),
    )
    .groupBy(transaction.counterparty, transaction.kind, transaction.categoryId)
    .orderBy(desc(sql`count(*)`));
  for (const row of rows) {
    const name = normaliseForIdentity(row.counterparty ?? "");
    if (!wanted.has(name)) continue;
    const entry = usual.get(name) ?? {};
    entry[row.kind === "income" ? "income" : "expense"] ??= row.categoryId;
    usual.set(name, entry);
  }
  return usual;
}

/**
 * Why a row got its category, in the order they are asked: a rule, the payee's memory (the household said "always"),
 * the household's earlier entries of the counterparty, the bundled dictionary (a known shop, or a telling word), and
 * else the kind's default.
 */
export type CategorySource = "rule" | "remembered" | "learned" | "known" | "keyword" | "default";

/**
 * A rule's split as the one writer's lines: a part without its own sharing is as the entry is (`entryShared`, or the
 * account's default when the entry leaves it open).
 */
export function linesOfSplit(split: readonly RuleSplitLine[], entryShared: boolean | undefined): NewLine[] {
  return split.map((line) => {
    const shared = line.sharing ? line.sharing === "shared" : entryShared;
    return { categoryId: line.categoryId, amountMinor: line.amountMinor, ...(shared === undefined ? {} : { shared }) };
  });
}

/** The importing member's access: which household, and whose personal entries they may not see. */
type ImportAccess = Pick<HouseholdAccess, "household" | "hiddenPersonalOf">;

export interface ImportRowDecision {
  /** Who the row was paid to or received from, normalised; its name is the entry's title. */
  payee: PayeeName | null;
  categoryId: string;
  categorySource: CategorySource;
  /** For "keyword": the word that gave the category away. */
  keyword: string | null;
  /** The rule that set the category, when one did, and what it is about (its first text condition's value). */
  ruleId: string | null;
  ruleAbout: string | null;
  rename: string | null;
  transferAccountId: string | null;
  /** Shared or personal when a rule says so (expenses only); null leaves the row to its account's default. */
  sharing: "shared" | "personal" | null;
  /** A rule's split of the row into lines, adding up to its amount. */
  split: RuleSplitLine[] | null;
}

export interface ImportRowFacts {
  /** Signed: money in is positive. */
  amountMinor: number;
  description: string;
  counterparty?: string | null;
  counterpartyIban?: string | null;
}

/**
 * Decides the rows of a statement for one account with the household's rules loaded once and one query for the
 * counterparties' usual categories: rules first, then the usual category, then the default. The rules are matched on
 * a worker thread; past `budgetMs` it throws RulesTooCostlyError.
 */
export async function decideImportRows({
  executor,
  access,
  accountId,
  rows,
  budgetMs = ruleMatchingBudgetMs,
}: {
  executor: Executor;
  access: ImportAccess;
  accountId: string;
  rows: readonly ImportRowFacts[];
  budgetMs?: number;
}): Promise<ImportRowDecision[]> {
  const ruleSet = await loadRuleSet(executor, access.household.id);
  const { rules } = ruleSet;
  const entries = rows.map((row): RuleEntry => ({
    kind: row.amountMinor >= 0 ? "income" : "expense",
    amountMinor: Math.abs(row.amountMinor),
    description: row.description,
    counterparty: row.counterparty ?? null,
    counterpartyIban: row.counterpartyIban ?? null,
    accountId,
  }));
  const outcomes = await matchRulesOnWorker(ruleSet, entries, budgetMs);
  const undecided = rows.filter(
    (_row, index) => outcomes[index]?.categoryId === undefined && outcomes[index]?.split === undefined,
  );
  const usual = await usualCategories(
    executor,
    access,
    undecided.map((row) => row.counterparty ?? ""),
  );
  // Reading payees costs about 10 µs a row: a 50,000-row statement gives the event loop back every 2,000 rows.
  const payees: (PayeeName | null)[] = [];
  for (let index = 0; index < rows.length; index += 2000) {
    if (index > 0) await setImmediate();
    for (const row of rows.slice(index, index + 2000)) payees.push(payeeOfBooking(row));
  }
  const memory = await payeeMemory(executor, access, payees);
  return rows.map((row, index) => {
    const outcome = outcomes[index] ?? { setBy: {} };
    const kind = row.amountMinor >= 0 ? "income" : "expense";
    const payeeName = payees[index] ?? null;
    const remembered = payeeName ? memory.get(payeeName.key)?.[kind] : undefined;
    // Entries left in the kind's default taught nothing: imports before the dictionary put everything there.
    const usualCategory = usual.get(normaliseForIdentity(row.counterparty ?? ""))?.[kind];
    const learned = usualCategory === defaultCategoryId(kind) ? undefined : usualCategory;
    const known = dictionaryCategory(payeeName, row.description, kind);
    // A rule's split decides the category too: the entry's own is its first line's.
    const splitBy = outcome.split ? outcome.setBy.split : undefined;
    const ruleId = splitBy ?? outcome.setBy.categoryId;
    const categoryId = outcome.split?.[0]?.categoryId ?? outcome.categoryId;
    const decided =
      categoryId && ruleId
        ? {
            categoryId,
            categorySource: "rule" as const,
            ruleId,
            ruleAbout: ruleAbout(rules, ruleId) || null,
            keyword: null,
          }
        : remembered
          ? { categoryId: remembered, categorySource: "remembered" as const, ...noRule }
          : learned
            ? { categoryId: learned, categorySource: "learned" as const, ...noRule }
            : known
              ? {
                  categoryId: builtInCategory(known.category).id,
                  categorySource: known.reason.kind,
                  ruleId: null,
                  ruleAbout: null,
                  keyword: known.reason.kind === "keyword" ? known.reason.word : null,
                }
              : { categoryId: defaultCategoryId(kind), categorySource: "default" as const, ...noRule };
    return {
      payee: payeeName,
      ...decided,
      rename: outcome.rename ?? null,
      transferAccountId: outcome.transferAccountId ?? null,
      sharing: outcome.sharing ?? null,
      split: outcome.split ?? null,
    };
  });
}

const noRule = { ruleId: null, ruleAbout: null, keyword: null } as const;

/**
 * Payee memory: the category the household chose to always give each payee's money out and in, for these payees, in
 * one query. A key merged into another payee (the Payees screen) answers with that payee's memory. Only payees the
 * importing member sees (`payeesSeenBy`, decision 0037): a payee seen only on another member's hidden entries gives
 * them nothing, as `usualCategories` beside it learns only from entries they see.
 */
async function payeeMemory(executor: Executor, access: ImportAccess, payees: readonly (PayeeName | null)[]) {
  const householdId = access.household.id;
  const keys = [...new Set(payees.flatMap((found) => (found ? [found.key] : [])))];
  const memory = new Map<string, { income?: string; expense?: string }>();
  if (keys.length === 0) return memory;
  const into = alias(payee, "merged_into");
  const intoSeen = payeesSeenBy(access, into.id);
  const followed = (own: AnyPgColumn, theirs: AnyPgColumn) =>
    sql<string | null>`case when ${payee.mergedIntoId} is null then ${own} else ${theirs} end`;
  const rows = await executor
    .select({
      key: payee.key,
      expense: followed(payee.expenseCategoryId, into.expenseCategoryId),
      income: followed(payee.incomeCategoryId, into.incomeCategoryId),
    })
    .from(payee)
    .leftJoin(into, eq(into.id, payee.mergedIntoId))
    .where(
      and(
        eq(payee.householdId, householdId),
        sql`${payee.key} = any(${sql.param(keys)}::text[])`,
        payeesSeenBy(access),
        // A key merged into another payee: that payee must be one the member sees too.
        intoSeen && or(isNull(payee.mergedIntoId), intoSeen),
      ),
    );
  for (const row of rows)
    memory.set(row.key, {
      ...(row.expense ? { expense: row.expense } : {}),
      ...(row.income ? { income: row.income } : {}),
    });
  return memory;
}

/** How many of the latest entries of a kind the "you usually put …" suggestion looks through (one index range). */
const usualLookback = 2000;

/** What a rule says about `about` when the suggestion names it: its first condition on text, if it has one. */
function ruleAbout(rules: readonly RuleRow[], ruleId: string): string {
  const found = rules.find((candidate) => candidate.id === ruleId);
  const text = found?.conditions.find((condition) => condition.field !== "amount" && condition.field !== "account");
  return text && "value" in text ? text.value : "";
}

/**
 * The suggestion for an entry being typed by hand, before it is saved: what the rules set (a hand-typed name is taken
 * as the counterparty too, since that is what people type), else the category the same name got most often among the
 * household's latest entries of that kind; and shared or personal when a rule says so. Null when nothing is known.
 */
export async function suggestForEntry({
  userId,
  householdId,
  kind,
  description,
  amountMinor,
  accountId,
}: {
  userId: string;
  householdId: string;
  kind: TransactionKind;
  description: string;
  amountMinor: number | null;
  accountId?: string | null;
}): Promise<EntrySuggestion | null> {
  const access = await requireHouseholdAccess({ userId, householdId });
  const name = description.trim();
  if (!name && amountMinor === null) return null;
  const account =
    accountId && isUuid(accountId) && (await openAccountIds(db(), householdId)).has(accountId)
      ? accountId
      : await everydayAccountId(householdId);
  const { rules, evaluate } = await loadHouseholdRules(db(), householdId);
  const outcome = evaluate({
    kind,
    amountMinor: amountMinor ?? 0,
    description: name,
    counterparty: name || null,
    counterpartyIban: null,
    accountId: account,
  });
  const rename = outcome.rename ?? null;
  const byRule = (ruleId: string): RuleReason => ({ kind: "rule", ruleId, about: ruleAbout(rules, ruleId) });
  const sharing =
    outcome.sharing && outcome.setBy.sharing
      ? { shared: outcome.sharing === "shared", reason: byRule(outcome.setBy.sharing) }
      : null;
  if (outcome.categoryId && outcome.setBy.categoryId)
    return { categoryId: outcome.categoryId, rename, reason: byRule(outcome.setBy.categoryId), sharing };
  const usual = await usualCategoryOf(householdId, kind, name, visibleEntries(access));
  if (usual) return { categoryId: usual, rename, reason: { kind: "usual", name }, sharing };
  const ruleId = (rename ? outcome.setBy.rename : undefined) ?? sharing?.reason.ruleId;
  return ruleId ? { categoryId: null, rename, reason: byRule(ruleId), sharing } : null;
}

/** The category `name` (as description or counterparty) got most often among the household's latest entries of a kind. */
async function usualCategoryOf(
  householdId: string,
  kind: TransactionKind,
  name: string,
  visible: SQL | undefined,
): Promise<string | null> {
  const wanted = normaliseForIdentity(name);
  if (!wanted) return null;
  const recent = await db()
    .select({
      description: transaction.description,
      counterparty: transaction.counterparty,
      categoryId: transaction.categoryId,
    })
    .from(transaction)
    // The other member's hidden personal entries must not hint at themselves through a suggestion.
    .where(and(eq(transaction.householdId, householdId), eq(transaction.kind, kind), visible))
    .orderBy(desc(transaction.occurredOn), desc(transaction.id))
    .limit(usualLookback);
  const uses = new Map<string, number>();
  for (const row of recent) {
    if (normaliseForIdentity(row.description) !== wanted && normaliseForIdentity(row.counterparty ?? "") !== wanted)
      continue;
    uses.set(row.categoryId, (uses.get(row.categoryId) ?? 0) + 1);
  }
  if (uses.size === 0) return null;
  const kinds = await categoryKinds(db(), householdId);
  const [best] = [...uses].filter(([id]) => kinds.get(id) === kind).toSorted((a, b) => b[1] - a[1]);
  return best?.[0] ?? null;
}

/** Whether the rules already put an entry of this counterparty (judged by its name alone) in this category. */
export function rulesPutCounterpartyIn(evaluate: HouseholdRules["evaluate"], offer: LearnOffer): boolean {
  const outcome = evaluate({
    kind: offer.kind,
    amountMinor: 0,
    description: "",
    counterparty: offer.counterparty,
    counterpartyIban: null,
    accountId: "",
  });
  return outcome.categoryId === offer.categoryId;
}

/**
 * After the user changed a saved entry's category: "Always put <counterparty> in <category>?", unless the entry has
 * no counterparty (typed by hand), the user may not write, or the rules already put this entry there.
 */
export async function learningOfferFor({
  userId,
  householdId,
  transactionId,
}: {
  userId: string;
  householdId: string;
  transactionId: string;
}): Promise<LearnOffer | null> {
  try {
    await requireHouseholdAccess({ userId, householdId, write: true });
  } catch (error) {
    if (isHouseholdAccessError(error)) return null;
    throw error;
  }
  if (!isUuid(transactionId)) return null;
  const [entry] = await db()
    .select({
      kind: transaction.kind,
      amountMinor: transaction.amountMinor,
      description: transaction.description,
      counterparty: transaction.counterparty,
      counterpartyIban: transaction.counterpartyIban,
      accountId: transaction.accountId,
      categoryId: transaction.categoryId,
      payeeKey: payee.key,
      payeeName: payee.name,
    })
    .from(transaction)
    .leftJoin(payee, eq(payee.id, transaction.payeeId))
    .where(and(eq(transaction.id, transactionId), eq(transaction.householdId, householdId)))
    .limit(1);
  const counterparty = entry?.counterparty?.trim();
  // A name longer than a rule's value can hold could not be learned.
  if (!entry || !counterparty || counterparty.length > conditionValueMaxLength) return null;
  const kind = entry.kind === "income" ? "income" : "expense";
  const { evaluate } = await loadHouseholdRules(db(), householdId);
  const outcome = evaluate({ ...entry, kind, counterparty, amountMinor: Number(entry.amountMinor) });
  if (outcome.categoryId === entry.categoryId) return null;
  // Rules come before payee memory: where one decides this entry's category, only a learned rule (first) can change it.
  if (outcome.categoryId === undefined && entry.payeeKey && entry.payeeName) {
    const named = { key: entry.payeeKey, name: entry.payeeName };
    return { counterparty: named.name, categoryId: entry.categoryId, kind, payee: named };
  }
  return { counterparty, categoryId: entry.categoryId, kind, payee: null };
}
