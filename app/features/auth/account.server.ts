import { isAPIError } from "better-auth/api";
import { databaseFaultOf, faultRetryAfterSeconds } from "~/db/faults.server";
import type { Language } from "~/domain/languages";
import { logger } from "~/lib/logger.server";
import { getAuth } from "./auth.server";
import type { AuthError, AuthErrorCode } from "./auth-errors";
import { defaultSignedInPath } from "./safe-redirect";
import {
  clearedSignUpBrowserCookie,
  emailOfVerificationToken,
  isSignUpBrowser,
  signUpBrowserCookie,
} from "./sign-up-browser.server";
import { authHeaders, setCookieHeaders, toSessionUser } from "./session.server";
import type { SessionUser } from "./session-user";
import { fieldOf } from "~/lib/field-of";

export type Failure = { ok: false; error: AuthError; status: number; headers?: Headers };

const serviceCodes: Record<string, AuthErrorCode> = {
  INVALID_EMAIL_OR_PASSWORD: "INVALID_EMAIL_OR_PASSWORD",
  EMAIL_NOT_VERIFIED: "EMAIL_NOT_VERIFIED",
  RATE_LIMITED: "RATE_LIMITED",
  PASSWORD_TOO_SHORT: "PASSWORD_TOO_SHORT",
  PASSWORD_TOO_LONG: "PASSWORD_TOO_LONG",
  PASSWORD_TOO_COMMON: "PASSWORD_TOO_COMMON",
  INVALID_EMAIL: "INVALID_EMAIL",
  NAME_TOO_LONG: "NAME_TOO_LONG",
  NAME_INVALID_CHARACTERS: "NAME_INVALID_CHARACTERS",
  INVALID_TOKEN: "INVALID_TOKEN",
  TOKEN_EXPIRED: "TOKEN_EXPIRED",
  USER_NOT_FOUND: "INVALID_TOKEN",
  INVALID_CODE: "INVALID_CODE",
  INVALID_BACKUP_CODE: "INVALID_BACKUP_CODE",
  INVALID_TWO_FACTOR_COOKIE: "TWO_FACTOR_EXPIRED",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "TOO_MANY_ATTEMPTS",
  ACCOUNT_TEMPORARILY_LOCKED: "ACCOUNT_TEMPORARILY_LOCKED",
  INVALID_PASSWORD: "INVALID_PASSWORD",
  SESSION_NOT_FRESH: "SESSION_NOT_FRESH",
  SESSION_EXPIRED: "SESSION_NOT_FRESH",
  TOTP_ALREADY_ENABLED: "TWO_FACTOR_ALREADY_ENABLED",
  TOTP_NOT_ENABLED: "TWO_FACTOR_NOT_ENABLED",
  TWO_FACTOR_NOT_ENABLED: "TWO_FACTOR_NOT_ENABLED",
  VALIDATION_ERROR: "INVALID_INPUT",
  BODY_MUST_BE_AN_OBJECT: "INVALID_INPUT",
  MISSING_FIELD: "INVALID_INPUT",
};

/**
 * Better Auth's refusal → our code and HTTP status; a database that cannot be reached is a 503 the form explains
 * (with Retry-After); anything unknown is logged and reported as unexpected.
 */
export function toFailure(error: unknown, action: string): Failure {
  if (databaseFaultOf(error) === "unavailable") {
    logger.warn({ err: error, action }, "auth action met an unreachable database: answering 503");
    return {
      ok: false,
      status: 503,
      error: { code: "DATABASE_UNAVAILABLE", retryAfterSeconds: faultRetryAfterSeconds },
    };
  }
  if (isAPIError(error)) {
    const serviceCode = fieldOf(error.body, "code");
    const retryAfter = fieldOf(error.body, "retryAfter");
    const code = typeof serviceCode === "string" && serviceCode ? serviceCodes[serviceCode] : undefined;
    if (code) {
      const status = error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 400;
      return {
        ok: false,
        status,
        error: {
          code,
          ...(code === "RATE_LIMITED" && typeof retryAfter === "number" && retryAfter
            ? { retryAfterSeconds: retryAfter }
            : {}),
        },
      };
    }
    if (error.statusCode >= 400 && error.statusCode < 500) {
      logger.warn({ action, code: serviceCode, status: error.statusCode }, "auth request refused");
      return { ok: false, status: error.statusCode, error: { code: "INVALID_INPUT" } };
    }
  }
  logger.error({ err: error, action }, "auth action failed");
  return { ok: false, status: 500, error: { code: "UNEXPECTED" } };
}

