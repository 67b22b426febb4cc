import { useCallback } from "react";
import { useTranslation } from "~/i18n/react";
import { isLanguage, toBcp47, type Language } from "~/domain/languages";
import { cookies, writeBrowserCookie } from "~/lib/cookies";
import { languageStorageKey } from "./i18n";

/** Changes the interface language everywhere at once, and remembers it in local storage and a cookie. */
export function useChangeLanguage() {
  const { i18n } = useTranslation();
  return useCallback(
    async (language: Language) => {
      if (!isLanguage(language)) return;
      await i18n.changeLanguage(language);
      document.documentElement.lang = toBcp47(language);
      try {
        localStorage.setItem(languageStorageKey, language);
      } catch {
        // storage can be blocked; the cookie still carries the choice
      }
      writeBrowserCookie(cookies.language, language);
    },
    [i18n],
  );
}
