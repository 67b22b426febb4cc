import { demoContentEnabled, getConfig } from "~/config.server";
import { databaseKind } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { releaseInterruptedJobs } from "~/features/translation/queue.server";
import { startTranslationWorker } from "~/features/translation/worker.server";
import { getTranslationProvider } from "~/features/translation/providers.server";
import { seedDemoArticles } from "./seed-demo-articles.server";
import { translateArticle } from "./translate-article.server";

/** The demo articles, when demo content is on. */
export async function seedBlogDemo(): Promise<void> {
  if (demoContentEnabled()) await seedDemoArticles();
}

/** Background translation of articles: jobs cut off by a restart are queued again, then the worker starts. */
export async function startArticleTranslation(): Promise<void> {
  // The embedded database admits one process, so a job still "running" was cut off by a restart.
  if (databaseKind() === "pglite") {
    const released = await releaseInterruptedJobs();
    if (released) logger.info({ released }, "interrupted translation jobs queued again");
  }
  const provider = getTranslationProvider();
  logger.info(
    { provider: provider?.name ?? "none" },
    provider ? "translation worker started" : "translation provider not configured; the queue waits",
  );
  startTranslationWorker({ translate: translateArticle, pauseMs: getConfig().TRANSLATION_PAUSE_MS });
}
