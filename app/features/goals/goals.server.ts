import { and, asc, count, desc, eq, isNull, sql } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { goal, goalContribution } from "~/db/schema/goals";
import { goalProgress, isGoalReached, monthlyAmountNeeded, savedAmount } from "~/domain/goals";
import { maxAmountMinor } from "~/domain/money";
import { can, planLimits, readOnlyGoalIds } from "~/domain/plans";
import { isGoalReadOnly } from "./goal-limits.server";
import type { IsoDate } from "~/domain/periods";
import { isUuid } from "~/lib/uuid";
import { HouseholdAccessError } from "~/features/household/errors";
import { requireHouseholdAccess } from "~/features/household/households.server";
import { notifyHouseholdMembers } from "~/features/household/notifications.server";
import type { FieldErrors } from "~/lib/forms";
import type { Conflict } from "~/lib/row-version";
import { atVersion, nextVersion, versionOf } from "~/features/platform/row-version.server";
import { isHouseholdAccount, listAccounts } from "~/features/money-accounts/accounts.server";

export interface GoalFields {
  name: string;
  targetMinor: number;
  deadline: IsoDate | null;
  /** The account whose balance the goal follows; null or left out: money added by hand. */
  accountId?: string | null;
}

type GoalResult = { ok: true; goalId: string } | { ok: false; fieldErrors: FieldErrors };

/** A goal's editable fields as they are now, with their version: what a refused stale save shows. */
export interface CurrentGoal {
  name: string;
  targetMinor: number;
  deadline: string | null;
  accountId: string | null;
  version: string;
}

const goalColumns = {
  id: goal.id,
  name: goal.name,
  targetMinor: goal.targetMinor,
  savedMinor: goal.savedMinor,
  deadline: goal.deadline,
  accountId: goal.accountId,
  archivedAt: goal.archivedAt,
  createdAt: goal.createdAt,
  version: versionOf(goal.updatedAt),
};

/**
 * Every goal of the household (active first, then archived) with progress and the monthly amount still needed; a goal
 * that follows an account has that account's balance today as its saved amount. With the household's open accounts,
 * which a goal may follow.
 */
