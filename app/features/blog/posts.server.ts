import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { db } from "~/db/client.server";
import { blogPost, type BlogPostRow } from "~/db/schema/blog";
import { isLanguage, languages, type Language } from "~/domain/languages";
import { isWellFormedSlug } from "~/domain/slugs";
import { cardExcerpt, type BlogArticle, type BlogCard, type CardArticle } from "./blog-article";

export function toBlogArticle(row: BlogPostRow): BlogArticle {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    excerpt: row.excerpt,
    authorName: row.authorName,
    slug: row.slug,
    createdAt: row.createdAt.toISOString(),
    language: isLanguage(row.language) ? row.language : "en",
    sourceArticleId: row.sourceArticleId,
    machineTranslated: row.machineTranslated,
  };
}

function toCardArticle(row: BlogPostRow): CardArticle {
  const { content: _content, ...article } = toBlogArticle(row);
  return { ...article, excerpt: cardExcerpt(row) };
}

/** The list's upper bound; the blog is small enough to show whole. */
const listLimit = 200;

/** Published originals newest first, each as its version in `language` (one card per original). */
export async function listBlogCards({ language }: { language: Language }): Promise<BlogCard[]> {
  const version = alias(blogPost, "version");
  const rows = await db()
    .select({ original: blogPost, version })
    .from(blogPost)
    .leftJoin(
      version,
      and(eq(version.sourceArticleId, blogPost.id), eq(version.language, language), eq(version.published, true)),
    )
    .where(and(isNull(blogPost.sourceArticleId), eq(blogPost.published, true)))
    .orderBy(desc(blogPost.createdAt))
    .limit(listLimit);
  return rows.map(({ original, version: translated }): BlogCard => {
    if (original.language === language) {
      return { kind: "article", article: toCardArticle(original), autoTranslated: original.machineTranslated };
    }
    if (translated)
      return { kind: "article", article: toCardArticle(translated), autoTranslated: translated.machineTranslated };
    return { kind: "untranslated", original: toCardArticle(original) };
  });
}

export interface ArticleVersion {
  language: Language;
  slug: string;
  /** The version the others were translated from. */
  isOriginal: boolean;
}

/** Every published version of one original (the original itself included), in the languages' order. */
export async function listArticleVersions({ originalId }: { originalId: string }): Promise<ArticleVersion[]> {
  const rows = await db()
    .select({ language: blogPost.language, slug: blogPost.slug, sourceArticleId: blogPost.sourceArticleId })
    .from(blogPost)
    .where(
      and(eq(blogPost.published, true), or(eq(blogPost.id, originalId), eq(blogPost.sourceArticleId, originalId))),
    );
  return rows
    .flatMap((row) =>
      isLanguage(row.language)
        ? [{ language: row.language, slug: row.slug, isOriginal: row.sourceArticleId === null }]
        : [],
    )
    .sort((a, b) => languages.indexOf(a.language) - languages.indexOf(b.language));
}

export type ArticleLookup =
  | { kind: "found"; article: BlogArticle; versions: ArticleVersion[] }
  /** No version in the wanted language yet: the page shows this one and translates it on demand. */
  | { kind: "needs-translation"; fallback: BlogArticle; versions: ArticleVersion[] }
  | { kind: "not-found" };

/** The article page: by language and slug; else the same article in another language, to translate. */
export async function findArticle({ language, slug }: { language: Language; slug: string }): Promise<ArticleLookup> {
  const trimmed = slug.trim();
  if (!trimmed || !isWellFormedSlug(trimmed)) return { kind: "not-found" };
  const [exact] = await db()
    .select()
    .from(blogPost)
    .where(and(eq(blogPost.language, language), eq(blogPost.slug, trimmed), eq(blogPost.published, true)))
    .limit(1);
  if (exact) {
    const versions = await listArticleVersions({ originalId: exact.sourceArticleId ?? exact.id });
    return { kind: "found", article: toBlogArticle(exact), versions };
  }
  // Prefer the original as the text to translate from.
  const [fallback] = await db()
    .select()
    .from(blogPost)
    .where(and(eq(blogPost.slug, trimmed), eq(blogPost.published, true)))
    .orderBy(sql`${blogPost.sourceArticleId} is null desc`)
    .limit(1);
  if (!fallback) return { kind: "not-found" };
  const versions = await listArticleVersions({ originalId: fallback.sourceArticleId ?? fallback.id });
  return { kind: "needs-translation", fallback: toBlogArticle(fallback), versions };
}

/** Published posts written in one language, newest first (the language's feed). */
export async function listArticlesInLanguage({
  language,
  limit = 50,
}: {
  language: Language;
  limit?: number;
}): Promise<BlogArticle[]> {
  const rows = await db()
    .select()
    .from(blogPost)
    .where(and(eq(blogPost.language, language), eq(blogPost.published, true)))
    .orderBy(desc(blogPost.createdAt))
    .limit(limit);
  return rows.map(toBlogArticle);
}

export async function countBlogPosts(): Promise<number> {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(blogPost);
  return row?.count ?? 0;
}
