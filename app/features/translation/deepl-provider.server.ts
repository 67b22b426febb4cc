import * as deepl from "deepl-node";
import type { Language } from "~/domain/languages";
import { checkTranslations, type TranslateTextsRequest, type TranslationProvider } from "./provider";

const deeplSource: Record<Language, deepl.SourceLanguageCode> = {
  en: "en",
  nl: "nl",
  de: "de",
  fr: "fr",
  es: "es",
  pl: "pl",
  tr: "tr",
  ua: "uk",
};

// DeepL wants a variant for English targets; our readers are in Europe.
const deeplTarget: Record<Language, deepl.TargetLanguageCode> = {
  en: "en-GB",
  nl: "nl",
  de: "de",
  fr: "fr",
  es: "es",
  pl: "pl",
  tr: "tr",
  ua: "uk",
};

export interface DeeplProviderOptions {
  authKey: string;
  /** Another API host (a fake in tests); default: chosen by deepl-node from the key (free or pro). */
  serverUrl?: string;
}

/** DeepL through its official client. Retries are ours (the queue backs off), so the client makes one attempt. */
export function createDeeplProvider({ authKey, serverUrl }: DeeplProviderOptions): TranslationProvider {
  const translator = new deepl.Translator(authKey, {
    serverUrl,
    maxRetries: 0,
    minTimeout: 30_000,
    appInfo: { appName: "samen", appVersion: "1" },
  });
  return {
    name: "deepl",
    async translate({ texts, source, target }: TranslateTextsRequest) {
      if (texts.length === 0) return [];
      const results = await translator.translateText(texts, deeplSource[source], deeplTarget[target]);
      return checkTranslations("DeepL", texts.length, results.map((result) => result?.text));
    },
  };
}
