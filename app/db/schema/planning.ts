import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { category, household, moneyAccount, transaction } from "./budget";
import type { RuleActions, RuleCondition } from "~/domain/rules/rule-types";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * A household's rule: conditions that all must hold and the fields it sets. Rules run in `position` order and the
 * first rule to set a field wins (app/domain/rules).
 */
export const rule = pgTable(
  "rule",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    conditions: jsonb("conditions").$type<RuleCondition[]>().notNull(),
    actions: jsonb("actions").$type<RuleActions>().notNull(),
    /** "learned" when the user said yes to "Always put … in …?"; "manual" when written on the Rules screen. */
    origin: text("origin").notNull().default("manual"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("rule_household_position_idx").on(table.householdId, table.position),
    check("rule_origin_check", sql`${table.origin} in ('manual','learned')`),
  ],
);

/**
 * A monthly spending limit for one expense category. A "repeat" row applies from its month until the category's next
 * repeat row; a "month" row overrides one month only. A repeat row without a limit ends the budget from that month.
 */
export const budgetLimit = pgTable(
  "budget_limit",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => category.id, { onDelete: "cascade" }),
    /** First day of the month. */
    month: date("month", { mode: "string" }).notNull(),
    scope: text("scope").notNull(),
    limitMinor: bigint("limit_minor", { mode: "number" }),
    /** What is left (or overspent) at a month's end carries into the next month. Only on repeat rows. */
    rollover: boolean("rollover").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("budget_limit_category_month_scope_key").on(
      table.householdId,
      table.categoryId,
      table.month,
      table.scope,
    ),
    check("budget_limit_scope_check", sql`${table.scope} in ('repeat','month')`),
    check("budget_limit_amount_check", sql`${table.limitMinor} is null or ${table.limitMinor} >= 0`),
  ],
);

/**
 * Salary, rent, a subscription: an entry that comes back on a schedule. Occurrences are posted automatically on
 * their day or listed as upcoming to confirm (app/domain/recurring).
 */
export const recurring = pgTable(
  "recurring",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").notNull(),
    description: text("description").notNull().default(""),
    counterparty: text("counterparty"),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => category.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => moneyAccount.id, { onDelete: "cascade" }),
    /** "monthly" (on dayOfMonth, or the last day when lastDay), "weekly" (every `interval` weeks from startsOn), "yearly". */
    frequency: text("frequency").notNull(),
    /** Every N weeks or months (1 = every). */
    interval: integer("interval").notNull().default(1),
    /** 1–31 for monthly schedules; a day past the month's end falls on its last day. */
    dayOfMonth: integer("day_of_month"),
    lastDay: boolean("last_day").notNull().default(false),
    startsOn: date("starts_on", { mode: "string" }).notNull(),
    endsOn: date("ends_on", { mode: "string" }),
    /** Posted on the day without asking; otherwise listed as upcoming to confirm. */
    autoPost: boolean("auto_post").notNull().default(false),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("recurring_household_idx").on(table.householdId, table.createdAt),
    check("recurring_kind_check", sql`${table.kind} in ('income','expense')`),
    check("recurring_amount_positive_check", sql`${table.amountMinor} > 0`),
    check("recurring_frequency_check", sql`${table.frequency} in ('monthly','weekly','yearly')`),
    check("recurring_interval_check", sql`${table.interval} between 1 and 52`),
    check("recurring_day_check", sql`${table.dayOfMonth} is null or ${table.dayOfMonth} between 1 and 31`),
  ],
);

/**
 * What became of one due date of a series: posted (with its transaction) or skipped. The primary key makes an
 * occurrence post at most once, whatever restarts or concurrent workers do.
 */
export const recurringOccurrence = pgTable(
  "recurring_occurrence",
  {
    recurringId: uuid("recurring_id")
      .notNull()
      .references(() => recurring.id, { onDelete: "cascade" }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    transactionId: uuid("transaction_id").references(() => transaction.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.recurringId, table.dueOn] }),
    index("recurring_occurrence_household_due_idx").on(table.householdId, table.dueOn),
    check("recurring_occurrence_status_check", sql`${table.status} in ('posted','skipped')`),
  ],
);

export type RuleRow = typeof rule.$inferSelect;
export type BudgetLimitRow = typeof budgetLimit.$inferSelect;
export type RecurringRow = typeof recurring.$inferSelect;