export async function listGoals({
  userId,
  householdId,
  today,
}: {
  userId: string;
  householdId: string;
  today: IsoDate;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  const [rows, accounts] = await Promise.all([
    db()
      .select(goalColumns)
      .from(goal)
      .where(eq(goal.householdId, householdId))
      .orderBy(sql`${goal.archivedAt} is not null`, asc(goal.createdAt)),
    listAccounts({ userId, householdId, on: today }),
  ]);
  const showDeadline = can(access.plan, "goals.deadline");
  const accountById = new Map(accounts.map((account) => [account.id, account]));
  // A goal's target is in the base currency: an account in another counts at today's rate (unknown: nothing yet).
  const balances = new Map(accounts.map((account) => [account.id, account.baseBalanceMinor ?? 0]));
  // After a downgrade the goals beyond the plan's limit stay, read-only.
  const readOnly = readOnlyGoalIds(
    access.plan,
    rows.map((row) => ({ id: row.id, createdAt: row.createdAt, archived: row.archivedAt !== null })),
  );
  const goals = rows.map((row) => {
    const figures = { ...row, savedMinor: savedAmount(row, balances) };
    const account = row.accountId ? accountById.get(row.accountId) : undefined;
    return {
      id: row.id,
      name: row.name,
      targetMinor: row.targetMinor,
      savedMinor: figures.savedMinor,
      deadline: row.deadline,
      accountId: row.accountId,
      /** The followed account as it is named now (archived ones included). */
      account: account ? { id: account.id, name: account.name } : null,
      archived: row.archivedAt !== null,
      progress: goalProgress(figures),
      reached: isGoalReached(figures),
      needed: showDeadline ? monthlyAmountNeeded(figures, today) : null,
      readOnly: readOnly.has(row.id),
      version: row.version,
    };
  });
  const limit = planLimits(access.plan).maxActiveGoals;
  const active = goals.filter((item) => !item.archived).length;
  return {
    access,
    goals,
    canCreate: can(access.plan, "goals.create") && (limit === null || active < limit),
    canUseDeadline: showDeadline,
    accounts: accounts
      .filter((account) => !account.archived)
      .map((account) => ({ id: account.id, name: account.name, kind: account.kind })),
  };
}

/** Whether `accountId` (if any) is an account of the household a goal may follow. */
async function followableAccount(householdId: string, accountId: string | null): Promise<boolean> {
  return accountId === null || (await isHouseholdAccount(householdId, accountId));
}

/** The latest contributions of every goal of the household (up to `perGoal` each), in one query. */
export async function listRecentContributions({
  userId,
  householdId,
  perGoal = 5,
}: {
  userId: string;
  householdId: string;
  perGoal?: number;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  if (!can(access.plan, "goals.history")) return [];
  const result = await db().execute(sql`
    select "id", "goal_id", "amount_minor", to_char("occurred_on", 'YYYY-MM-DD') as "occurred_on"
    from (
      select c.*, row_number() over (partition by c."goal_id" order by c."occurred_on" desc, c."created_at" desc) as "position"
      from "goal_contribution" c join "goal" g on g."id" = c."goal_id"
      where g."household_id" = ${householdId}
    ) ranked
    where "position" <= ${perGoal}
    order by "goal_id", "position"`);
  // PGlite and node-postgres both answer with { rows }; bigint comes back as a string from node-postgres.
  const rows = rowsOf<{ id: string; goal_id: string; amount_minor: string | number; occurred_on: string }>(result);
  return rows.map((row) => ({
    id: row.id,
    goalId: row.goal_id,
    amountMinor: Number(row.amount_minor),
    occurredOn: row.occurred_on,
  }));
}

/** The latest contributions of one goal, newest first. */
export async function listGoalContributions({
  userId,
  householdId,
  goalId,
  limit = 20,
}: {
  userId: string;
  householdId: string;
  goalId: string;
  limit?: number;
}) {
  const access = await requireHouseholdAccess({ userId, householdId });
  await requireGoal(householdId, goalId);
  if (!can(access.plan, "goals.history")) return [];
  return db()
    .select({
      id: goalContribution.id,
      amountMinor: goalContribution.amountMinor,
      occurredOn: goalContribution.occurredOn,
    })
    .from(goalContribution)
    .where(eq(goalContribution.goalId, goalId))
    .orderBy(desc(goalContribution.occurredOn), desc(goalContribution.createdAt))
    .limit(limit);
}

async function requireGoal(householdId: string, goalId: string) {
  if (!isUuid(goalId)) throw new HouseholdAccessError("notFound");
  const [row] = await db()
    .select(goalColumns)
    .from(goal)
    .where(and(eq(goal.id, goalId), eq(goal.householdId, householdId)))
    .limit(1);
  if (!row) throw new HouseholdAccessError("notFound");
  return row;
}

export async function createGoal({
  userId,
  householdId,
  fields,
}: {
  userId: string;
  householdId: string;
  fields: GoalFields;
}): Promise<GoalResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  if (!can(access.plan, "goals.create")) return { ok: false, fieldErrors: { form: "errors.goal.planLimit" } };
  const limit = planLimits(access.plan).maxActiveGoals;
  if (limit !== null) {
    const [active] = await db()
      .select({ total: count() })
      .from(goal)
      .where(and(eq(goal.householdId, householdId), isNull(goal.archivedAt)));
    if ((active?.total ?? 0) >= limit) return { ok: false, fieldErrors: { form: "errors.goal.planLimit" } };
  }
  const accountId = fields.accountId ?? null;
  if (!(await followableAccount(householdId, accountId)))
    return { ok: false, fieldErrors: { accountId: "errors.form.invalid" } };
  const [created] = await db()
    .insert(goal)
    .values({
      householdId,
      name: fields.name,
      targetMinor: fields.targetMinor,
      deadline: can(access.plan, "goals.deadline") ? fields.deadline : null,
      accountId,
    })
    .returning({ id: goal.id });
  if (!created) throw new Error("goal insert returned nothing");
  return { ok: true, goalId: created.id };
}

/**
 * Saves a goal's name, target and deadline, but only if nobody changed the goal since `version` was loaded;
 * otherwise nothing is written and the answer carries the goal as it is now.
 */
export async function updateGoal({
  userId,
  householdId,
  goalId,
  version,
  fields,
}: {
  userId: string;
  householdId: string;
  goalId: string;
  version: string | undefined;
  fields: GoalFields;
}): Promise<GoalResult | Conflict<CurrentGoal>> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  const existing = await requireGoal(householdId, goalId);
  if (await isGoalReadOnly({ householdId, goalId, plan: access.plan }))
    return { ok: false, fieldErrors: { form: "errors.goal.planLimit" } };
  const accountId = fields.accountId ?? null;
  if (!(await followableAccount(householdId, accountId)))
    return { ok: false, fieldErrors: { accountId: "errors.form.invalid" } };
  const deadline = can(access.plan, "goals.deadline") ? fields.deadline : existing.deadline;
  const [saved] = await db()
    .update(goal)
    .set({
      name: fields.name,
      targetMinor: fields.targetMinor,
      deadline,
      accountId,
      // A goal that follows an account is reached when its balance is, as the list shows; no notice is kept for it.
      reachedAt:
        accountId === null
          ? sql`case when ${goal.savedMinor} >= ${fields.targetMinor} then coalesce(${goal.reachedAt}, now()) end`
          : null,
      updatedAt: nextVersion(goal.updatedAt),
    })
    .where(and(eq(goal.id, goalId), eq(goal.householdId, householdId), atVersion(goal.updatedAt, version)))
    .returning({ reached: sql<boolean>`${goal.reachedAt} is not null` });
  if (!saved) {
    const [current] = await db()
      .select({
        name: goal.name,
        targetMinor: goal.targetMinor,
        deadline: goal.deadline,
        accountId: goal.accountId,
        version: versionOf(goal.updatedAt),
      })
      .from(goal)
      .where(and(eq(goal.id, goalId), eq(goal.householdId, householdId)));
    return current ? { conflict: "changed", current } : { conflict: "gone" };
  }
  if (saved.reached) await announceReached(householdId, { id: goalId, name: fields.name });
  return { ok: true, goalId };
}

