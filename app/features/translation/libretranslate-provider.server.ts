import { toBcp47 } from "~/domain/languages";
import { checkTranslations, type TranslateTextsRequest, type TranslationProvider } from "./provider";
import { fieldOf } from "~/lib/field-of";

export interface LibreTranslateProviderOptions {
  url: string;
  apiKey?: string;
  timeoutMs?: number;
}

/** LibreTranslate's POST /translate (a self-hosted server or libretranslate.com). */
export function createLibreTranslateProvider({
  url,
  apiKey,
  timeoutMs = 60_000,
}: LibreTranslateProviderOptions): TranslationProvider {
  const endpoint = new URL("translate", url.endsWith("/") ? url : `${url}/`).toString();
  return {
    name: "libretranslate",
    async translate({ texts, source, target }: TranslateTextsRequest) {
      if (texts.length === 0) return [];
      const response = await fetch(endpoint, {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({
          q: texts,
          source: toBcp47(source),
          target: toBcp47(target),
          format: "text",
          ...(apiKey ? { api_key: apiKey } : {}),
        }),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const body = await response.text();
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        parsed = undefined;
      }
      if (!response.ok) {
        const error = fieldOf(parsed, "error");
        const detail = typeof error === "string" ? error : body.slice(0, 200);
        // Status and reason first, so "429 Too Many Requests" reaches the error catalogue.
        throw new Error(`LibreTranslate ${response.status} ${response.statusText}${detail ? `: ${detail}` : ""}`);
      }
      const translated = fieldOf(parsed, "translatedText");
      return checkTranslations("LibreTranslate", texts.length, Array.isArray(translated) ? translated : undefined);
    },
  };
}
