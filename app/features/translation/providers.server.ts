import { getConfig, type Config } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { createDeeplProvider } from "./deepl-provider.server";
import { createLibreTranslateProvider } from "./libretranslate-provider.server";
import { createOpenAIProvider } from "./openai-provider.server";
import type { TranslationProvider } from "./provider";

type ProviderConfig = Pick<
  Config,
  | "TRANSLATION_PROVIDER"
  | "DEEPL_API_KEY"
  | "DEEPL_SERVER_URL"
  | "OPENAI_API_KEY"
  | "OPENAI_BASE_URL"
  | "OPENAI_MODEL"
  | "LIBRETRANSLATE_URL"
  | "LIBRETRANSLATE_API_KEY"
>;

/** The provider the configuration names, or null when none is usable (translation then reports "not configured"). */
export function createTranslationProvider(config: ProviderConfig): TranslationProvider | null {
  switch (config.TRANSLATION_PROVIDER) {
    case "deepl":
      if (!config.DEEPL_API_KEY) return missing("deepl", "DEEPL_API_KEY");
      return createDeeplProvider({ authKey: config.DEEPL_API_KEY, serverUrl: config.DEEPL_SERVER_URL });
    case "openai":
      if (!config.OPENAI_API_KEY && !config.OPENAI_BASE_URL)
        return missing("openai", "OPENAI_API_KEY or OPENAI_BASE_URL");
      return createOpenAIProvider({
        apiKey: config.OPENAI_API_KEY,
        baseURL: config.OPENAI_BASE_URL,
        model: config.OPENAI_MODEL,
      });
    case "libretranslate":
      if (!config.LIBRETRANSLATE_URL) return missing("libretranslate", "LIBRETRANSLATE_URL");
      return createLibreTranslateProvider({ url: config.LIBRETRANSLATE_URL, apiKey: config.LIBRETRANSLATE_API_KEY });
    default:
      return null;
  }
}

function missing(provider: string, variable: string): null {
  logger.warn({ provider }, `translation provider ${provider} needs ${variable}; translation is off`);
  return null;
}

let override: TranslationProvider | null | undefined;
let fromConfig: { provider: TranslationProvider | null } | undefined;

/** The configured provider (created once), or null. */
export function getTranslationProvider(): TranslationProvider | null {
  if (override !== undefined) return override;
  fromConfig ??= { provider: createTranslationProvider(getConfig()) };
  return fromConfig.provider;
}

/** Tests point the use cases at a provider talking to a local fake server; undefined restores the configured one. */
export function setTranslationProviderForTests(provider: TranslationProvider | null | undefined): void {
  override = provider;
}
