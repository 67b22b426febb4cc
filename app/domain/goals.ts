import { monthOf, monthsBetween, type IsoDate } from "./periods";

export interface GoalFigures {
  targetMinor: number;
  savedMinor: number;
  deadline: IsoDate | null;
}

/** Progress from 0 to 1 (capped at 1 once the target is reached). */
export function goalProgress({ targetMinor, savedMinor }: Pick<GoalFigures, "targetMinor" | "savedMinor">): number {
  if (targetMinor <= 0) return 0;
  return Math.min(1, Math.max(0, savedMinor / targetMinor));
}

export function isGoalReached({ targetMinor, savedMinor }: Pick<GoalFigures, "targetMinor" | "savedMinor">): boolean {
  return savedMinor >= targetMinor;
}

/**
 * What must still be put aside each month to meet the deadline, counting the current month and the deadline's
 * month (a deadline later this month leaves one month). Null without a deadline or once reached;
 * a deadline in the past asks for the whole remainder now.
 */
export function monthlyAmountNeeded(
  goal: GoalFigures,
  today: IsoDate,
): { perMonthMinor: number; months: number; overdue: boolean } | null {
  if (!goal.deadline || isGoalReached(goal)) return null;
  const remaining = goal.targetMinor - goal.savedMinor;
  const overdue = goal.deadline < today;
  const months = overdue ? 1 : monthsBetween(monthOf(today), monthOf(goal.deadline)) + 1;
  return { perMonthMinor: Math.ceil(remaining / months), months, overdue };
}

/**
 * What a goal has saved: the balance of the account it follows (never below zero, and nothing when that account is
 * gone from `balances`), or else the money put in by hand.
 */
export function savedAmount(
  goal: { savedMinor: number; accountId: string | null },
  balances: ReadonlyMap<string, number>,
): number {
  if (goal.accountId === null) return goal.savedMinor;
  return Math.max(0, balances.get(goal.accountId) ?? 0);
}
