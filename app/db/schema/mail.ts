import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Mail the SMTP server did not take at the first try, kept rendered (in the reader's language) until the retry
 * worker delivers it. A row is done when `sent_at` or `failed_at` is set; `next_attempt_at` is pushed ahead while
 * a worker holds it, so another server instance never sends it twice. A finished row loses its body at once (its links
 * may still work) and is deleted a week later.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** "verify-email", "reset-password", "invitation"…: what the logs name instead of the address. */
    kind: text("kind").notNull(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** Delivery attempts so far, the first (inside the request) included. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A short reason built from the SMTP error's codes, never its full text (it may quote addresses). */
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** The server refused this recipient or message for good, or a day of retries went by. */
    failedAt: timestamp("failed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The worker's claim: mails still waiting, the earliest due first.
    index("mail_outbox_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null and ${table.failedAt} is null`),
  ],
);
