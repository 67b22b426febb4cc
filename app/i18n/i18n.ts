import type { Language } from "~/domain/languages";
import { Translator, type NamespaceLoader, type Resources } from "./translator";

export { defaultNamespace } from "./translator";

/** Cookie and local-storage key holding the chosen interface language. */
export const languageStorageKey = "lang";

interface CreateI18nOptions {
  language: Language;
  resources: Resources;
  /** Fetches namespaces a later page needs; only the client has one. */
  loadNamespace?: NamespaceLoader;
  /** English by default; null where every key is known to exist (the client, by the locale parity test). */
  fallbackLanguage?: Language | null;
}

/** One translator per request on the server, one per page on the client. */
export function createI18n(options: CreateI18nOptions): Translator {
  return new Translator(options);
}
