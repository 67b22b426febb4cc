import type { Resources } from "./translator";
import { languages } from "~/domain/languages";

const files = import.meta.glob<Record<string, unknown>>("./locales/*/*.json", { eager: true, import: "default" });

/** Every language and namespace, loaded once; the server renders any page in any language from memory. */
export const allResources: Resources = {};
for (const [file, content] of Object.entries(files)) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
  if (!match) continue;
  const [, language = "", namespace = ""] = match;
  allResources[language] ??= {};
  allResources[language][namespace] = content;
}

export const namespaces = Object.keys(allResources.en ?? {});
export const loadedLanguages = languages.filter((language) => allResources[language]);
