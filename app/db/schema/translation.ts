import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { languageCheck } from "./columns";
import { blogPost } from "./blog";
import type { Language } from "~/domain/languages";

// The translation feature's table: the queue of article translations.

/**
 * Background translations waiting, running or finished. One row per original and target language;
 * workers claim rows with FOR UPDATE SKIP LOCKED, so two workers never take the same pair.
 */
export const translationJob = pgTable(
  "translation_job",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    articleId: uuid("article_id")
      .notNull()
      .references(() => blogPost.id, { onDelete: "cascade" }),
    targetLanguage: text("target_language").$type<Language>().notNull(),
    /** pending → running → done | failed; a rate-limited job goes back to pending with a later run_after. */
    status: text("status", { enum: ["pending", "running", "done", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    runAfter: timestamp("run_after", { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp("locked_at", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    /** The bulk "translate all missing" request that last asked for this job, for its progress display. */
    batchId: text("batch_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("translation_job_article_language_key").on(table.articleId, table.targetLanguage),
    // The worker's claim: due pending jobs in order, and running jobs whose lease ran out.
    index("translation_job_claim_idx").on(table.status, table.runAfter),
    index("translation_job_batch_idx")
      .on(table.batchId)
      .where(sql`${table.batchId} is not null`),
    check("translation_job_language_check", languageCheck("target_language")),
    check("translation_job_status_check", sql`${table.status} in ('pending','running','done','failed')`),
  ],
);

export type TranslationJobRow = typeof translationJob.$inferSelect;
