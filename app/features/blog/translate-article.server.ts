import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPost } from "~/db/schema/blog";
import type { Language } from "~/domain/languages";
import { logger } from "~/lib/logger.server";
import { getTranslationProvider } from "~/features/translation/providers.server";
import { toSegments } from "~/features/translation/segments";
import {
  TranslationError,
  toTranslationErrorMessage,
  translationMessages,
} from "~/features/translation/translation-errors";
import { articlesChanged } from "./article-changes.server";
import type { TranslationResult } from "./blog-article";
import { toBlogArticle } from "./posts.server";

export interface TranslateArticleOptions {
  articleId: string;
  targetLanguage: Language;
  /** When the caller names it, it must differ from the target. */
  sourceLanguage?: Language;
  /**
   * Asked right before a new translation is made (never for a cached one): false refuses with the
   * rate-limit message. On-demand requests pass the per-IP allowance here.
   */
  allowNewTranslation?: () => Promise<boolean>;
}

// One translation per original and language at a time in this process; the unique index on
// (source_article_id, language) settles races between processes.
const inFlight = new Map<string, Promise<TranslationResult>>();

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const failure = (error: string): TranslationResult => ({ translated: false, cached: false, article: null, error });

/**
 * The spec's translate-article call: returns the existing version (cached) or has the configured
 * provider translate the original, saves it as a machine-translated post and returns it.
 */
export async function translateArticle(options: TranslateArticleOptions): Promise<TranslationResult> {
  const { articleId, targetLanguage, sourceLanguage } = options;
  if (sourceLanguage && sourceLanguage === targetLanguage) return failure(translationMessages.sameLanguage);
  if (!uuidPattern.test(articleId)) return failure(translationMessages.notFound);
  try {
    const [post] = await db().select().from(blogPost).where(eq(blogPost.id, articleId)).limit(1);
    if (!post || !post.published) return failure(translationMessages.notFound);
    const original = post.sourceArticleId
      ? (await db().select().from(blogPost).where(eq(blogPost.id, post.sourceArticleId)).limit(1))[0]
      : post;
    if (!original) return failure(translationMessages.notFound);
    if (original.language === targetLanguage) return failure(translationMessages.sameLanguage);

    const existing = await findVersion(original.id, targetLanguage);
    if (existing) return { translated: true, cached: true, article: existing };

    const key = `${original.id}:${targetLanguage}`;
    const running = inFlight.get(key);
    // Someone else is making this very translation: share its result, reported as found.
    if (running) return running.then((result) => (result.article ? { ...result, cached: true } : result));

    const work = translateAndSave(original, targetLanguage, options.allowNewTranslation).finally(() =>
      inFlight.delete(key),
    );
    inFlight.set(key, work);
    return await work;
  } catch (error) {
    return failure(logFailure(error, articleId, targetLanguage));
  }
}

async function findVersion(originalId: string, language: Language) {
  const [row] = await db()
    .select()
    .from(blogPost)
    .where(and(eq(blogPost.sourceArticleId, originalId), eq(blogPost.language, language)))
    .limit(1);
  return row ? toBlogArticle(row) : null;
}

async function translateAndSave(
  original: typeof blogPost.$inferSelect,
  targetLanguage: Language,
  allowNewTranslation: TranslateArticleOptions["allowNewTranslation"],
): Promise<TranslationResult> {
  try {
    const provider = getTranslationProvider();
    if (!provider) return failure(translationMessages.notConfigured);
    if (allowNewTranslation && !(await allowNewTranslation())) return failure(translationMessages.rateLimit);

    const source = original.language;
    const segments = toSegments(original);
    const translated = segments.assemble(
      await provider.translate({ texts: segments.texts, source, target: targetLanguage }),
    );
    const [inserted] = await db()
      .insert(blogPost)
      .values({
        title: translated.title,
        content: translated.content,
        excerpt: translated.excerpt,
        authorName: original.authorName,
        slug: original.slug,
        language: targetLanguage,
        sourceArticleId: original.id,
        createdAt: original.createdAt,
        published: true,
        machineTranslated: true,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted) {
      articlesChanged();
      logger.info({ articleId: original.id, language: targetLanguage, provider: provider.name }, "article translated");
      return { translated: true, cached: false, article: toBlogArticle(inserted) };
    }
    // Another server saved the same translation a moment earlier.
    const existing = await findVersion(original.id, targetLanguage);
    if (existing) return { translated: true, cached: true, article: existing };
    throw new TranslationError(`The slug "${original.slug}" is already used by another ${targetLanguage} article`);
  } catch (error) {
    return failure(logFailure(error, original.id, targetLanguage));
  }
}

function logFailure(error: unknown, articleId: string, language: Language): string {
  const message = toTranslationErrorMessage(error);
  logger.warn({ err: error, articleId, language, message }, "translation failed");
  return message;
}
