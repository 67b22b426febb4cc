import * as deepl from "deepl-node";
import { toBcp47, type Language } from "~/domain/languages";
import { checkTranslations, type TranslateTextsRequest, type TranslationProvider } from "./provider";

// DeepL takes our BCP 47 tags (ua → uk), but wants a variant for English targets; our readers are in Europe.
const deeplSource = (language: Language): deepl.SourceLanguageCode => toBcp47(language);
const deeplTarget = (language: Language): deepl.TargetLanguageCode => (language === "en" ? "en-GB" : toBcp47(language));

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
      const results = await translator.translateText(texts, deeplSource(source), deeplTarget(target));
      return checkTranslations(
        "DeepL",
        texts.length,
        results.map((result) => result?.text),
      );
    },
  };
}
