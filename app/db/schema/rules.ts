import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { household } from "./household";
import type { RuleActions, RuleCondition } from "~/domain/rules/rule-types";
import type { RuleOrigin } from "~/domain/rules/rule-types";

// The rules feature's table.

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
    origin: text("origin").$type<RuleOrigin>().notNull().default("manual"),
    createdBy: text("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("rule_household_position_idx").on(table.householdId, table.position),
    check("rule_origin_check", sql`${table.origin} in ('manual','learned')`),
  ],
);

export type RuleRow = typeof rule.$inferSelect;
