import { sql } from "drizzle-orm";
import { bigint, check, date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { household } from "./household";
import { moneyAccount } from "./money-accounts";

// The goals feature's tables: savings goals and contributions.

export const goal = pgTable(
  "goal",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    targetMinor: bigint("target_minor", { mode: "number" }).notNull(),
    /** Sum of the contributions, updated in the same transaction as each contribution. */
    savedMinor: bigint("saved_minor", { mode: "number" }).notNull().default(0),
    deadline: date("deadline", { mode: "string" }),
    /**
     * The account whose balance is the goal's saved amount (a savings account): then nothing is added by hand and
     * `saved_minor` waits, unchanged, for the day the goal stops following it. Null: money kept by hand.
     */
    accountId: uuid("account_id").references(() => moneyAccount.id, { onDelete: "set null" }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    reachedAt: timestamp("reached_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("goal_household_idx").on(table.householdId, table.createdAt),
    // Deleting an account (with its household) sets its goals back to money kept by hand.
    index("goal_account_idx").on(table.accountId),
    check("goal_target_positive_check", sql`${table.targetMinor} > 0`),
    check("goal_saved_not_negative_check", sql`${table.savedMinor} >= 0`),
  ],
);

/** Money put into (positive) or taken out of (negative) a goal. */
export const goalContribution = pgTable(
  "goal_contribution",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    goalId: uuid("goal_id")
      .notNull()
      .references(() => goal.id, { onDelete: "cascade" }),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    occurredOn: date("occurred_on", { mode: "string" }).notNull(),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("goal_contribution_goal_date_idx").on(table.goalId, table.occurredOn.desc(), table.createdAt.desc()),
    check("goal_contribution_nonzero_check", sql`${table.amountMinor} <> 0`),
  ],
);

export type GoalRow = typeof goal.$inferSelect;
