import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { user } from "./auth";
import { household } from "./household";
import type { ShareMethod } from "~/domain/fair-share";
import type { Language } from "~/domain/languages";

// The sharing feature's tables: partner invitations and settlements.

/**
 * An owner's invitation for a partner who edits or only looks. Only the SHA-256 of the link's token is stored, so a copy of
 * the database cannot be turned into working links. A pending row past `expires_at` counts as expired.
 */
export const invitation = pgTable(
  "invitation",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    /** Lower-cased; the invitee must sign in with this address to accept. */
    email: text("email").notNull(),
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: ["pending", "accepted", "revoked", "expired"] })
      .notNull()
      .default("pending"),
    /** The language the invitation e-mail was written in. */
    language: text("language").$type<Language>().notNull(),
    /** The partner will edit (true) or only look; the owner can change it after acceptance. */
    canEdit: boolean("can_edit").notNull().default(false),
    invitedByUserId: text("invited_by_user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    acceptedByUserId: text("accepted_by_user_id").references(() => user.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    respondedAt: timestamp("responded_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("invitation_token_hash_key").on(table.tokenHash),
    // Settings lists a household's pending invitations; one pending invitation per address and household.
    index("invitation_household_status_idx").on(table.householdId, table.status),
    uniqueIndex("invitation_pending_email_key")
      .on(table.householdId, table.email)
      .where(sql`${table.status} = 'pending'`),
    // Account deletion removes the invitations addressed to the deleted e-mail.
    index("invitation_email_idx").on(table.email),
    check("invitation_status_check", sql`${table.status} in ('pending','accepted','revoked','expired')`),
  ],
);

/**
 * Money one member gave the other to square a month's shared expenses ("Mark as settled"). It counts as a payment
 * from `from_user_id`, so the month's balance is zero right after it. The split it was computed with is kept, so a
 * later change of the share method never reopens a settled month (app/features/sharing/settle-up.server.ts).
 */
export const settlement = pgTable(
  "settlement",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    householdId: uuid("household_id")
      .notNull()
      .references(() => household.id, { onDelete: "cascade" }),
    /** First day of the settled calendar month. */
    month: date("month", { mode: "string" }).notNull(),
    fromUserId: text("from_user_id").notNull(),
    toUserId: text("to_user_id").notNull(),
    amountMinor: bigint("amount_minor", { mode: "number" }).notNull(),
    shareMethod: text("share_method").$type<ShareMethod>().notNull(),
    /** Under `fixed`, each member's percent at the time of settling. */
    sharePercents: jsonb("share_percents").$type<Record<string, number>>(),
    createdBy: text("created_by").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One month's settlements, and the history newest first.
    index("settlement_household_month_idx").on(table.householdId, table.month.desc(), table.createdAt.desc()),
    check("settlement_amount_positive_check", sql`${table.amountMinor} > 0`),
    check("settlement_members_differ_check", sql`${table.fromUserId} <> ${table.toUserId}`),
    check("settlement_share_method_check", sql`${table.shareMethod} in ('equal','income','fixed')`),
  ],
);

export type InvitationRow = typeof invitation.$inferSelect;