/** Archives (or brings back) a goal; archived goals keep their money and history but leave the dashboard. */
export async function setGoalArchived({
  userId,
  householdId,
  goalId,
  archived,
}: {
  userId: string;
  householdId: string;
  goalId: string;
  archived: boolean;
}): Promise<GoalResult> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  await requireGoal(householdId, goalId);
  if (!archived) {
    const limit = planLimits(access.plan).maxActiveGoals;
    if (limit !== null) {
      const [active] = await db()
        .select({ total: count() })
        .from(goal)
        .where(and(eq(goal.householdId, householdId), isNull(goal.archivedAt)));
      if ((active?.total ?? 0) >= limit) return { ok: false, fieldErrors: { form: "errors.goal.planLimit" } };
    }
  }
  await db()
    .update(goal)
    .set({ archivedAt: archived ? new Date() : null, updatedAt: nextVersion(goal.updatedAt) })
    .where(and(eq(goal.id, goalId), eq(goal.householdId, householdId)));
  return { ok: true, goalId };
}

/**
 * Adds money to a goal (positive) or takes some out (negative). The saved amount changes in the same database
 * transaction as the history row, and never drops below zero.
 */
export async function contributeToGoal({
  userId,
  householdId,
  goalId,
  amountMinor,
  occurredOn,
}: {
  userId: string;
  householdId: string;
  goalId: string;
  amountMinor: number;
  occurredOn: IsoDate;
}): Promise<GoalResult & { reached?: boolean }> {
  const access = await requireHouseholdAccess({ userId, householdId, write: true });
  const existing = await requireGoal(householdId, goalId);
  if (await isGoalReadOnly({ householdId, goalId, plan: access.plan }))
    return { ok: false, fieldErrors: { form: "errors.goal.planLimit" } };
  if (existing.archivedAt) return { ok: false, fieldErrors: { form: "errors.goal.archived" } };
  // Its saved amount is the account's balance: money goes in by a transfer to that account.
  if (existing.accountId !== null) return { ok: false, fieldErrors: { form: "errors.goal.followsAccount" } };
  if (amountMinor === 0) return { ok: false, fieldErrors: { amount: "errors.amount.notPositive" } };
  const result = await db().transaction(async (tx) => {
    const [updated] = await tx
      .update(goal)
      // The saved amount is no field of the edit form: money going in or out leaves the goal's version (updated_at)
      // alone, so it never turns a partner's open edit into a conflict.
      .set({ savedMinor: sql`${goal.savedMinor} + ${amountMinor}` })
      .where(
        and(
          eq(goal.id, goalId),
          eq(goal.householdId, householdId),
          sql`${goal.savedMinor} + ${amountMinor} >= 0`,
          sql`${goal.savedMinor} + ${amountMinor} <= ${maxAmountMinor}`,
        ),
      )
      .returning({
        savedMinor: goal.savedMinor,
        targetMinor: goal.targetMinor,
        reachedAt: goal.reachedAt,
        name: goal.name,
      });
    if (!updated) return null;
    await tx.insert(goalContribution).values({ goalId, amountMinor, occurredOn, createdBy: userId });
    const reached = updated.savedMinor >= updated.targetMinor;
    if (reached !== (updated.reachedAt !== null)) {
      await tx
        .update(goal)
        .set({ reachedAt: reached ? new Date() : null })
        .where(eq(goal.id, goalId));
    }
    return { reached, name: updated.name };
  });
  if (!result)
    return {
      ok: false,
      fieldErrors: { amount: amountMinor < 0 ? "errors.goal.notEnoughSaved" : "errors.amount.tooLarge" },
    };
  if (result.reached) await announceReached(householdId, { id: goalId, name: result.name });
  return { ok: true, goalId, reached: result.reached };
}

async function announceReached(householdId: string, target: { id: string; name: string }) {
  await notifyHouseholdMembers({
    householdId,
    kind: "goalReached",
    payload: { goalId: target.id, name: target.name },
    dedupeKey: `goal-reached:${target.id}`,
  });
}

/**
 * A change of the household's base currency (decision 0026): targets, amounts put aside and their history in the new
 * currency at `factor` (new minor units per old one), rounded; a target stays at least one minor unit, a contribution
 * never becomes zero. In the caller's transaction.
 */
export async function convertGoalAmounts(executor: Pick<Database, "execute">, householdId: string, factor: number) {
  const by = sql`${String(factor)}::numeric`;
  await executor.execute(sql`
    update ${goal} set "target_minor" = greatest(1, round("target_minor"::numeric * ${by}))::bigint,
                       "saved_minor" = round("saved_minor"::numeric * ${by})::bigint
    where ${goal.householdId} = ${householdId}`);
  await executor.execute(sql`
    update ${goalContribution} set "amount_minor" = (sign("amount_minor") * greatest(1, round(abs("amount_minor")::numeric * ${by})))::bigint
    where "goal_id" in (select ${goal.id} from ${goal} where ${goal.householdId} = ${householdId})`);
}
