import { like, or, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { isUniqueViolation } from "~/db/faults.server";
import { blogPost } from "~/db/schema/blog";
import { languages, type Language } from "~/domain/languages";
import { slugify, uniqueSlug } from "~/domain/slugs";
import { fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { logger } from "~/lib/logger.server";
import { enqueueTranslations } from "~/features/translation/queue.server";
import { wakeTranslationWorker } from "~/features/translation/worker.server";
import { articlesChanged } from "./article-changes.server";
import type { BlogArticle } from "./blog-article";
import { newArticleSchema, type NewArticleField } from "./blog.schema";
import { canCreateArticles } from "~/features/auth/creators.server";
import { toBlogArticle } from "./posts.server";

/**
 * The spec's generate_slug: a slug from the title that no article uses in any language
 * (translations reuse their original's slug, so an original's slug must be free everywhere).
 */
export async function generateSlug({ title }: { title: string }): Promise<string> {
  const base = slugify(title);
  const taken = await db()
    .select({ slug: blogPost.slug })
    .from(blogPost)
    .where(or(eq(blogPost.slug, base), like(blogPost.slug, `${base}-%`)));
  return uniqueSlug(
    base,
    taken.map((row) => row.slug),
  );
}

export type CreateArticleResult =
  | { ok: true; article: BlogArticle }
  | { ok: false; reason: "forbidden" }
  | { ok: false; reason: "invalid"; fieldErrors: FieldErrors<NewArticleField | "form"> };

interface CreateArticleOptions {
  userId: string | null | undefined;
  language: Language;
  input: Record<string, unknown>;
}

/** A creator publishes an original in the page's language; its seven translations are queued at once. */
export async function createArticle({ userId, language, input }: CreateArticleOptions): Promise<CreateArticleResult> {
  if (!(await canCreateArticles({ userId }))) return { ok: false, reason: "forbidden" };
  const parsed = newArticleSchema.safeParse(input);
  if (!parsed.success) return { ok: false, reason: "invalid", fieldErrors: fieldErrorsOf(parsed.error) };
  const article = parsed.data;
  // Two creators may pick the same title at once; the unique index then refuses one, which retries.
  for (let attempt = 0; ; attempt += 1) {
    const slug = await generateSlug({ title: article.title });
    try {
      const [row] = await db()
        .insert(blogPost)
        .values({ ...article, slug, language, published: true, machineTranslated: false })
        .returning();
      if (!row) throw new Error("insert returned no row");
      await enqueueTranslations({ articleId: row.id, targetLanguages: languages.filter((code) => code !== language) });
      wakeTranslationWorker();
      articlesChanged();
      logger.info({ articleId: row.id, slug, language }, "article published");
      return { ok: true, article: toBlogArticle(row) };
    } catch (error) {
      if (attempt < 4 && isUniqueViolation(error)) continue;
      throw error;
    }
  }
}
