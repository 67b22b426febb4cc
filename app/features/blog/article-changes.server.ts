import { processWide } from "~/lib/global-singleton";

type ArticlesChangedListener = () => void;

// Process-wide, like the translation worker: one set per process, however many copies of this module a bundle holds.
function listeners(): Set<ArticlesChangedListener> {
  return processWide("articlesChangedListeners", () => new Set<ArticlesChangedListener>());
}

/**
 * Runs `listener` whenever the published articles change: a new article, a new translation, the demo seed. Start-up
 * (server/startup.ts) hands in the server's page cache here, so the blog knows nothing of it.
 */
export function onArticlesChanged(listener: ArticlesChangedListener): void {
  listeners().add(listener);
}

export function articlesChanged(): void {
  for (const listener of listeners()) listener();
}
