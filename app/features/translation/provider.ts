import type { Language } from "~/domain/languages";

export type ProviderName = "deepl" | "openai" | "libretranslate";

export interface TranslateTextsRequest {
  /** One-line texts; the reply has one translation per text, in order. */
  texts: string[];
  source: Language;
  target: Language;
}

/** What every translation service adapter offers; chosen by TRANSLATION_PROVIDER. */
export interface TranslationProvider {
  readonly name: ProviderName;
  translate(request: TranslateTextsRequest): Promise<string[]>;
}

/** English names for prompts and logs. */
export const englishLanguageNames: Record<Language, string> = {
  en: "English",
  nl: "Dutch",
  de: "German",
  fr: "French",
  es: "Spanish",
  pl: "Polish",
  tr: "Turkish",
  ua: "Ukrainian",
};

/** Checks a provider's reply: one non-empty string per text, else a malformed-reply error. */
export function checkTranslations(provider: string, expected: number, reply: unknown): string[] {
  const isText = (text: unknown): text is string => typeof text === "string" && text.trim() !== "";
  if (!Array.isArray(reply) || reply.length !== expected || !reply.every(isText)) {
    throw new Error(`Malformed reply from ${provider}: expected ${expected} translated texts`);
  }
  return reply;
}
