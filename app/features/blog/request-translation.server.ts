import { getConfig } from "~/config.server";
import { consumeRateLimit } from "~/features/auth/rate-limit.server";
import type { Language } from "~/domain/languages";
import type { TranslationResult } from "./blog-article";
import { canCreateArticles } from "~/features/auth/creators.server";
import { translateArticle } from "./translate-article.server";

/** New on-demand translations one address may cause per window (cached ones are free). */
export const onDemandTranslationLimit = { max: 10, windowMs: 60 * 60 * 1000 };

/** Counts one new translation for `ip` on the shared rate-limit counters; true while the address is within its allowance. */
export async function consumeTranslationAllowance({
  ip,
  now = Date.now(),
}: {
  ip: string;
  now?: number;
}): Promise<boolean> {
  const rule = { windowSeconds: onDemandTranslationLimit.windowMs / 1000, max: onDemandTranslationLimit.max };
  return (await consumeRateLimit(`blog-translate:${ip}`, rule, now)).allowed;
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
