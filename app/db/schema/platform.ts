import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Who runs each background job (mail retries, purges, rate updates, recurring postings) in an installation of several
 * server processes or instances: one row per job, held by one process until `expires_at`, renewed by each of its
 * rounds. Another process takes it over once it has expired, or at once when its holder stopped cleanly.
 */
export const backgroundLease = pgTable("background_lease", {
  job: text("job").primaryKey(),
  /** The holding process: host, process id and a random part (a restarted process is another holder). */
  holder: text("holder").notNull(),
  /** On the database's clock, so the instances' own clocks never disagree about it. */
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
});
