import OpenAI, { APIError } from "openai";
import type { Language } from "~/domain/languages";
import { englishLanguageNames, type TranslateTextsRequest, type TranslationProvider } from "./provider";
import { fieldOf } from "~/lib/field-of";

export interface OpenAIProviderOptions {
  apiKey?: string;
  /** Any OpenAI-compatible chat-completions server (a local model server works too). */
  baseURL?: string;
  model: string;
  timeoutMs?: number;
}

function systemPrompt(source: Language, target: Language, paragraphs: number): string {
  const layout =
    paragraphs > 1
      ? `The text has ${paragraphs} paragraphs separated by blank lines. Reply with exactly ${paragraphs} paragraphs, in the same order, separated by blank lines; never merge or split paragraphs.`
      : "The text is a single paragraph; reply with a single paragraph.";
  return [
    `You are a professional translator for a personal-finance blog. Translate the user's text from ${englishLanguageNames[source]} into ${englishLanguageNames[target]} (target language code: ${target}).`,
    layout,
    "Keep the meaning, tone, numbers and currency amounts. Reply with the translation only: no notes, no quotes, no headings.",
  ].join(" ");
}

/** Quota errors arrive as 429 too; make sure the catalogue sees the word "quota". */
function explain(error: unknown): unknown {
  if (
    error instanceof APIError &&
    (error.code === "insufficient_quota" || error.type === "insufficient_quota") &&
    !/quota/i.test(error.message)
  ) {
    return new Error(`${error.message} (insufficient_quota)`);
  }
  return error;
}

/** OpenAI's chat completions through the official SDK, or any server that speaks the same API. */
export function createOpenAIProvider({
  apiKey,
  baseURL,
  model,
  timeoutMs = 60_000,
}: OpenAIProviderOptions): TranslationProvider {
  // Local servers often need no key; the SDK insists on one.
  const client = new OpenAI({ apiKey: apiKey || "not-needed", baseURL, maxRetries: 0, timeout: timeoutMs });

  async function complete(text: string, source: Language, target: Language, paragraphs: number): Promise<string> {
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await client.chat.completions.create({
        model,
        temperature: 0.2,
        messages: [
          { role: "system", content: systemPrompt(source, target, paragraphs) },
          { role: "user", content: text },
        ],
      });
    } catch (error) {
      throw explain(error);
    }
    const choices = fieldOf(completion, "choices");
    const content = fieldOf(fieldOf(Array.isArray(choices) ? choices[0] : undefined, "message"), "content");
    if (typeof content !== "string" || !content.trim()) {
      throw new Error("Malformed reply from the OpenAI-compatible service: no message content");
    }
    return content.trim();
  }

  return {
    name: "openai",
    async translate({ texts, source, target }: TranslateTextsRequest) {
      if (texts.length === 0) return [];
      if (texts.length > 1) {
        // One request for the whole article keeps context; its paragraphs must come back one for one.
        const reply = await complete(texts.join("\n\n"), source, target, texts.length);
        const paragraphs = reply
          .split(/\r?\n\s*\n/)
          .map((part) => part.trim())
          .filter(Boolean);
        if (paragraphs.length === texts.length) return paragraphs;
      }
      // The model merged or split paragraphs (or there is only one text): translate one by one.
      const translated: string[] = [];
      for (const text of texts) translated.push(await complete(text, source, target, 1));
      return translated;
    },
  };
}
