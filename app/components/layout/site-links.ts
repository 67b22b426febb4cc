import { useTranslation } from "~/i18n/react";
import { blogPath } from "~/domain/languages";
import { useLanguage } from "~/i18n/use-language";

export interface SiteLink {
  to: string;
  label: string;
}

/** The header's page links, in the spec's order; the mobile menu shows the same list. */
export function useHeaderLinks(): SiteLink[] {
  const { t } = useTranslation();
  const language = useLanguage();
  return [
    { to: "/features", label: t("nav.features") },
    { to: "/pricing", label: t("nav.pricing") },
    { to: "/faq", label: t("nav.faq") },
    { to: "/about", label: t("nav.about") },
    { to: blogPath(language), label: t("nav.blog") },
    { to: "/privacy", label: t("nav.privacy") },
  ];
}
