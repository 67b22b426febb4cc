import { redirect } from "react-router";
import type { SessionUser } from "./session-user";

/**
 * The signed-in user of this request, or null.
 * CONTRACT (accounts issue fills this in with Better Auth): reads the session cookie, checks the session in the database.
 */
export async function getOptionalUser(_request: Request): Promise<SessionUser | null> {
  return null;
}

/** The signed-in user, or a redirect to /auth?redirectTo=<this page>. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getOptionalUser(request);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}
