import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LanguageSwitcher } from "./language-switcher";

export function SiteHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="text-xl font-bold tracking-tight text-primary">
          {t("brand")}
        </Link>
        <LanguageSwitcher />
      </div>
    </header>
  );
}
