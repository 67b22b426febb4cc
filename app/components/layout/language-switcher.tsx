import CheckIcon from "lucide-react/icons/check";
import ChevronDownIcon from "lucide-react/icons/chevron-down";
import GlobeIcon from "lucide-react/icons/globe";
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "~/i18n/react";
import { useLocation, useNavigate } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { languageNames, languages, switchBlogPathLanguage, toBcp47, type Language } from "~/domain/languages";
import { useLanguage } from "~/i18n/use-language";
import { useChangeLanguage } from "~/i18n/use-change-language";
import { cn } from "~/lib/cn";

interface LanguageSwitcherProps {
  className?: string;
  /** Which edge of the button the list lines up with. */
  align?: "start" | "end";
}

/**
 * A menu button listing the eight languages by their own names (WAI-ARIA menu button pattern).
 * Hand-written rather than Radix DropdownMenu: it sits on every public page, and the popper
 * machinery would cost more JavaScript than the whole home page may spend.
 */
/** Switches the interface language; on a blog page also moves to the same page under the new prefix. */
function useChooseLanguage() {
  const current = useLanguage();
  const changeLanguage = useChangeLanguage();
  const location = useLocation();
  const navigate = useNavigate();
  return async (language: Language) => {
    if (language === current) return;
    await changeLanguage(language);
    // On a blog page the language lives in the path: keep the article, swap the prefix.
    const blogPath = switchBlogPathLanguage(location.pathname, language);
    if (blogPath && blogPath !== location.pathname) await navigate(blogPath + location.search + location.hash);
  };
}

/** The eight languages as a grid of buttons, for the mobile menu where a pop-up list would be cramped. */
export function LanguageList({ className }: { className?: string }) {
  const { t } = useTranslation();
  const current = useLanguage();
  const choose = useChooseLanguage();
  return (
    <div role="group" aria-label={t("language.choose")} className={className}>
      <ul className="grid grid-cols-2 gap-1.5">
        {languages.map((language) => {
          const selected = language === current;
          return (
            <li key={language}>
              <button
                type="button"
                aria-pressed={selected}
                lang={toBcp47(language)}
                onClick={() => void choose(language)}
                className={cn(
                  "flex w-full items-center justify-between gap-2 rounded-lg border px-3 py-2 text-left text-sm transition-colors hover:bg-secondary",
                  selected
                    ? "border-primary/50 bg-secondary font-medium text-secondary-foreground"
                    : "border-border bg-card",
                )}
              >
                {languageNames[language]}
                {selected && <CheckIcon aria-hidden="true" className="size-4 text-primary" />}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

export function LanguageSwitcher({ className, align = "end" }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const current = useLanguage();
  const chooseLanguage = useChooseLanguage();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const wrapperRef = useRef<HTMLDivElement>(null);

  const items = () => [...(menuRef.current?.querySelectorAll<HTMLButtonElement>("[role=menuitemradio]") ?? [])];

  function openMenu(focus: "current" | "first" | "last" = "current") {
    setOpen(true);
    requestAnimationFrame(() => {
      const all = items();
      const target =
        focus === "first"
          ? all[0]
          : focus === "last"
            ? all.at(-1)
            : (all.find((item) => item.getAttribute("aria-checked") === "true") ?? all[0]);
      target?.focus();
    });
  }

  function closeMenu(returnFocus: boolean) {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!(event.target instanceof Node && wrapperRef.current?.contains(event.target))) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  async function choose(language: Language) {
    closeMenu(true);
    await chooseLanguage(language);
  }

  function onButtonKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openMenu("first");
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openMenu("last");
    }
  }

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const all = items();
    const index = all.findIndex((item) => item === document.activeElement);
    const focusAt = (next: number) => all[(next + all.length) % all.length]?.focus();
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        focusAt(index + 1);
        break;
      case "ArrowUp":
        event.preventDefault();
        focusAt(index - 1);
        break;
      case "Home":
        event.preventDefault();
        focusAt(0);
        break;
      case "End":
        event.preventDefault();
        focusAt(all.length - 1);
        break;
      case "Escape":
        event.preventDefault();
        event.stopPropagation(); // inside the mobile menu, Escape closes this list, not the whole menu
        closeMenu(true);
        break;
      case "Tab":
        setOpen(false);
        break;
      default: {
        // Type-ahead: jump to the next language starting with the typed letter.
        if (event.key.length !== 1) return;
        const letter = event.key.toLocaleLowerCase();
        const start = index + 1;
        for (let step = 0; step < all.length; step++) {
          const item = all[(start + step) % all.length];
          if (item?.textContent?.trim().toLocaleLowerCase().startsWith(letter)) {
            item.focus();
            break;
          }
        }
      }
    }
  }

  return (
    <div ref={wrapperRef} className={cn("relative", className)}>
      <button
        ref={buttonRef}
        type="button"
        id={`${menuId}-button`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? closeMenu(false) : openMenu())}
        onKeyDown={onButtonKeyDown}
        className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "gap-1.5 px-2.5 font-normal")}
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
          className={cn("text-muted-foreground transition-transform", open && "rotate-180")}
        />
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-labelledby={`${menuId}-button`}
          onKeyDown={onMenuKeyDown}
          className={cn(
            "absolute top-full z-50 mt-1.5 min-w-44 rounded-lg border bg-popover p-1 text-popover-foreground shadow-lg",
            align === "end" ? "right-0" : "left-0",
          )}
        >
          {languages.map((language) => {
            const selected = language === current;
            return (
              <li key={language} role="none">
                <button
                  type="button"
                  role="menuitemradio"
                  aria-checked={selected}
                  tabIndex={-1}
                  lang={toBcp47(language)}
                  onClick={() => void choose(language)}
                  className="flex w-full items-center gap-2 rounded-md py-2 pl-2 pr-3 text-left text-sm outline-none hover:bg-secondary focus-visible:bg-secondary focus-visible:outline-none"
                >
                  <span className="flex size-4 items-center justify-center">
                    {selected && <CheckIcon aria-hidden="true" className="size-4 text-primary" />}
                  </span>
                  {languageNames[language]}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
