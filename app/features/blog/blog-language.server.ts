import type { Logger } from "pino";
import { data, redirect } from "react-router";
import { isLanguage, type Language } from "~/domain/languages";

/**
 * The blog's language from the path: no prefix is English, `/en/blog…` moves to the unprefixed
 * path for good, and an unknown prefix is a 404 (logged like any unknown path).
 */
export function resolveBlogLanguage(request: Request, lang: string | undefined, log?: Logger): Language {
  if (lang === undefined) return "en";
  const url = new URL(request.url);
  if (lang === "en") throw redirect(url.pathname.replace(/^\/en(?=\/blog)/, "") + url.search, 301);
  if (isLanguage(lang)) return lang;
  log?.warn({ path: url.pathname }, "404: no page at this path");
  throw data(null, { status: 404 });
}
