import type { TFunction } from "~/i18n/translator";
import { isLanguage, type Language } from "~/domain/languages";
import { createI18n } from "~/i18n/i18n";
import { allResources } from "~/i18n/resources.server";

/** A translator for server-made files (CSV headers, PDF text) in the reader's language. */
export function fileTranslator(language: Language, namespace: "premium" | "app"): TFunction {
  const lng = isLanguage(language) ? language : "en";
  const i18n = createI18n({ language: lng, resources: allResources });
  return i18n.getFixedT(lng, namespace);
}
