import { can, type Feature, type Plan } from "./plans";

interface ComparisonRow {
  key: string;
  /** The features the row stands for; a plan gets a tick when it allows all of them. */
  features: readonly Feature[];
  /** The plans differ in how much, not whether (how many goals, which periods): each plan's cell says it in words. */
  described?: true;
}

/**
 * The design's Plans table (shared/design/budget-app.md, "Plans") as the pricing page and the upgrade page show it,
 * row by row. Ticks come from `can()`, so the table cannot promise what the app refuses; worded cells interpolate
 * `planLimits()` (`{{maxRules}}`), so a changed limit changes the copy too.
 */
export const comparisonRows = [
  { key: "tracking", features: ["transactions.track", "dashboard.view", "reports.currentMonth", "language.choice"] },
  { key: "builtInCategories", features: ["categories.builtIn"] },
  { key: "customCategories", features: ["categories.custom"] },
  { key: "goals", features: ["goals.create", "goals.deadline", "goals.history"], described: true },
  { key: "reports", features: ["reports.currentMonth", "reports.allPeriods"], described: true },
  { key: "exports", features: ["export.transactions", "export.report"] },
  { key: "partners", features: ["partners.invite", "partners.access", "partners.edit"] },
  { key: "fairShare", features: ["sharing.fairShare"] },
  { key: "statementImport", features: ["statements.import"] },
  { key: "accounts", features: ["accounts.multiple"], described: true },
  { key: "budgets", features: ["budgets.plan"] },
  { key: "recurring", features: ["recurring.schedule"] },
  { key: "rules", features: ["rules.automate"], described: true },
  { key: "dataRights", features: ["data.export", "account.delete"] },
] as const satisfies readonly ComparisonRow[];

/** Whether `plan` gets a tick in a row that is not described in words. */
export function includesRow(plan: Plan, row: { features: readonly Feature[] }): boolean {
  return row.features.every((feature) => can(plan, feature));
}
