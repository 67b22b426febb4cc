import { useRef, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { NavLink } from "react-router";
import { Sheet, SheetContent, SheetTitle } from "~/components/ui/sheet";
import { cn } from "~/lib/cn";
import { BrandLogo } from "./brand-logo";
import { HeaderAuth } from "./header-auth";
import { LanguageList } from "./language-switcher";
import type { SiteLink } from "./site-links";

interface MobileMenuSheetProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  links: SiteLink[];
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

export default function MobileMenuSheet({ open, onOpenChange, links, returnFocusTo }: MobileMenuSheetProps) {
  const { t } = useTranslation();
  const close = () => onOpenChange(false);
  const contentRef = useRef<HTMLDivElement>(null);
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        closeLabel={t("actions.closeMenu")}
        aria-describedby={undefined}
        className="gap-6 starting:translate-x-full"
        ref={contentRef}
        onOpenAutoFocus={(event) => {
          // Radix skips links when it picks what to focus; the first page link is the natural start.
          event.preventDefault();
          contentRef.current?.querySelector<HTMLAnchorElement>("nav a")?.focus();
        }}
        onCloseAutoFocus={(event) => {
          // Our trigger is not a Radix Trigger, so hand focus back to it ourselves.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <div className="flex items-center pr-10">
          <BrandLogo className="text-lg" />
          <SheetTitle className="sr-only">{t("nav.menu")}</SheetTitle>
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
          <p aria-hidden="true" className="mb-2.5 px-1 text-xs font-semibold uppercase tracking-wide text-muted-foreground">
            {t("language.label")}
          </p>
          <LanguageList />
        </div>
        <div className="mt-auto border-t pt-4">
          <HeaderAuth layout="stack" onNavigate={close} />
        </div>
      </SheetContent>
    </Sheet>
  );
}
