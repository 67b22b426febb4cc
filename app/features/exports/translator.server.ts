import type { TFunction } from "~/i18n/translator";
import { isLanguage, type Language } from "~/domain/languages";
import { serverTranslator } from "~/i18n/resources.server";

/** A translator for server-made files (CSV headers, PDF text) in the reader's language. */
export function fileTranslator<Name extends "premium" | "app">(language: Language, namespace: Name): TFunction<Name> {
  const lng = isLanguage(language) ? language : "en";
  return serverTranslator(lng).getFixedT(lng, namespace);
}
