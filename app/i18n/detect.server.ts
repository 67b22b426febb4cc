import { blogPathLanguage, defaultLanguage, isLanguage, negotiateLanguage, type Language } from "~/domain/languages";
import { cookies } from "~/lib/cookies";

export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) {
      try {
        return decodeURIComponent(value.join("="));
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

/**
 * The page language, in the architecture's order: the /:lang/blog prefix, the `lang` cookie,
 * the signed-in user's saved preference, Accept-Language, English. Unknown values are ignored.
 */
export function detectLanguage(request: Request, savedPreference?: string | null): Language {
  return detectLanguageOf(
    {
      pathname: new URL(request.url).pathname,
      languageCookie: readCookie(request, cookies.language.name),
      acceptLanguage: request.headers.get("accept-language"),
    },
    savedPreference,
  );
}

/** The same choice from the parts of a request that decide it (the server's page cache keys pages by it). */
export function detectLanguageOf(
  {
    pathname,
    languageCookie,
    acceptLanguage,
  }: { pathname: string; languageCookie: string | undefined; acceptLanguage: string | null | undefined },
  savedPreference?: string | null,
): Language {
  const fromPath = blogPathLanguage(pathname);
  if (fromPath) return fromPath;
  if (isLanguage(languageCookie)) return languageCookie;
  if (isLanguage(savedPreference)) return savedPreference;
  return negotiateLanguage(acceptLanguage) ?? defaultLanguage;
}
