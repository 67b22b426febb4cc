import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { moneyAccount } from "~/db/schema/money-accounts";
import { rule } from "~/db/schema/rules";
import { planLimits, type Plan } from "~/domain/plans";
import { isLearnedRuleFor, learnedRule, normaliseRulePattern } from "~/domain/rules/rule-engine";
import type { LearnOffer, RuleActions, RuleCondition, RuleOrigin } from "~/domain/rules/rule-types";
import type { FieldErrors } from "~/lib/forms";
import type { Conflict } from "~/lib/row-version";
import { atVersion, nextVersion, versionOf } from "~/features/platform/row-version.server";
import { isUuid } from "~/lib/uuid";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { rememberPayeeCategory } from "~/features/entries/payee-memory.server";
import {
  categoryKinds,
  loadHouseholdRules,
  readRules,
  rulesPutCounterpartyIn,
  type Executor,
} from "./rule-evaluation.server";
import type { RuleInput } from "./rule.schema";
import { checkPattern, maxPatternLength } from "./safe-regex.server";

/**
 * The household's rules (money-in.md, "Rules that learn"): written on the Rules screen or learned from a "yes" to
 * "Always put … in …?", kept in order, limited in number on the free plan. Partners who may edit write them too.
 */

export interface RuleView {
  id: string;
  position: number;
  origin: RuleOrigin;
  conditions: RuleCondition[];
  actions: RuleActions;
  /** The row version an edit or delete must be based on (features/platform/row-version.server.ts). */
  version: string;
}

type RuleWrite = { ok: true; ruleId: string } | { ok: false; fieldErrors: FieldErrors };

export interface RuleLimit {
  max: number | null;
  count: number;
  reached: boolean;
}

function limitOf(plan: Plan, rules: number): RuleLimit {
  const max = planLimits(plan).maxRules;
  return { max, count: rules, reached: max !== null && rules >= max };
}

/** The rules in the order they run, with the plan's limit. */
export async function listRules({ userId, householdId }: { userId: string; householdId: string }) {
  const access = await requireHouseholdAccess({ userId, householdId });
  const rules = await readRulesWithVersion(householdId);
  const own = rules.filter((row) => row.origin === "manual").length;
  return { rules, limit: limitOf(access.plan, own), canWrite: access.canWrite };
}

async function readRulesWithVersion(householdId: string, ruleId?: string): Promise<RuleView[]> {
  const rows = await db()
    .select({
      id: rule.id,
      position: rule.position,
      conditions: rule.conditions,
      actions: rule.actions,
      origin: rule.origin,
      version: versionOf(rule.updatedAt),
    })
    .from(rule)
    .where(ruleId ? and(eq(rule.householdId, householdId), eq(rule.id, ruleId)) : eq(rule.householdId, householdId))
    .orderBy(asc(rule.position), asc(rule.createdAt), asc(rule.id));
  return rows.map((row) => ({ ...row, origin: row.origin === "learned" ? "learned" : "manual" }));
}

/** What a refused stale save or delete answers: the rule as it is now, or that it is gone. */
async function ruleConflict(householdId: string, ruleId: string): Promise<Conflict<RuleView>> {
  const [current] = await readRulesWithVersion(householdId, ruleId);
  return current ? { conflict: "changed", current } : { conflict: "gone" };
}

/**
 * Rules are numbered, created and reordered one at a time per household: a transaction-scoped advisory lock keeps two
 * saves at once from both passing the plan's limit or taking the same place.
 */