export type SignInResult = { ok: true; twoFactor: boolean; headers: Headers } | Failure;

/** Checks e-mail and password; a new session (or, with two-factor on, a pending challenge) comes back as cookies. */
export async function signInWithPassword(options: {
  request: Request;
  email: string;
  password: string;
  redirectTo?: string;
}): Promise<SignInResult> {
  try {
    const { headers, response } = await getAuth().api.signInEmail({
      body: {
        email: options.email,
        password: options.password,
        rememberMe: true,
        // Only used for the fresh verification link of an unconfirmed address.
        ...(options.redirectTo && options.redirectTo !== defaultSignedInPath
          ? { callbackURL: options.redirectTo }
          : {}),
      },
      headers: authHeaders(options.request),
      returnHeaders: true,
    });
    const twoFactor = Boolean(response && "twoFactorRedirect" in response && response.twoFactorRedirect);
    return { ok: true, twoFactor, headers: setCookieHeaders(headers) };
  } catch (error) {
    const failure = toFailure(error, "sign-in");
    // The right password for an address still waiting for confirmation: a fresh link was mailed, and this
    // browser (which knows the password) is the one that link may sign in.
    if (failure.error.code === "EMAIL_NOT_VERIFIED")
      return { ...failure, headers: new Headers({ "Set-Cookie": signUpBrowserCookie(options.email) }) };
    return failure;
  }
}

/** `headers` marks this browser as the one that signed up: only it is signed in by the confirmation link. */
export type SignUpResult = { ok: true; headers: Headers } | Failure;

/**
 * Creates the account and mails the confirmation link. The answer is the same when the address already has an
 * account (its owner gets a mail instead), so nobody can probe which addresses are registered.
 */
export async function signUpWithPassword(options: {
  request: Request;
  name: string;
  email: string;
  password: string;
  language: Language;
  redirectTo?: string;
}): Promise<SignUpResult> {
  try {
    await getAuth().api.signUpEmail({
      body: {
        name: options.name,
        email: options.email,
        password: options.password,
        locale: options.language,
        ...(options.redirectTo && options.redirectTo !== defaultSignedInPath
          ? { callbackURL: options.redirectTo }
          : {}),
      },
      headers: authHeaders(options.request),
    });
    // Also when the address already had an account (its owner got a mail instead): the answer must look the same.
    return { ok: true, headers: new Headers({ "Set-Cookie": signUpBrowserCookie(options.email) }) };
  } catch (error) {
    return toFailure(error, "sign-up");
  }
}

export type HeadersResult = { ok: true; headers: Headers } | Failure;

/** Ends the session on the server and clears the cookies. */
export async function signOut(options: { request: Request }): Promise<HeadersResult> {
  try {
    const { headers } = await getAuth().api.signOut({ headers: authHeaders(options.request), returnHeaders: true });
    return { ok: true, headers: setCookieHeaders(headers) };
  } catch (error) {
    return toFailure(error, "sign-out");
  }
}

/**
 * "Sign out everywhere": ends every session of the signed-in user on every device, this browser's included, and
 * clears its cookies. This one goes too because its cookie may be the copy someone else holds; signing in again here
 * costs one step.
 */
export async function signOutEverywhere(options: { request: Request }): Promise<HeadersResult> {
  try {
    const { headers } = await getAuth().api.revokeSessions({
      headers: authHeaders(options.request),
      returnHeaders: true,
    });
    return { ok: true, headers: setCookieHeaders(headers) };
  } catch (error) {
    return toFailure(error, "sign-out-everywhere");
  }
}

