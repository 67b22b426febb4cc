import { useCallback, useEffect, useRef } from "react";
import { useLocation } from "react-router";

/**
 * A <details> used as a menu: it opens and its links work before the page's scripts arrive (a click right after the
 * first paint does something); once they run, a press outside, Escape (focus back on the summary) or a navigation
 * closes it.
 */
export function useDetailsMenu() {
  const ref = useRef<HTMLDetailsElement>(null);
  const { key } = useLocation();

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      const details = ref.current;
      if (details?.open && !(event.target instanceof Node && details.contains(event.target))) details.open = false;
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const details = ref.current;
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [key]);

  /** Closes the menu; focus that was inside it goes back to the summary rather than to the page's start. */
  const close = useCallback(() => {
    const details = ref.current;
    if (!details) return;
    const hadFocus = details.contains(document.activeElement);
    details.open = false;
    if (hadFocus) details.querySelector("summary")?.focus();
  }, []);
  return { ref, close };
}