async function lockRules(executor: Executor, householdId: string) {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`rules:${householdId}`}))`);
}

/**
 * The rules the free plan's limit counts: the household's own. What Samen learned from a "Yes, always" never counts, so
 * remembering categories during a first import cannot use the plan up.
 */
async function countOwnRules(executor: Executor, householdId: string): Promise<number> {
  const [row] = await executor
    .select({ total: count() })
    .from(rule)
    .where(and(eq(rule.householdId, householdId), eq(rule.origin, "manual")));
  return row?.total ?? 0;
}

const patternMessages = {
  tooLong: "rules:errors.patternTooLong",
  costly: "rules:errors.patternCostly",
  invalid: "rules:errors.pattern",
} as const;

/** What the use case checks beyond the form: the household's own categories and accounts, and patterns RE2 runs. */
async function checkReferences(executor: Executor, householdId: string, input: RuleInput): Promise<FieldErrors | null> {
  const errors: FieldErrors = {};
  input.conditions.forEach((condition, index) => {
    if (condition.field === "amount" || condition.field === "account" || condition.operator !== "regex") return;
    // What runs is the pattern without its accents (as the text it meets): that is the one RE2 must accept.
    const checked =
      condition.value.length > maxPatternLength
        ? ({ ok: false, reason: "tooLong" } as const)
        : checkPattern(normaliseRulePattern(condition.value));
    if (!checked.ok) errors[`condition${index}`] = patternMessages[checked.reason];
  });
  const accountIds = [
    ...input.conditions.flatMap((condition) => (condition.field === "account" ? [condition.accountId] : [])),
    ...(input.actions.transferAccountId ? [input.actions.transferAccountId] : []),
  ];
  if (accountIds.length > 0) {
    const rows = await executor
      .select({ id: moneyAccount.id, archivedAt: moneyAccount.archivedAt })
      .from(moneyAccount)
      .where(and(eq(moneyAccount.householdId, householdId), inArray(moneyAccount.id, accountIds)));
    const known = new Map(rows.map((row) => [row.id, row.archivedAt === null]));
    input.conditions.forEach((condition, index) => {
      if (condition.field === "account" && !known.has(condition.accountId))
        errors[`condition${index}`] = "rules:errors.account";
    });
    if (input.actions.transferAccountId && !known.get(input.actions.transferAccountId))
      errors.transferAccountId = "rules:errors.transferAccount";
  }
  const { categoryId, split } = input.actions;
  if (categoryId || split) {
    const kinds = await categoryKinds(executor, householdId);
    if (categoryId && !kinds.has(categoryId)) errors.categoryId = "rules:errors.category";
    split?.forEach((part, index) => {
      if (!kinds.has(part.categoryId)) errors[`split${index}`] = "rules:errors.category";
    });
    // A split sorts one kind of entry: its parts are all expense categories or all income ones.
    if (split && new Set(split.map((part) => kinds.get(part.categoryId))).size > 1)
      errors.split ??= "rules:errors.split.kinds";
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** A rule written on the Rules screen, after the others. Refused at the plan's limit (learned rules count too). */
export async function createRule({
  userId,
  householdId,
  input,
}: {
  userId: string;
  householdId: string;
  input: RuleInput;
}): Promise<RuleWrite> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  return db().transaction(async (tx) => {
    await lockRules(tx, householdId);
    if (limitOf(access.plan, await countOwnRules(tx, householdId)).reached)
      return { ok: false, fieldErrors: { form: "rules:errors.limit" } };
    const problem = await checkReferences(tx, householdId, input);
    if (problem) return { ok: false, fieldErrors: problem };
    const [created] = await tx
      .insert(rule)
      .values({
        householdId,
        position: sql`coalesce((select max("position") + 1 from "rule" where "household_id" = ${householdId}), 0)`,
        conditions: input.conditions,
        actions: input.actions,
        origin: "manual",
        createdBy: userId,
      })
      .returning({ id: rule.id });
    if (!created) throw new Error("rule insert returned nothing");
    return { ok: true, ruleId: created.id };
  });
}

async function requireRule(executor: Executor, householdId: string, ruleId: string) {
  if (!isUuid(ruleId)) throw new HouseholdAccessError("notFound");
  const [row] = await executor
    .select({ id: rule.id, origin: rule.origin })
    .from(rule)
    .where(and(eq(rule.id, ruleId), eq(rule.householdId, householdId)))
    .limit(1);
  if (!row) throw new HouseholdAccessError("notFound");
  return row;
}

/**
 * Changes a rule in place (its position stays); a learned rule the user edits becomes their own. Only if nobody changed
 * the rule since `version` was loaded; otherwise nothing is written and the answer carries the rule as it is now.
 */
export async function updateRule({
  userId,
  householdId,
  ruleId,
  version,
  input,
}: {
  userId: string;
  householdId: string;
  ruleId: string;
  version: string | undefined;
  input: RuleInput;
}): Promise<RuleWrite | Conflict<RuleView>> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  // A rule deleted meanwhile is answered as "gone" below, in the form, rather than as a missing page.
  if (!isUuid(ruleId)) throw new HouseholdAccessError("notFound");
  const problem = await checkReferences(db(), householdId, input);
  if (problem) return { ok: false, fieldErrors: problem };
  const written = await db().transaction(async (tx) => {
    await lockRules(tx, householdId);
    // A learned rule the person edits becomes their own, so it needs room among the plan's own rules.
    const [current] = await tx
      .select({ origin: rule.origin })
      .from(rule)
      .where(and(eq(rule.id, ruleId), eq(rule.householdId, householdId)));
    if (current?.origin === "learned" && limitOf(access.plan, await countOwnRules(tx, householdId)).reached)
      return "limit";
    const saved = await tx
      .update(rule)
      .set({
        conditions: input.conditions,
        actions: input.actions,
        origin: "manual",
        updatedAt: nextVersion(rule.updatedAt),
      })
      .where(and(eq(rule.id, ruleId), eq(rule.householdId, householdId), atVersion(rule.updatedAt, version)))
      .returning({ id: rule.id });
    return saved.length > 0 ? "saved" : "conflict";
  });
  if (written === "limit") return { ok: false, fieldErrors: { form: "rules:errors.limit" } };
  if (written === "conflict") return ruleConflict(householdId, ruleId);
  return { ok: true, ruleId };
}

/**
 * Deletes a rule, but not one somebody changed after `version` was loaded: that answers with the rule as it is now,
 * so the person deleting sees what they would throw away and confirms with the new version.
 */
export async function deleteRule({
  userId,
  householdId,
  ruleId,
  version,
}: {
  userId: string;
  householdId: string;
  ruleId: string;
  version: string | undefined;
}): Promise<{ ok: true; ruleId: string } | Conflict<RuleView>> {
  await requireHouseholdAccess({ userId, householdId, write: true });
  if (!isUuid(ruleId)) throw new HouseholdAccessError("notFound");
  const deleted = await db()
    .delete(rule)
    .where(and(eq(rule.id, ruleId), eq(rule.householdId, householdId), atVersion(rule.updatedAt, version)))
    .returning({ id: rule.id });
  if (deleted.length === 0) return ruleConflict(householdId, ruleId);
  return { ok: true, ruleId };
}

/** Numbers the rules 0, 1, 2… in the given order, in one statement. */
async function renumber(executor: Executor, householdId: string, orderedIds: readonly string[]) {
  if (orderedIds.length === 0) return;
  await executor.execute(sql`
    update "rule" set "position" = "ordered"."position", "updated_at" = now()
    from unnest(${sql.param(orderedIds)}::uuid[]) with ordinality as "ordered"("id", "position")
    where "rule"."id" = "ordered"."id" and "rule"."household_id" = ${householdId}`);
}

/** Moves a rule one place earlier or later; at either end it stays. */
export async function moveRule({
  userId,
  householdId,
  ruleId,
  direction,
}: {
  userId: string;
  householdId: string;
  ruleId: string;
  direction: "up" | "down";
}): Promise<{ ok: true; ruleId: string }> {
  await requireHouseholdAccess({ userId, householdId, write: true });
  await requireRule(db(), householdId, ruleId);
  await db().transaction(async (tx) => {
    await lockRules(tx, householdId);
    const ids = (await readRules(tx, householdId)).map((row) => row.id);
    const from = ids.indexOf(ruleId);
    const to = direction === "up" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= ids.length) return;
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    await renumber(tx, householdId, ids);
  });
  return { ok: true, ruleId };
}

export type LearnResult =
  { ok: true; ruleId: string | null; already: boolean } | { ok: false; fieldErrors: FieldErrors };

/**
 * "Always put <counterparty> in <category>?" — yes. A learned rule goes FIRST, before the hand-written ones: the user
 * just said "always" about this exact counterparty, and a rule placed after a broader one that sets another category
 * would never apply, so the answer would be ignored. It is narrow (one counterparty, equals), so it shadows a
 * hand-written rule only for that counterparty, and the user can move it on the Rules screen. Saying yes again for
 * the same counterparty changes its learned rule instead of adding one; when the rules already put it there, nothing
 * is added. An offer that names a payee (no rule decides the entry's category) is remembered on the payee instead.
 */
export async function learnRule({
  userId,
  householdId,
  offer,
}: {
  userId: string;
  householdId: string;
  offer: LearnOffer;
}): Promise<LearnResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  const counterparty = offer.counterparty.trim();
  if (!counterparty) return { ok: false, fieldErrors: { form: "errors.form.invalid" } };
  const { payee } = offer;
  if (payee) {
    // Payee memory, not a rule: it covers every branch of the payee and never counts towards the plan's rules.
    if ((await categoryKinds(db(), householdId)).get(offer.categoryId) !== offer.kind)
      return { ok: false, fieldErrors: { form: "errors.category.invalid" } };
    await rememberPayeeCategory(db(), householdId, { payee, kind: offer.kind, categoryId: offer.categoryId }, access);
    return { ok: true, ruleId: null, already: false };
  }
  return db().transaction(async (tx) => {
    await lockRules(tx, householdId);
    if ((await categoryKinds(tx, householdId)).get(offer.categoryId) !== offer.kind)
      return { ok: false, fieldErrors: { form: "errors.category.invalid" } };
    const { rules, evaluate } = await loadHouseholdRules(tx, householdId);
    if (rulesPutCounterpartyIn(evaluate, { ...offer, counterparty })) return { ok: true, ruleId: null, already: true };
    const made = learnedRule({ counterparty, categoryId: offer.categoryId });
    const first = Math.min(0, ...rules.map((row) => row.position)) - 1;
    const earlier = rules.find(
      (row) => row.origin === "learned" && isLearnedRuleFor(row, counterparty) && row.actions.categoryId !== undefined,
    );
    if (earlier) {
      await tx
        .update(rule)
        .set({
          actions: { ...earlier.actions, categoryId: offer.categoryId },
          position: first,
          updatedAt: nextVersion(rule.updatedAt),
        })
        .where(eq(rule.id, earlier.id));
      return { ok: true, ruleId: earlier.id, already: false };
    }
    const [created] = await tx
      .insert(rule)
      .values({
        householdId,
        position: first,
        conditions: made.conditions,
        actions: made.actions,
        origin: "learned",
        createdBy: userId,
      })
      .returning({ id: rule.id });
    if (!created) throw new Error("rule insert returned nothing");
    return { ok: true, ruleId: created.id, already: false };
  });
}
