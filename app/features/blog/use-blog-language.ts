import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import type { Language } from "~/domain/languages";
import { useChangeLanguage } from "~/i18n/use-change-language";

/**
 * A blog path names its language; when a link (not the switcher) leads to another language's
 * path, the interface follows, as it does on a full page load. Runs only when the path's language
 * changes, so it never fights the switcher while it navigates.
 */
export function useFollowBlogLanguage(language: Language): void {
  const { i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  useEffect(() => {
    if (i18n.language !== language) void changeLanguage(language);
  }, [language, i18n, changeLanguage]);
}
