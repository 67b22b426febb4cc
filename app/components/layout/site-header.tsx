import { useTranslation } from "~/i18n/react";
import { Link, NavLink } from "react-router";
import { Button } from "~/components/ui/button";
import { useOptionalUser } from "~/features/auth/use-user";
import { AppLink } from "~/features/marketing/components/app-link";
import { cn } from "~/lib/cn";
import { BrandLogo } from "./brand-logo";
import { HeaderAuth } from "./header-auth";
import { LanguageSwitcher } from "./language-switcher";
import { MobileMenu } from "./mobile-menu";
import { useHeaderLinks } from "./site-links";

/**
 * Under 768 px: logo, Start free and the menu button, always on one row. From 768 px the links show in the header; until
 * 1280 px they take a second row, because in French, German or Ukrainian they would not fit beside the buttons.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const links = useHeaderLinks();
  const user = useOptionalUser();
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur-md">
      <div className="mx-auto flex max-w-6xl items-center gap-x-3 px-4 sm:px-6 md:flex-wrap">
        <Link to="/" aria-label={t("nav.home")} className="-m-1 my-3 shrink-0 rounded-md p-1">
          <BrandLogo />
        </Link>
        <nav aria-label={t("nav.main")} className="order-last hidden w-full md:block xl:order-none xl:ml-6 xl:w-auto">
          <ul className="-mx-2 flex items-center gap-0.5 overflow-x-auto pb-2 xl:pb-0">
            {links.map((link) => (
              <li key={link.label} className="shrink-0">
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      "block whitespace-nowrap rounded-md px-2.5 py-2 text-sm xl:px-2 font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground",
                      isActive && "text-foreground",
                    )
                  }
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto hidden h-16 items-center gap-1 md:flex">
          <LanguageSwitcher />
          <HeaderAuth layout="row" />
        </div>
        <div className="ml-auto flex h-16 min-w-0 items-center gap-1 md:hidden">
          {!user && (
            // A long label ("Почати безкоштовно") takes two lines in the button rather than a second header row.
            <Button asChild size="sm" className="h-auto min-h-9 whitespace-normal py-1.5 text-center leading-tight">
              <AppLink to="/signup">{t("nav.startFree")}</AppLink>
            </Button>
          )}
          <MobileMenu links={links} />
        </div>
      </div>
    </header>
  );
}
