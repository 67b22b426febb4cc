import { useTranslation } from "react-i18next";
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

export function SiteHeader() {
  const { t } = useTranslation();
  const links = useHeaderLinks();
  const user = useOptionalUser();
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Link to="/" aria-label={t("nav.home")} className="-m-1 rounded-md p-1">
          <BrandLogo />
        </Link>
        <nav aria-label={t("nav.main")} className="ml-4 hidden md:block lg:ml-8">
          <ul className="flex items-center gap-0.5">
            {links.map((link) => (
              <li key={link.label}>
                <NavLink
                  to={link.to}
                  className={({ isActive }) =>
                    cn(
                      "rounded-md px-2 py-2 text-sm font-medium text-muted-foreground transition-colors hover:bg-secondary hover:text-foreground lg:px-3",
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
        <div className="ml-auto hidden items-center gap-1 md:flex">
          <LanguageSwitcher compact />
          <HeaderAuth layout="row" />
        </div>
        <div className="ml-auto flex items-center gap-1 md:hidden">
          {!user && (
            <Button asChild size="sm">
              <AppLink to="/signup">{t("nav.startFree")}</AppLink>
            </Button>
          )}
          <MobileMenu links={links} />
        </div>
      </div>
    </header>
  );
}
