import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const languageCheck = (column: string) => sql.raw(`${column} in ('en','nl','de','fr','es','pl','tr','ua')`);

/**
 * A blog article. Originals have no source; a translation is its own row pointing at the original
 * and reusing the original's slug, so a slug is unique per language (and names one article across languages).
 */
export const blogPost = pgTable(
  "blog_post",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    content: text("content").notNull(),
    /** Optional; an empty excerpt is stored as null. */
    excerpt: text("excerpt"),
    authorName: text("author_name").notNull(),
    slug: text("slug").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    language: text("language").notNull(),
    sourceArticleId: uuid("source_article_id").references((): AnyPgColumn => blogPost.id, { onDelete: "cascade" }),
    published: boolean("published").notNull().default(true),
    /** True when a translation service wrote this version (shows the auto-translated badge). */
    machineTranslated: boolean("machine_translated").notNull().default(false),
  },
  (table) => [
    // Article page: by language and slug.
    uniqueIndex("blog_post_language_slug_key").on(table.language, table.slug),
    // Fallback lookup by slug in any language, and slug clash checks.
    index("blog_post_slug_idx").on(table.slug),
    // One version per original and language; also serves "all versions of an original".
    uniqueIndex("blog_post_source_language_key")
      .on(table.sourceArticleId, table.language)
      .where(sql`${table.sourceArticleId} is not null`),
    // The list: published originals, newest first.
    index("blog_post_originals_created_idx")
      .on(table.createdAt.desc())
      .where(sql`${table.sourceArticleId} is null and ${table.published}`),
    // Feeds: published posts in one language, newest first.
    index("blog_post_language_created_idx")
      .on(table.language, table.createdAt.desc())
      .where(sql`${table.published}`),
    check("blog_post_language_check", languageCheck("language")),
  ],
);

export type BlogPostRow = typeof blogPost.$inferSelect;

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
    targetLanguage: text("target_language").notNull(),
    /** pending → running → done | failed; a rate-limited job goes back to pending with a later run_after. */
    status: text("status").notNull().default("pending"),
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
