import { useTranslation } from "~/i18n/react";
import { defaultLanguage, isLanguage, type Language } from "~/domain/languages";

/** The interface language right now; follows the language switcher without a reload. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : defaultLanguage;
}
