import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { getConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { rateLimit } from "~/db/schema";
import type { Language } from "~/domain/languages";
import type { TranslationResult } from "./blog-article";
import { canCreateArticles } from "~/features/auth/creators.server";
import { translateArticle } from "./translate-article.server";

/** New on-demand translations one address may cause per window (cached ones are free). */
export const onDemandTranslationLimit = { max: 10, windowMs: 60 * 60 * 1000 };

/**
 * Counts one new translation for `ip` in a fixed window on the shared rate_limit table (so every
 * server instance sees the same count); true while the address is within its allowance.
 */
export async function consumeTranslationAllowance({ ip, now = Date.now() }: { ip: string; now?: number }): Promise<boolean> {
  const key = `blog-translate:${ip}`;
  const expired = now - onDemandTranslationLimit.windowMs;
  const [row] = await db()
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count });
  return (row?.count ?? 0) <= onDemandTranslationLimit.max;
}

interface RequestTranslationOptions {
  articleId: string;
  targetLanguage: Language;
  sourceLanguage?: Language;
  userId: string | null | undefined;
  clientIp: string;
}

/**
 * A visitor's translate button or an article page in a language without a version yet.
 * Creators translate freely; everyone else is limited per address.
 */
export async function requestArticleTranslation(options: RequestTranslationOptions): Promise<TranslationResult> {
  const unlimited = getConfig().RATE_LIMIT_DISABLED === true || (await canCreateArticles({ userId: options.userId }));
  return translateArticle({
    articleId: options.articleId,
    targetLanguage: options.targetLanguage,
    sourceLanguage: options.sourceLanguage,
    allowNewTranslation: unlimited ? undefined : () => consumeTranslationAllowance({ ip: options.clientIp }),
  });
}