/** Mails a reset link when the address has an account; answers the same either way. */
export async function requestPasswordReset(options: {
  request: Request;
  email: string;
}): Promise<{ ok: true } | Failure> {
  try {
    await getAuth().api.requestPasswordReset({ body: { email: options.email }, headers: authHeaders(options.request) });
    return { ok: true };
  } catch (error) {
    return toFailure(error, "forgot-password");
  }
}

/** Sets the new password and ends every session of that user (the person signs in again). */
export async function resetPassword(options: {
  request: Request;
  token: string;
  newPassword: string;
}): Promise<{ ok: true } | Failure> {
  try {
    await getAuth().api.resetPassword({
      body: { token: options.token, newPassword: options.newPassword },
      headers: authHeaders(options.request),
    });
    return { ok: true };
  } catch (error) {
    return toFailure(error, "reset-password");
  }
}

export type VerifyEmailResult = { ok: true; signedIn: boolean; headers: Headers } | Failure;

/**
 * Confirms the address from the mailed link. Signs in only the browser that signed up with that address
 * (see sign-up-browser.server.ts); anyone else who opens the link is asked to sign in with the password.
 */
export async function verifyEmail(options: { request: Request; token: string }): Promise<VerifyEmailResult> {
  const headers = authHeaders(options.request);
  try {
    await getAuth().api.verifyEmail({ query: { token: options.token }, headers });
  } catch (error) {
    return toFailure(error, "verify-email");
  }
  const email = emailOfVerificationToken(options.token);
  if (!email || !isSignUpBrowser(options.request, email)) return { ok: true, signedIn: false, headers: new Headers() };
  try {
    const { headers: sessionHeaders } = await getAuth().api.signInAfterVerification({
      body: { email },
      headers,
      returnHeaders: true,
    });
    const cookies = setCookieHeaders(sessionHeaders);
    cookies.append("Set-Cookie", clearedSignUpBrowserCookie());
    return { ok: true, signedIn: true, headers: cookies };
  } catch (error) {
    const failure = toFailure(error, "sign-in-after-verification");
    return failure.status >= 500 ? failure : { ok: true, signedIn: false, headers: new Headers() };
  }
}

/** Sends the confirmation link again (same answer whether or not the address needs one). */
export async function resendVerification(options: {
  request: Request;
  email: string;
  redirectTo?: string;
}): Promise<{ ok: true } | Failure> {
  try {
    await getAuth().api.sendVerificationEmail({
      body: {
        email: options.email,
        ...(options.redirectTo && options.redirectTo !== defaultSignedInPath
          ? { callbackURL: options.redirectTo }
          : {}),
      },
      headers: authHeaders(options.request),
    });
    return { ok: true };
  } catch (error) {
    const failure = toFailure(error, "resend-verification");
    // "Already verified" and "no such user" must look like success to a stranger.
    return failure.error.code === "INVALID_INPUT" || failure.error.code === "INVALID_TOKEN" ? { ok: true } : failure;
  }
}

export type TwoFactorSignInResult = { ok: true; user: SessionUser; headers: Headers } | Failure;

/** Second step of a sign-in with two-factor on: a code from the app or one backup code. */
export async function completeTwoFactorSignIn(options: {
  request: Request;
  code: string;
  method: "totp" | "backup";
}): Promise<TwoFactorSignInResult> {
  const auth = getAuth();
  const headers = authHeaders(options.request);
  try {
    const { headers: responseHeaders, response } =
      options.method === "totp"
        ? await auth.api.verifyTOTP({ body: { code: options.code }, headers, returnHeaders: true })
        : await auth.api.verifyBackupCode({ body: { code: options.code }, headers, returnHeaders: true });
    return { ok: true, user: toSessionUser(response.user), headers: setCookieHeaders(responseHeaders) };
  } catch (error) {
    return toFailure(error, "two-factor-sign-in");
  }
}
