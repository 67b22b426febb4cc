import { MenuIcon } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { Button } from "~/components/ui/button";
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
        <MenuIcon aria-hidden="true" className="size-5!" />
        <span className="sr-only">{t("actions.openMenu")}</span>
      </Button>
      {used && (
        <Suspense fallback={null}>
          <MobileMenuSheet open={open} onOpenChange={setOpen} links={links} returnFocusTo={triggerRef} />
        </Suspense>
      )}
    </div>
  );
}
