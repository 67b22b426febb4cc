import { useCallback } from "react";
import { showToast } from "~/components/ui/toast";
import { useTranslation } from "~/i18n/react";
import { isLanguage, type Language } from "~/domain/languages";
import type { TranslationResult } from "./blog-article";
import { languageDisplayName } from "./blog-format";

/** The spec's toasts for a finished translation: "Translation found!" (cached) or "Translation complete!". */
export function useTranslationToast() {
  const { t, i18n } = useTranslation("blog");
  return useCallback(
    (result: TranslationResult, target: Language) => {
      if (!result.article) return;
      const language = languageDisplayName(target, isLanguage(i18n.language) ? i18n.language : "en");
      if (result.cached)
        showToast({ title: t("translation.found"), description: t("translation.foundDescription", { language }) });
      else
        showToast({
          title: t("translation.complete"),
          description: t("translation.completeDescription", { language }),
          variant: "success",
        });
    },
    [t, i18n],
  );
}
