import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { secureCookies } from "~/config.server";
import { signOut } from "~/features/auth/account.server";
import { flashCookie } from "~/features/auth/flash";
import { safeRedirect } from "~/features/auth/safe-redirect";
import { requireForm } from "~/features/platform/forms.server";

/** Where to land after signing out: the public page the person was on, else home (never back into /app). */
function landingPage(request: Request): string {
  const referer = request.headers.get("referer");
  if (!referer) return "/";
  try {
    const from = new URL(referer);
    if (from.origin !== new URL(request.url).origin) return "/";
    const path = safeRedirect(from.pathname + from.search, "/");
    return path === "/app" || path.startsWith("/app/") || path.startsWith("/auth") ? "/" : path;
  } catch {
    return "/";
  }
}

/** POST /auth/sign-out: ends the session on the server, clears the cookies, and says so with a toast on the next page. */
export async function action({ request }: Route.ActionArgs) {
  // The button posts an empty form; anything else (JSON, an oversized or malformed body) signs nobody out.
  await requireForm(request);
  const result = await signOut({ request });
  const secure = secureCookies();
  if (!result.ok) {
    throw redirect(landingPage(request), { headers: { "Set-Cookie": flashCookie("sign-out-failed", secure) } });
  }
  result.headers.append("Set-Cookie", flashCookie("signed-out", secure));
  throw redirect(landingPage(request), { headers: result.headers });
}

/** A GET (a typed address, a prefetch) never signs anyone out. */
export function loader() {
  throw redirect("/");
}
