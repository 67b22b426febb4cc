import crypto from "node:crypto";
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import { z } from "zod";
import { fieldOf } from "~/lib/field-of";
import { getConfig, secureCookies } from "~/config.server";
import { readCookie } from "~/i18n/detect.server";
import { clearedCookieLine, cookieLine, cookies } from "~/lib/cookies";
import { resolveAuthSecret } from "./auth-secret.server";

/**
 * Only the browser that signed up (or typed the right password for a still unconfirmed address) is signed in by the
 * confirmation link. Anyone else who opens it — the owner of an address somebody else signed up with, most of all —
 * gets "address confirmed, please sign in", so an account created with a stranger's password never opens itself in
 * its victim's browser.
 *
 * The proof is an HttpOnly cookie holding an HMAC of the address, scoped to the confirmation page.
 */

function proofFor(email: string): string {
  return crypto
    .createHmac("sha256", resolveAuthSecret(getConfig()))
    .update(`sign-up-browser:${email.trim().toLowerCase()}`)
    .digest("base64url");
}

/** Set-Cookie line marking this browser as the one that asked for `email`'s confirmation mail. */
export function signUpBrowserCookie(email: string): string {
  return cookieLine(cookies.signUpBrowser, proofFor(email), secureCookies());
}

export function clearedSignUpBrowserCookie(): string {
  return clearedCookieLine(cookies.signUpBrowser, secureCookies());
}

/** Whether this request comes from the browser that signed up with `email`. */
export function isSignUpBrowser(request: Request, email: string): boolean {
  const presented = readCookie(request, cookies.signUpBrowser.name);
  if (!presented) return false;
  const expected = Buffer.from(proofFor(email));
  const actual = Buffer.from(presented);
  return actual.length === expected.length && crypto.timingSafeEqual(actual, expected);
}

/** The address a confirmation token was issued for (Better Auth's token is a JWT it has already checked). */
export function emailOfVerificationToken(token: string): string | null {
  try {
    const payload: unknown = JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
    const email = fieldOf(payload, "email");
    return typeof email === "string" ? email : null;
  } catch {
    return null;
  }
}

/**
 * A server-only Better Auth endpoint (never on the HTTP router): opens a session for a user whose address is
 * confirmed. Called by the confirmation page only after it checked `isSignUpBrowser`.
 */
export function signInAfterVerificationPlugin() {
  return {
    id: "samen-sign-in-after-verification",
    endpoints: {
      signInAfterVerification: createAuthEndpoint.serverOnly(
        { method: "POST", body: z.object({ email: z.string().min(3).max(320) }) },
        async (ctx) => {
          const found = await ctx.context.internalAdapter.findUserByEmail(ctx.body.email.toLowerCase());
          if (!found?.user.emailVerified)
            throw new APIError("BAD_REQUEST", { code: "EMAIL_NOT_VERIFIED", message: "Email not verified" });
          const session = await ctx.context.internalAdapter.createSession(found.user.id);
          if (!session) throw new APIError("INTERNAL_SERVER_ERROR", { message: "Could not create a session" });
          await setSessionCookie(ctx, { session, user: found.user });
          return ctx.json({ user: found.user });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
