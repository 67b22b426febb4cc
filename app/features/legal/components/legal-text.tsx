import { Link } from "react-router";
import { parseInlineMarkup } from "../inline-markup";

const linkClass =
  "font-medium text-primary underline decoration-primary/40 underline-offset-4 hover:decoration-primary";

/** One paragraph or list item of a legal text, with its links and emphasis. */
export function LegalText({ text }: { text: string }) {
  return (
    <>
      {parseInlineMarkup(text).map((token, index) => {
        if (token.type === "strong") {
          return (
            <strong key={index} className="font-semibold text-foreground">
              {token.text}
            </strong>
          );
        }
        if (token.type === "link") {
          if (token.href.startsWith("/")) {
            return (
              <Link key={index} to={token.href} className={linkClass}>
                {token.text}
              </Link>
            );
          }
          const external = token.href.startsWith("http");
          return (
            <a
              key={index}
              href={token.href}
              className={linkClass}
              {...(external ? { rel: "noopener noreferrer" } : {})}
            >
              {token.text}
            </a>
          );
        }
        return token.text;
      })}
    </>
  );
}
