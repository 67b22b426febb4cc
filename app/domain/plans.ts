export const plans = ["free", "premium"] as const;
export type Plan = (typeof plans)[number];

export function isPlan(value: unknown): value is Plan {
  return typeof value === "string" && (plans as readonly string[]).includes(value);
}

/** Every feature a plan could allow or withhold. Each use case and page asks `can()` before offering one. */
export type Feature =
  | "transactions.track"
  | "dashboard.view"
  | "categories.builtIn"
  | "categories.custom"
  | "goals.create"
  | "goals.deadline"
  | "goals.history"
  | "reports.currentMonth"
  | "reports.allPeriods"
  | "export.transactions"
  | "export.report"
  | "partners.invite"
  | "language.choice"
  | "data.export";

/**
 * Which plan allows which feature. The budget tool ships with everything open on both plans;
 * the plans issue decides the free/premium split by editing this table and `limits` below — nothing else.
 */
const featureTable: Record<Feature, Record<Plan, boolean>> = {
  "transactions.track": { free: true, premium: true },
  "dashboard.view": { free: true, premium: true },
  "categories.builtIn": { free: true, premium: true },
  "categories.custom": { free: true, premium: true },
  "goals.create": { free: true, premium: true },
  "goals.deadline": { free: true, premium: true },
  "goals.history": { free: true, premium: true },
  "reports.currentMonth": { free: true, premium: true },
  "reports.allPeriods": { free: true, premium: true },
  "export.transactions": { free: true, premium: true },
  "export.report": { free: true, premium: true },
  "partners.invite": { free: true, premium: true },
  "language.choice": { free: true, premium: true },
  "data.export": { free: true, premium: true },
};

export interface PlanLimits {
  /** Active (not archived) goals a household may keep; null: no limit. */
  maxActiveGoals: number | null;
}

const limits: Record<Plan, PlanLimits> = {
  free: { maxActiveGoals: null },
  premium: { maxActiveGoals: null },
};

/** The one plan check: may a household on `plan` use `feature`? */
export function can(plan: Plan, feature: Feature): boolean {
  return featureTable[feature][plan];
}

export function planLimits(plan: Plan): PlanLimits {
  return limits[plan];
}
