export const plans = ["free", "premium"] as const;
export type Plan = (typeof plans)[number];

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
  /** A partner's read-only view of the household; a downgrade suspends it (memberships are kept). */
  | "partners.access"
  /** A partner who adds and changes transactions, budgets, rules and goals (never the plan, invitations or deletion). */
  | "partners.edit"
  | "language.choice"
  | "data.export"
  | "account.delete"
  /** Bank statements in: on both plans, because importing is how people start. */
  | "statements.import"
  /** Any number and kind of accounts; without it, the Everyday account and one savings account (`mayKeepAccount`). */
  | "accounts.multiple"
  /** Monthly limits per category with rollover: on both plans, because a budget is the point of the app. */
  | "budgets.plan"
  /** Salary, rent and subscriptions on a schedule, upcoming bills and safe to spend: on both plans. */
  | "recurring.schedule"
  /** Rules and learning on both plans; the free plan keeps up to `maxRules` rules of its own, learning is unlimited. */
  | "rules.automate"
  /** Fair share and settle up: how shared expenses are split, who owes whom, settlements and their notices. */
  | "sharing.fairShare";

export const features: readonly Feature[] = [
  "transactions.track",
  "dashboard.view",
  "categories.builtIn",
  "categories.custom",
  "goals.create",
  "goals.deadline",
  "goals.history",
  "reports.currentMonth",
  "reports.allPeriods",
  "export.transactions",
  "export.report",
  "partners.invite",
  "partners.access",
  "partners.edit",
  "language.choice",
  "data.export",
  "account.delete",
  "statements.import",
  "accounts.multiple",
  "budgets.plan",
  "recurring.schedule",
  "rules.automate",
  "sharing.fairShare",
];

/**
 * Which plan allows which feature: the design's Plans table (docs: shared/design/budget-app.md, "Plans").
 * Free: tracking, monthly overview, dashboard, built-in categories, up to 2 goals (target and progress),
 * the current month's report, language choice, and the GDPR rights. Premium adds everything else.
 */
const featureTable: Record<Feature, Record<Plan, boolean>> = {
  "transactions.track": { free: true, premium: true },
  "dashboard.view": { free: true, premium: true },
  "categories.builtIn": { free: true, premium: true },
  "categories.custom": { free: false, premium: true },
  "goals.create": { free: true, premium: true },
  "goals.deadline": { free: false, premium: true },
  "goals.history": { free: false, premium: true },
  "reports.currentMonth": { free: true, premium: true },
  "reports.allPeriods": { free: false, premium: true },
  "export.transactions": { free: false, premium: true },
  "export.report": { free: false, premium: true },
  "partners.invite": { free: false, premium: true },
  "partners.access": { free: false, premium: true },
  "partners.edit": { free: false, premium: true },
  "language.choice": { free: true, premium: true },
  "data.export": { free: true, premium: true },
  "account.delete": { free: true, premium: true },
  "statements.import": { free: true, premium: true },
  "accounts.multiple": { free: false, premium: true },
  "budgets.plan": { free: true, premium: true },
  "recurring.schedule": { free: true, premium: true },
  "rules.automate": { free: true, premium: true },
  "sharing.fairShare": { free: false, premium: true },
};

export interface PlanLimits {
  /** Active (not archived) goals a household may keep; null: no limit. */
  maxActiveGoals: number | null;
  /** Accounts (not archived) a household may keep, the Everyday one included; null: no limit. */
  maxActiveAccounts: number | null;
  /** The kinds its other accounts may have; null: any. */
  otherAccountKinds: readonly string[] | null;
  /**
   * Rules of its own a household may keep (learned ones never count, decision 0019); null: no limit. Rules past it
   * after a downgrade still run.
   */
  maxRules: number | null;
}

const limits: Record<Plan, PlanLimits> = {
  // A savings account on the free plan too: putting money aside is then a transfer, never spending.
  free: { maxActiveGoals: 2, maxActiveAccounts: 2, otherAccountKinds: ["savings"], maxRules: 10 },
  premium: { maxActiveGoals: null, maxActiveAccounts: null, otherAccountKinds: null, maxRules: null },
};

/** The one plan check: may a household on `plan` use `feature`? */
export function can(plan: Plan, feature: Feature): boolean {
  return featureTable[feature][plan];
}

export function planLimits(plan: Plan): PlanLimits {
  return limits[plan];
}

/**
 * May a household on `plan` open (or reopen) an account of `kind` next to the `openAccounts` it keeps open? The
 * Everyday account is not asked: every household has it.
 */
export function mayKeepAccount(plan: Plan, kind: string, openAccounts: number): boolean {
  const { maxActiveAccounts, otherAccountKinds } = limits[plan];
  if (otherAccountKinds !== null && !otherAccountKinds.includes(kind)) return false;
  return maxActiveAccounts === null || openAccounts < maxActiveAccounts;
}

/** The kinds of account a household on `plan` with `openAccounts` open may add now, in the order of `kinds`. */
export function accountKindsToAdd<Kind extends string>(
  plan: Plan,
  openAccounts: number,
  kinds: readonly Kind[],
): Kind[] {
  return kinds.filter((kind) => mayKeepAccount(plan, kind, openAccounts));
}

/**
 * After a downgrade a household may hold more active goals than its plan allows. Nothing is deleted: the oldest
 * ones (up to the limit) stay writable and the rest turn read-only. Returns the ids of the read-only goals.
 */
export function readOnlyGoalIds(
  plan: Plan,
  goals: readonly { id: string; createdAt: Date | string; archived: boolean }[],
): Set<string> {
  const limit = limits[plan].maxActiveGoals;
  if (limit === null) return new Set();
  const active = goals
    .filter((goal) => !goal.archived)
    .toSorted((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime() || a.id.localeCompare(b.id));
  return new Set(active.slice(limit).map((goal) => goal.id));
}

/** The subscription fields that decide the plan a household has right now. */
export interface SubscriptionState {
  plan: string;
  status: string;
  currentPeriodEnd: Date | string | null;
  cancelAtPeriodEnd: boolean;
}

/** The subscription status of a plan the installation's operator gave (`npm run user -- plan`), paid for by nobody. */
export const grantedStatus = "granted";

/** States in which the paid plan applies: the provider's (past_due: it is retrying the payment) and an operator's gift. */
const paidStatuses = new Set(["active", "trialing", "past_due", grantedStatus]);

/**
 * The plan a household has at `now`. No subscription is free. A premium subscription counts while the provider
 * says it is paid for; one cancelled at period end stays premium until that moment ("Premium until <date>") and is
 * free after it, even before the provider's final event arrives.
 */
export function effectivePlan(state: SubscriptionState | null | undefined, now: Date = new Date()): Plan {
  if (!state || state.plan !== "premium" || !paidStatuses.has(state.status)) return "free";
  if (state.cancelAtPeriodEnd && state.currentPeriodEnd && new Date(state.currentPeriodEnd).getTime() <= now.getTime())
    return "free";
  return "premium";
}

/** `effectivePlan` for a LEFT JOIN's subscription columns (all null when the household has no subscription row). */
export function planFromColumns(
  columns: {
    plan: string | null;
    status: string | null;
    currentPeriodEnd: Date | string | null;
    cancelAtPeriodEnd: boolean | null;
  },
  now: Date = new Date(),
): Plan {
  if (columns.plan === null || columns.status === null) return "free";
  return effectivePlan(
    {
      plan: columns.plan,
      status: columns.status,
      currentPeriodEnd: columns.currentPeriodEnd,
      cancelAtPeriodEnd: columns.cancelAtPeriodEnd ?? false,
    },
    now,
  );
}
