import type { SessionUser } from "~/features/auth/session-user";

/**
 * Signing in for tests of loaders and actions, without the auth flow: each request names its user in a header that
 * only the stand-in `requireUser` reads, so no test depends on someone signed in by a test before it. A test file
 * mocks the session module with it:
 *
 *   vi.mock("~/features/auth/session.server", async (importOriginal) => ({
 *     ...(await importOriginal<typeof SessionModule>()),   // import type * as SessionModule from the same module
 *     requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
 *   }));
 */
const signedIn = new Map<string, SessionUser>();
const userHeader = "x-test-user";

export async function requireSignedInUser(request: Request): Promise<SessionUser> {
  const user = signedIn.get(request.headers.get(userHeader) ?? "");
  if (!user) throw new Error("the test signed nobody in for this request");
  return user;
}

/** The header that signs `user` in for one request: to a loader, or to the test server (`useTestServer`) in the same process. */
export function signedInHeaders(user: { id: string; email: string; name: string }): Record<string, string> {
  signedIn.set(user.id, {
    id: user.id,
    email: user.email,
    name: user.name,
    locale: "en",
    isCreator: false,
    twoFactorEnabled: false,
  });
  return { [userHeader]: user.id };
}

/** A form POST by `user` to `path`, as a browser without JavaScript sends it. */
export function postAs(
  user: { id: string; email: string; name: string },
  path: string,
  fields: Record<string, string>,
): Request {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...signedInHeaders(user) },
    body: new URLSearchParams(fields),
  });
}
