import { isLanguage, type Language } from "~/domain/languages";
import { detectLanguage } from "~/i18n/detect.server";
import { oncePerRequestContext, requestContextValue } from "~/lib/request-store.server";
import { getOptionalUser } from "./session.server";

const languageKey = "language";

/**
 * The page language of this request (`detectLanguage`'s order, with the signed-in user's saved preference), decided
 * once however many loaders ask: the root loader, every /app loader's `requireAppContext`, entry.server.
 */
export function requestLanguage(request: Request): Promise<Language> {
  return oncePerRequestContext(request, languageKey, async () =>
    detectLanguage(request, (await getOptionalUser(request))?.locale),
  );
}

/**
 * The language entry.server renders the page in: the one the root loader decided; without it (the root loader
 * failed, the database is down) the one the path, the cookie and the browser say. Looks nothing up itself.
 */
export async function pageLanguage(request: Request): Promise<Language> {
  const decided = await requestContextValue(languageKey)?.catch(() => undefined);
  return isLanguage(decided) ? decided : detectLanguage(request);
}
