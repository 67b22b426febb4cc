type ArticlesChangedListener = () => void;

// On globalThis, like the translation worker: one set per process, however many copies of this module a bundle holds.
const listenerStore = globalThis as typeof globalThis & { __samenArticlesChanged?: Set<ArticlesChangedListener> };

function listeners(): Set<ArticlesChangedListener> {
  return (listenerStore.__samenArticlesChanged ??= new Set());
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
