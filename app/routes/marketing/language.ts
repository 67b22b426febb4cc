import { secureCookies } from "~/config.server";
import { isLanguage } from "~/domain/languages";
import { safeRedirect } from "~/features/auth/safe-redirect";
import { cookieLine, cookies } from "~/lib/cookies";
import type { Route } from "./+types/language";

/**
 * `GET /language/<lang>?to=<path>`: the language menu's links before (or without) the page's scripts. Remembers the
 * choice in the language cookie and goes back to the page (on the blog, to the same article under the new prefix,
 * which the link already names). With scripts, the menu switches in place and never comes here.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  if (!isLanguage(params.lang)) throw new Response("Not found", { status: 404 });
  const to = safeRedirect(new URL(request.url).searchParams.get("to"), "/");
  return new Response(null, {
    status: 303,
    headers: {
      Location: to,
      "Set-Cookie": cookieLine(cookies.language, params.lang, secureCookies()),
      "Cache-Control": "no-store",
    },
  });
}
