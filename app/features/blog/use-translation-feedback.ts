import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { toast } from "~/components/ui/sonner";
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
      if (result.cached) toast(t("translation.found"), { description: t("translation.foundDescription", { language }) });
      else toast.success(t("translation.complete"), { description: t("translation.completeDescription", { language }) });
    },
    [t, i18n],
  );
}
