import translationChunks from "virtual:translation-chunks";
import type { Language } from "~/domain/languages";
import { Translator, type Resources } from "./translator";

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

const translators = new Map<Language, Translator>();

/**
 * The translator for one language, for everything the server renders or sends (pages, e-mails, files).
 * It holds no per-request state, so one per language serves every request.
 */
export function serverTranslator(language: Language): Translator {
  let translator = translators.get(language);
  if (!translator) {
    translator = new Translator({
      language,
      resources: allResources,
      namespaceAddress: (chunkLanguage, namespace) => translationChunks[chunkLanguage]?.[namespace],
    });
    translators.set(language, translator);
  }
  return translator;
}
