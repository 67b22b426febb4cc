import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { user } from "./auth";
import { household } from "./budget";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

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
    status: text("status").notNull().default("pending"),
    /** The language the invitation e-mail was written in. */
    language: text("language").notNull(),
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
 * Every payment-provider event applied once: the event id is the key, so a replayed delivery finds its row and
 * changes nothing. `object_id` (the subscription) and `provider_created_at` let an older event that arrives late
 * be recognised and skipped.
 */
export const billingEvent = pgTable(
  "billing_event",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    objectId: text("object_id"),
    providerCreatedAt: timestamp("provider_created_at", { withTimezone: true }).notNull(),
    /** applied | ignored (unknown customer, stale, or a type we do not act on). */
    outcome: text("outcome").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("billing_event_object_created_idx").on(table.objectId, table.providerCreatedAt)],
);

export type InvitationRow = typeof invitation.$inferSelect;
