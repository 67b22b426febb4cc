import { GlobeIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { isLanguage, languageNames, languages, switchBlogPathLanguage, type Language } from "~/domain/languages";
import { useChangeLanguage } from "~/i18n/use-change-language";

export function LanguageSwitcher({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const changeLanguage = useChangeLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  const current = (isLanguage(i18n.language) ? i18n.language : "en") as Language;

  async function choose(value: string) {
    if (!isLanguage(value)) return;
    await changeLanguage(value);
    const blogPath = switchBlogPathLanguage(location.pathname, value);
    if (blogPath && blogPath !== location.pathname) navigate(blogPath + location.search);
  }

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" className={className} aria-label={t("language.choose")}>
          <GlobeIcon aria-hidden="true" />
          <span>{languageNames[current]}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{t("language.label")}</DropdownMenuLabel>
        <DropdownMenuRadioGroup value={current} onValueChange={(value) => void choose(value)}>
          {languages.map((language) => (
            <DropdownMenuRadioItem key={language} value={language} lang={language === "ua" ? "uk" : language}>
              {languageNames[language]}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
