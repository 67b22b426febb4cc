import CheckIcon from "lucide-react/icons/check";
import ChevronDownIcon from "lucide-react/icons/chevron-down";
import GlobeIcon from "lucide-react/icons/globe";
import type { MouseEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { useLocation, useNavigate } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { useDetailsMenu } from "~/components/ui/use-details-menu";
import {
  languageNames,
  languages,
  languageSwitchPath,
  switchBlogPathLanguage,
  toBcp47,
  type Language,
} from "~/domain/languages";
import { useLanguage } from "~/i18n/use-language";
import { useChangeLanguage } from "~/i18n/use-change-language";
import { cn } from "~/lib/cn";

interface LanguageSwitcherProps {
  className?: string;
  /** Which edge of the button the list lines up with. */
  align?: "start" | "end";
}

/**
 * A link per language. Before (or without) the page's scripts it goes through `/language/<lang>`, which sets the
 * cookie and comes back; with them the click switches in place (and on a blog page moves to the same article under
 * the new prefix). A click with a modifier key keeps the browser's own meaning (a new tab).
 */
function useLanguageLinks(onChosen?: () => void) {
  const current = useLanguage();
  const changeLanguage = useChangeLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  return (language: Language) => ({
    href: languageSwitchPath(language, location),
    hrefLang: toBcp47(language),
    lang: toBcp47(language),
    "aria-current": language === current ? ("true" as const) : undefined,
    onClick: (event: MouseEvent<HTMLAnchorElement>) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      onChosen?.();
      if (language === current) return;
      void (async () => {
        await changeLanguage(language);
        const blogPath = switchBlogPathLanguage(location.pathname, language);
        if (blogPath && blogPath !== location.pathname) await navigate(blogPath + location.search + location.hash);
      })();
    },
  });
}

/** The eight languages as a grid of links, for the mobile menu where a pop-up list would be cramped. */
export function LanguageList({ className, onChosen }: { className?: string; onChosen?: () => void }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const linkTo = useLanguageLinks(onChosen);
  return (
    <ul aria-label={t("language.choose")} className={cn("grid grid-cols-2 gap-1.5", className)}>
      {languages.map((language) => {
        const selected = language === current;
        return (
          <li key={language}>
            <a
              {...linkTo(language)}
              className={cn(
                "flex w-full items-center justify-between gap-2 rounded-lg border px-3 py-2 text-left text-sm transition-colors hover:bg-secondary",
                selected
                  ? "border-primary/50 bg-secondary font-medium text-secondary-foreground"
                  : "border-border bg-card",
              )}
            >
              {languageNames[language]}
              {selected && <CheckIcon aria-hidden="true" className="size-4 text-primary" />}
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The header's language menu: a native disclosure of links (like the FAQ's answers), so it opens and switches before
 * the page's scripts arrive; they only add closing on a click outside or Escape, and switching in place. Hand-written
 * rather than Radix DropdownMenu: it sits on every public page, and the popper machinery would cost more JavaScript
 * than the whole home page may spend.
 */
export function LanguageSwitcher({ className, align = "end" }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const current = useLanguage();
  const { ref: menuRef, close: closeMenu } = useDetailsMenu();
  const linkTo = useLanguageLinks(closeMenu);

  return (
    <details ref={menuRef} className={cn("group relative", className)} data-language-menu="">
      <summary
        className={cn(
          buttonVariants({ variant: "ghost", size: "sm" }),
          "cursor-pointer list-none gap-1.5 px-2.5 font-normal [&::-webkit-details-marker]:hidden",
        )}
      >
        <GlobeIcon aria-hidden="true" className="text-muted-foreground" />
        <span className="sr-only">{t("language.label")}: </span>
        {/* In the one-row header (from 1280 px) the button shows the short code to leave room for the links. */}
        <span lang={toBcp47(current)} className="xl:sr-only">
          {languageNames[current]}
        </span>
        <span aria-hidden="true" className="hidden text-xs font-semibold tracking-wide xl:inline">
          {current.toUpperCase()}
        </span>
        <ChevronDownIcon
          aria-hidden="true"
          className="text-muted-foreground transition-transform group-open:rotate-180"
        />
      </summary>
      <ul
        aria-label={t("language.choose")}
        className={cn(
          "absolute top-full z-50 mt-1.5 min-w-44 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg",
          align === "end" ? "right-0" : "left-0",
        )}
      >
        {languages.map((language) => (
          <li key={language}>
            <a
              {...linkTo(language)}
              className="flex w-full items-center gap-2 rounded-md py-2 pl-2 pr-3 text-left text-sm outline-none hover:bg-secondary focus-visible:bg-secondary focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span className="flex size-4 items-center justify-center">
                {language === current && <CheckIcon aria-hidden="true" className="size-4 text-primary" />}
              </span>
              {languageNames[language]}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
