import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { goal } from "~/db/schema/goals";
import { readOnlyGoalIds, type Plan } from "~/domain/plans";

/**
 * Whether a goal is read-only because the household has more active goals than its plan allows (after a
 * downgrade: the oldest ones stay writable, nothing is deleted). One small query over the household's goals.
 */
export async function isGoalReadOnly({
  householdId,
  goalId,
  plan,
}: {
  householdId: string;
  goalId: string;
  plan: Plan;
}): Promise<boolean> {
  if (plan === "premium") return false;
  const rows = await db()
    .select({ id: goal.id, createdAt: goal.createdAt, archivedAt: goal.archivedAt })
    .from(goal)
    .where(eq(goal.householdId, householdId));
  return readOnlyGoalIds(
    plan,
    rows.map((row) => ({ id: row.id, createdAt: row.createdAt, archived: row.archivedAt !== null })),
  ).has(goalId);
}
