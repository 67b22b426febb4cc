import { sql } from "drizzle-orm";
import { bigint, boolean, check, date, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { category } from "./entries";
import { household } from "./household";
import type { BudgetScope } from "~/domain/budgets";

// The budgets feature's table: a category's monthly limit.

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
    scope: text("scope").$type<BudgetScope>().notNull(),
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

export type BudgetLimitRow = typeof budgetLimit.$inferSelect;
