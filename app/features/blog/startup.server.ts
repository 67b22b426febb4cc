import { demoContentEnabled, getConfig } from "~/config.server";
import { databaseKind } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { addSitemapSource } from "~/features/marketing/sitemap.server";
import { onStartup } from "~/features/platform/startup.server";
import { releaseInterruptedJobs } from "~/features/translation/queue.server";
import { startTranslationWorker } from "~/features/translation/worker.server";
import { getTranslationProvider } from "~/features/translation/providers.server";
import { seedDemoArticles } from "./seed-demo-articles.server";
import { listBlogSitemapEntries } from "./sitemap.server";

// Every published article version (and the eight lists) in /sitemap.xml.
addSitemapSource("blog", listBlogSitemapEntries);

onStartup("blog: demo articles", async () => {
  if (demoContentEnabled()) await seedDemoArticles();
});

onStartup("blog: translation worker", async () => {
  // The embedded database admits one process, so a job still "running" was cut off by a restart.
  if (databaseKind() === "pglite") {
    const released = await releaseInterruptedJobs();
    if (released) logger.info({ released }, "interrupted translation jobs queued again");
  }
  const provider = getTranslationProvider();
  logger.info({ provider: provider?.name ?? "none" }, provider ? "translation worker started" : "translation provider not configured; the queue waits");
  startTranslationWorker({ pauseMs: getConfig().TRANSLATION_PAUSE_MS });
});
