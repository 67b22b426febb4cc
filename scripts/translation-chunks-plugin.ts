import type { Plugin } from "vite";

/** The module the server imports for the addresses of the browser's translation chunks. */
export const translationChunksId = "virtual:translation-chunks";
const resolvedId = `\0${translationChunksId}`;
const localeFile = /[\\/]app[\\/]i18n[\\/]locales[\\/]([\w-]+)[\\/]([\w-]+)\.json$/;

/**
 * Tells the server where the build put each language's namespace (`app/i18n/locales/<language>/<namespace>.json`,
 * a chunk of its own with a hashed name), so a page's HTML can ask for its translations ahead of the scripts instead
 * of carrying them inline. The browser build runs first and records the names; the server build reads them. In
 * development and in unit tests the map is empty: the browser then imports the same files without a preload hint.
 */
export function translationChunks(): Plugin {
  const chunks: Record<string, Record<string, string>> = {};
  let recorded = false;
  return {
    name: "samen:translation-chunks",
    resolveId: (id) => (id === translationChunksId ? resolvedId : undefined),
    load(id) {
      if (id !== resolvedId) return undefined;
      if (this.environment?.mode === "build" && this.environment.name === "ssr" && !recorded)
        this.error("the browser build did not run before the server build: no translation chunks recorded");
      return `export default ${JSON.stringify(chunks)};`;
    },
    generateBundle(_options, bundle) {
      if (this.environment?.name !== "client") return;
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk" || !output.facadeModuleId) continue;
        const [, language, namespace] = localeFile.exec(output.facadeModuleId) ?? [];
        if (!language || !namespace) continue;
        (chunks[language] ??= {})[namespace] = `/assets/${output.fileName.replace(/^assets\//, "")}`;
      }
      recorded = true;
    },
  };
}
