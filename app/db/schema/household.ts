import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
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
import { createdAt, updatedAt } from "./columns";
import { user } from "./auth";
import type { ShareMethod } from "~/domain/fair-share";
import type { Currency } from "~/domain/money";

// The household feature's tables: households, their members, who keeps personal spending private, notifications.

/** One budget. Every account gets its own at sign-up; partners are invited into others. */
export const household = pgTable(
  "household",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** ISO 4217; every amount of the household is in this currency. */
    currency: text("currency").$type<Currency>().notNull().default("EUR"),
    ownerUserId: text("owner_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    /** How shared expenses are split (app/domain/fair-share.ts): `equal`, `income` (by each member's income) or `fixed`. */
    shareMethod: text("share_method").$type<ShareMethod>().notNull().default("equal"),
    /** A shared expense of at least this many minor units tells the other members; null: no such notice. */
    sharedAlertMinor: bigint("shared_alert_minor", { mode: "number" }),
    /** The day the household's month starts (its payday, 1–28; app/domain/pay-periods.ts, decision 0021): 1 is the calendar month. */
    monthStartDay: integer("month_start_day").notNull().default(1),
    /**
     * Moves forward with every write to the household's rows, in any table, by database triggers (migration 0034):
     * a kept signed-in page names the revisions it was rendered at (decision 0030).
     */
    revision: bigint("revision", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("household_owner_user_id_idx").on(table.ownerUserId),
    check("household_share_method_check", sql`${table.shareMethod} in ('equal','income','fixed')`),
    check("household_shared_alert_positive_check", sql`${table.sharedAlertMinor} > 0`),
    check("household_month_start_day_check", sql`${table.monthStartDay} between 1 and 28`),
  ],
);

export const householdMember = pgTable(
  "household_member",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["owner", "partner"] }).notNull(),
    /** A partner who adds and changes the household's money (premium); without it a partner only looks. Owners always edit. */
    canEdit: boolean("can_edit").notNull().default(false),
    /** This member's part of shared expenses under the `fixed` share method, in whole percent. */
    sharePercent: integer("share_percent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.householdId, table.userId] }),
    // The household switcher: every household of a user.
    index("household_member_user_id_idx").on(table.userId),
    check("household_member_role_check", sql`${table.role} in ('owner','partner')`),
    check("household_member_share_percent_check", sql`${table.sharePercent} between 0 and 100`),
  ],
);

/**
 * The members of a household who show their personal spending to the others only as category totals (a row: hidden;
 * no row: entry by entry). Not part of the membership on purpose: the choice outlives it, so a member who leaves, is
 * removed or deletes their account stays hidden, and one who joins again finds their choice kept (decision 0016).
 * No foreign key to the user for the same reason; entries name their member by id, not by reference, too.
 */
export const personalPrivacy = pgTable(
  "personal_privacy",
  {
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    userId: text("user_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.householdId, table.userId] })],
);

/** Behind the header's alert dot: partner joined, goal reached, a category above its usual spending. */
export const notification = pgTable(
  "notification",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    householdId: uuid("household_id").references(() => household.id, { onDelete: "cascade" }),
    kind: text("kind", {
      enum: ["partnerJoined", "goalReached", "categoryOverUsual", "budgetPassed", "settleUpRequested", "sharedExpense"],
    }).notNull(),
    payload: jsonb("payload").$type<Record<string, string | number | null>>().notNull().default({}),
    /** The same event never notifies twice ("goal-reached:<id>", "over-usual:<category>:<month>"). */
    dedupeKey: text("dedupe_key"),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index("notification_user_created_idx").on(table.userId, table.createdAt.desc()),
    uniqueIndex("notification_user_dedupe_key")
      .on(table.userId, table.dedupeKey)
      .where(sql`${table.dedupeKey} is not null`),
  ],
);

export type HouseholdRow = typeof household.$inferSelect;
export type NotificationRow = typeof notification.$inferSelect;
