import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { household } from "./household";
import type { Plan } from "~/domain/plans";

// The billing feature's tables: the household's plan and the payment provider's events.

/** The household's plan. No row means free; the plans issue writes the rows (Stripe or test mode). */
export const subscription = pgTable(
  "subscription",
  {
    householdId: uuid("household_id")
      .primaryKey()
      .references(() => household.id, { onDelete: "cascade" }),
    plan: text("plan").$type<Plan>().notNull().default("free"),
    status: text("status").notNull().default("active"),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("subscription_provider_subscription_key").on(table.providerSubscriptionId),
    check("subscription_plan_check", sql`${table.plan} in ('free','premium')`),
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
    /** applied | ignored (unknown customer, stale, or a type we do not act on); pending while being applied. */
    outcome: text("outcome", {
      enum: ["pending", "applied", "duplicate", "stale", "unknownCustomer", "ignored"],
    }).notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("billing_event_object_created_idx").on(table.objectId, table.providerCreatedAt)],
);
