import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { languageCheck } from "./columns";
import type { Language } from "~/domain/languages";

// The blog feature's table.

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
    language: text("language").$type<Language>().notNull(),
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
