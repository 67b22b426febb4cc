import { useState, type HTMLAttributes } from "react";
import { useLanguage } from "~/i18n/use-language";

/**
 * Kept as the server rendered it while the page hydrates: React adopts the element and never renders what is inside,
 * so hydrating it costs nothing. Read once: React leaves inner HTML that comes from dangerouslySetInnerHTML alone
 * while hydrating, and an unchanged value is never written again.
 */
function AdoptedWhileHydrating({ children, ...props }: HTMLAttributes<HTMLDivElement>) {
  // The root marks the document once it has hydrated (app/root.tsx): anything mounted later renders as usual.
  const [adopted] = useState(
    () => typeof document !== "undefined" && document.documentElement.dataset.hydrated !== "true",
  );
  if (adopted) return <div {...props} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: "" }} />;
  return <div {...props}>{children}</div>;
}

/**
 * Content that is the same for every visitor and needs no JavaScript (a picture drawn in HTML, figures formatted once):
 * the browser keeps the server's markup instead of rendering it again while hydrating. The first `Intl` formatter a
 * page creates costs Chrome 20–40 ms, which is most of what hydrating the home page costs (decision 0014). Nothing
 * inside may need React (no handlers, state or effects). Rendered again, in full, when the language changes.
 */
export function ServerMarkup(props: HTMLAttributes<HTMLDivElement>) {
  const language = useLanguage();
  return <AdoptedWhileHydrating key={language} {...props} />;
}
