import MenuIcon from "lucide-react/icons/menu";
import XIcon from "lucide-react/icons/x";
import { useTranslation } from "~/i18n/react";
import { NavLink } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useDetailsMenu } from "~/components/ui/use-details-menu";
import { cn } from "~/lib/cn";
import { HeaderAuth } from "./header-auth";
import { LanguageList } from "./language-switcher";
import type { SiteLink } from "./site-links";

interface MobileMenuProps {
  className?: string;
  links: SiteLink[];
}

/**
 * Under 768 px: a menu button that opens a panel under the header with the page links, the languages and sign-in.
 * A native disclosure of links (like the FAQ), so it opens and its links work before the page's scripts arrive; with
 * them a link navigates in place and closes it, as do Escape and a press outside.
 */
export function MobileMenu({ className, links }: MobileMenuProps) {
  const { t } = useTranslation();
  const { ref: menuRef, close: closeMenu } = useDetailsMenu();

  return (
    <details ref={menuRef} className={cn("group", className)} data-mobile-menu="">
      <summary
        className={cn(
          buttonVariants({ variant: "ghost", size: "icon" }),
          "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
        )}
      >
        <MenuIcon aria-hidden="true" className="size-5! group-open:hidden" />
        <XIcon aria-hidden="true" className="hidden size-5! group-open:block" />
        <span className="sr-only group-open:hidden">{t("actions.openMenu")}</span>
        <span className="sr-only hidden group-open:block">{t("actions.closeMenu")}</span>
      </summary>
      <div
        role="group"
        aria-label={t("nav.menu")}
        className="absolute inset-x-0 top-full flex max-h-[calc(100dvh-4rem)] flex-col gap-6 overflow-y-auto border-b bg-background px-4 py-5 shadow-lg"
      >
        <nav aria-label={t("nav.main")}>
          <ul className="flex flex-col gap-1">
            {links.map((link) => (
              <li key={link.label}>
                <NavLink
                  to={link.to}
                  onClick={closeMenu}
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
          <LanguageList onChosen={closeMenu} />
        </div>
        <div className="border-t pt-4">
          <HeaderAuth layout="stack" onNavigate={closeMenu} />
        </div>
      </div>
    </details>
  );
}
