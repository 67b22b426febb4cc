import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { NavLink, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { BrandLogo } from "./brand-logo";
import { HeaderAuth } from "./header-auth";
import MenuIcon from "lucide-react/icons/menu";
import { LanguageList } from "./language-switcher";
import type { SiteLink } from "./site-links";

// The sheet (Radix Dialog) loads on first use, so pages do not pay for it up front.
const loadSheet = () => import("./mobile-menu-sheet");
const MobileMenuSheet = lazy(loadSheet);

interface MobileMenuProps {
  className?: string;
  links: SiteLink[];
}

/** Under 768 px: a button that slides in a menu with the page links, the language switcher and sign-in. */
export function MobileMenu({ className, links }: MobileMenuProps) {
  const { t } = useTranslation();
  const [used, setUsed] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Remember on which page the menu opened: once a link moves us elsewhere, it counts as closed.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const open = openedOn === pathname;
  const setOpen = (next: boolean) => setOpenedOn(next ? pathname : null);
  const close = () => setOpen(false);

  return (
    <div className={className}>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadSheet()}
        onFocus={() => void loadSheet()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <MenuIcon className="size-5!" />
        <span className="sr-only">{t("actions.openMenu")}</span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuSheet
            open={open}
            onOpenChange={setOpen}
            title={t("nav.menu")}
            closeLabel={t("actions.closeMenu")}
            returnFocusTo={triggerRef}
          >
            <div className="flex items-center pr-10">
              <BrandLogo className="text-lg" />
            </div>
            <nav aria-label={t("nav.main")}>
              <ul className="flex flex-col gap-1">
                {links.map((link) => (
                  <li key={link.label}>
                    <NavLink
                      to={link.to}
                      onClick={close}
                      className={({ isActive }) =>
                        cn(
                          "flex items-center rounded-lg px-3 py-2.5 text-base font-medium text-foreground hover:bg-secondary",
                          isActive && "bg-secondary text-secondary-foreground",
                        )
                      }
                    >
                      {link.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
            <div className="border-t pt-4">
              <p
                aria-hidden="true"
                className="mb-2.5 px-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground"
              >
                {t("language.label")}
              </p>
              <LanguageList />
            </div>
            <div className="mt-auto border-t pt-4">
              <HeaderAuth layout="stack" onNavigate={close} />
            </div>
          </MobileMenuSheet>
        </Suspense>
      )}
    </div>
  );
}
