import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { category, transaction } from "./entries";
import { household } from "./household";
import { moneyAccount } from "./money-accounts";
import type { TransactionKind } from "~/domain/categories";
import type { Currency } from "~/domain/money";
import type { RecurringFrequency } from "~/domain/recurring";

// The recurring feature's tables: series and what became of their due dates.

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
    kind: text("kind").$type<TransactionKind>().notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    currency: text("currency").$type<Currency>().notNull(),
    description: text("description").notNull().default(""),
    counterparty: text("counterparty"),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => category.id),
    accountId: uuid("account_id")
      .notNull()
      .references(() => moneyAccount.id, { onDelete: "cascade" }),
    /** "monthly" (on dayOfMonth, or the last day when lastDay), "weekly" (every `interval` weeks from startsOn), "yearly". */
    frequency: text("frequency").$type<RecurringFrequency>().notNull(),
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
    status: text("status", { enum: ["posted", "skipped"] }).notNull(),
    transactionId: uuid("transaction_id").references(() => transaction.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.recurringId, table.dueOn] }),
    index("recurring_occurrence_household_due_idx").on(table.householdId, table.dueOn),
    check("recurring_occurrence_status_check", sql`${table.status} in ('posted','skipped')`),
  ],
);

export type RecurringRow = typeof recurring.$inferSelect;
