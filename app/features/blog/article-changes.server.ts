import { hearOtherProcesses, tellOtherProcesses } from "~/db/client.server";
import { processWide } from "~/lib/global-singleton";
import { logger } from "~/lib/logger.server";

type ArticlesChangedListener = () => void;

/** What the server processes on one PostgreSQL database tell each other when articles change. */
const channel = "samen_articles_changed";

// Process-wide, like the translation worker: one set per process, however many copies of this module a bundle holds.
function listeners(): Set<ArticlesChangedListener> {
  return processWide("articlesChangedListeners", () => new Set<ArticlesChangedListener>());
}

function tellListeners(): void {
  for (const listener of listeners()) listener();
}

/**
 * Runs `listener` whenever the published articles change: a new article, a new translation, the demo seed — in this
 * process or, once `hearArticleChanges` runs, in another server process on the same database (each keeps its own page
 * cache). Start-up (server/startup.ts) hands in the server's page cache here, so the blog knows nothing of it.
 */
export function onArticlesChanged(listener: ArticlesChangedListener): void {
  listeners().add(listener);
}

/** Listens for the changes other server processes make (with PostgreSQL; the embedded database has one process). */
export function hearArticleChanges(): Promise<void> {
  return hearOtherProcesses(channel, tellListeners);
}

export function articlesChanged(): void {
  tellListeners();
  tellOtherProcesses(channel).catch((error: unknown) =>
    logger.warn({ err: error }, "other server processes could not be told that articles changed"),
  );
}
