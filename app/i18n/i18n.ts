import i18next, { type i18n as I18n, type Resource } from "i18next";
import { initReactI18next } from "react-i18next";
import { defaultLanguage, languages, type Language } from "~/domain/languages";

export const defaultNamespace = "common";

/** Cookie and local-storage key holding the chosen interface language. */
export const languageStorageKey = "lang";

interface CreateI18nOptions {
  language: Language;
  namespaces: string[];
  resources?: Resource;
  backend?: Parameters<I18n["use"]>[0];
}

/** One i18next instance per request on the server, one per page on the client. */
export async function createI18n({ language, namespaces, resources, backend }: CreateI18nOptions): Promise<I18n> {
  const instance = i18next.createInstance();
  instance.use(initReactI18next);
  if (backend) instance.use(backend);
  await instance.init({
    lng: language,
    supportedLngs: [...languages],
    fallbackLng: defaultLanguage,
    ns: namespaces,
    defaultNS: defaultNamespace,
    fallbackNS: defaultNamespace,
    resources,
    partialBundledLanguages: Boolean(backend && resources),
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: true },
    initAsync: false,
  });
  return instance;
}
