import QRCode from "qrcode";
import { data, redirect } from "react-router";
import { secureCookies } from "~/config.server";
import { readForm } from "~/features/platform/forms.server";
import { readCookie } from "~/i18n/detect.server";
import { completeTwoFactorSignIn, signOutEverywhere, toFailure, type Failure } from "./account.server";
import { authCookieOptions, getAuth } from "./auth.server";
import { fieldErrorsOf } from "~/lib/forms";
import { authMessages, retryAfter, type AuthError, type AuthFieldErrors } from "./auth-errors";
import { backupCode, currentPasswordSchema, totpCode } from "./auth.schema";
import { flashCookie } from "./flash";
import { defaultSignedInPath, safeRedirect } from "./safe-redirect";
import { authHeaders, setCookieHeaders } from "./session.server";
import type { SessionUser } from "./session-user";
import { z } from "zod";
import { isOneOf } from "~/lib/one-of";

/** Whether the browser carries a pending two-factor challenge from the password step. */
export function hasPendingTwoFactor(request: Request): boolean {
  return Boolean(readCookie(request, `${authCookieOptions().cookiePrefix}.two_factor`));
}

export type TwoFactorChallengeResult =
  | { ok: true; next: string }
  | { ok: false; error?: AuthError; fieldErrors?: AuthFieldErrors<"code">; restart?: boolean };

/** POST /auth/two-factor: checks the app code or a backup code and finishes the sign-in. */
export async function twoFactorChallengeAction(request: Request) {
  const read = await readForm(request);
  if (!read.ok)
    return data<TwoFactorChallengeResult>({ ok: false, error: { code: read.code } }, { status: read.status });
  const values = read.values;
  const method = values.method === "backup" ? "backup" : "totp";
  const next = safeRedirect(values.redirectTo, defaultSignedInPath);
  const parsed = (method === "totp" ? totpCode : backupCode).safeParse(values.code ?? "");
  if (!parsed.success) {
    return data<TwoFactorChallengeResult>(
      { ok: false, fieldErrors: { code: fieldErrorsOf(parsed.error, { messages: authMessages }).form } },
      { status: 400 },
    );
  }
  const result = await completeTwoFactorSignIn({ request, code: parsed.data, method });
  if (!result.ok) {
    const restart = ["TWO_FACTOR_EXPIRED", "TOO_MANY_ATTEMPTS"].includes(result.error.code);
    return data<TwoFactorChallengeResult>(
      { ok: false, error: result.error, restart },
      { status: result.status, headers: retryAfter(result.error) },
    );
  }
  if (values.js === "1") return data<TwoFactorChallengeResult>({ ok: true, next }, { headers: result.headers });
  result.headers.append("Set-Cookie", flashCookie("signed-in", secureCookies()));
  throw redirect(next, { headers: result.headers });
}

export type SecurityIntent = "two-factor-enable" | "two-factor-confirm" | "two-factor-disable" | "sign-out-everywhere";

export type SecurityResult =
  | { intent: "two-factor-enable"; ok: true; qrCode: string; manualKey: string; backupCodes: string[] }
  | { intent: "two-factor-confirm"; ok: true }
  | { intent: "two-factor-disable"; ok: true }
  | { intent: SecurityIntent; ok: false; error?: AuthError; fieldErrors?: AuthFieldErrors<"password" | "code"> };

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP", easier to type into an app by hand. */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}

/** Starts two-factor set-up: checks the password, makes the secret and ten backup codes (shown once). */
export async function startTwoFactorSetup(options: { request: Request; password: string }) {
  try {
    const result = await getAuth().api.enableTwoFactor({
      body: { password: options.password },
      headers: authHeaders(options.request),
    });
    if (!("totpURI" in result) || !result.totpURI) throw new Error("two-factor set-up returned no TOTP URI");
    const secret = new URL(result.totpURI).searchParams.get("secret") ?? "";
    const svg = await QRCode.toString(result.totpURI, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
    return {
      ok: true as const,
      qrCode: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`,
      manualKey: groupKey(secret),
      backupCodes: result.backupCodes ?? [],
    };
  } catch (error) {
    return toFailure(error, "two-factor-enable");
  }
}

/** Confirms set-up with a first code from the app; from then on sign-in asks for a code. A new session cookie comes back. */
export async function confirmTwoFactorSetup(options: {
  request: Request;
  code: string;
}): Promise<{ ok: true; headers: Headers } | Failure> {
  try {
    const { headers } = await getAuth().api.verifyTOTP({
      body: { code: options.code },
      headers: authHeaders(options.request),
      returnHeaders: true,
    });
    return { ok: true, headers: setCookieHeaders(headers) };
  } catch (error) {
    return toFailure(error, "two-factor-confirm");
  }
}

/** Turns two-factor off after a current code (app or backup) and the password. */
export async function turnOffTwoFactor(options: {
  request: Request;
  code: string;
  password: string;
}): Promise<{ ok: true; headers: Headers } | Failure> {
  const auth = getAuth();
  const headers = authHeaders(options.request);
  try {
    const isAppCode = /^\d{6}$/.test(options.code);
    if (isAppCode) await auth.api.verifyTOTP({ body: { code: options.code }, headers });
    else await auth.api.verifyBackupCode({ body: { code: options.code, disableSession: true }, headers });
  } catch (error) {
    return toFailure(error, "two-factor-disable-code");
  }
  try {
    const { headers: responseHeaders } = await auth.api.disableTwoFactor({
      body: { password: options.password },
      headers,
      returnHeaders: true,
    });
    return { ok: true, headers: setCookieHeaders(responseHeaders) };
  } catch (error) {
    return toFailure(error, "two-factor-disable");
  }
}

const securityIntents = [
  "two-factor-enable",
  "two-factor-confirm",
  "two-factor-disable",
  "sign-out-everywhere",
] as const;

/** The Security section's forms, told apart by their `intent`. */
const securityForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("two-factor-enable"), password: currentPasswordSchema }),
  z.object({ intent: z.literal("two-factor-confirm"), code: totpCode }),
  z.object({
    intent: z.literal("two-factor-disable"),
    code: z
      .preprocess((value) => value ?? "", z.string({ error: "INVALID_INPUT" }))
      .transform((value) => value.trim())
      .transform((value) => (/^[\d\s-]+$/.test(value) ? value.replace(/[\s-]/g, "") : value))
      .pipe(z.string().min(1, { error: "CODE_REQUIRED" }).max(64, { error: "INVALID_CODE" })),
    password: currentPasswordSchema,
  }),
  z.object({ intent: z.literal("sign-out-everywhere") }),
]);

/**
 * The Security section's form posts (mounted at /app/settings/security; any settings page can post there).
 * `user` comes from requireUser in the route.
 */
export async function securityAction({ request, user }: { request: Request; user: SessionUser }) {
  const read = await readForm(request);
  if (!read.ok)
    return data<SecurityResult>(
      { intent: "two-factor-enable", ok: false, error: { code: read.code } },
      { status: read.status },
    );
  const values = read.values;
  // A post without a known intent is read as the first step, turning two-factor on.
  const intent: SecurityIntent = isOneOf(securityIntents, values.intent) ? values.intent : "two-factor-enable";
  const parsed = securityForm.safeParse({ ...values, intent });
  if (!parsed.success) {
    return data<SecurityResult>(
      { intent, ok: false, fieldErrors: fieldErrorsOf(parsed.error, { messages: authMessages }) },
      { status: 400 },
    );
  }
  const posted = parsed.data;
  switch (posted.intent) {
    case "two-factor-enable":
      return enableTwoFactor(request, user, posted.password);
    case "two-factor-confirm":
      return confirmTwoFactor(request, posted.code);
    case "two-factor-disable":
      return disableTwoFactor(request, posted.code, posted.password);
    case "sign-out-everywhere":
      return signOutOfEverySession(request);
  }
}

/** Every session ends, this one too: the browser lands on sign-in, which says so (a toast, with or without JavaScript). */
async function signOutOfEverySession(request: Request) {
  const result = await signOutEverywhere({ request });
  if (!result.ok)
    return data<SecurityResult>(
      { intent: "sign-out-everywhere", ok: false, error: result.error },
      { status: result.status, headers: retryAfter(result.error) },
    );
  result.headers.append("Set-Cookie", flashCookie("signed-out-everywhere", secureCookies()));
  throw redirect("/auth", { status: 303, headers: result.headers });
}

async function enableTwoFactor(request: Request, user: SessionUser, password: string) {
  const intent = "two-factor-enable";
  if (user.twoFactorEnabled)
    return data<SecurityResult>({ intent, ok: false, error: { code: "TWO_FACTOR_ALREADY_ENABLED" } }, { status: 409 });
  const result = await startTwoFactorSetup({ request, password });
  if (!result.ok)
    return data<SecurityResult>(
      { intent, ok: false, ...asFieldOrFormError(result.error, "password") },
      { status: result.status },
    );
  return data<SecurityResult>({ intent, ...result });
}

async function confirmTwoFactor(request: Request, code: string) {
  const intent = "two-factor-confirm";
  const result = await confirmTwoFactorSetup({ request, code });
  if (!result.ok)
    return data<SecurityResult>(
      { intent, ok: false, ...asFieldOrFormError(result.error, "code") },
      { status: result.status },
    );
  return data<SecurityResult>({ intent, ok: true }, { headers: result.headers });
}

async function disableTwoFactor(request: Request, code: string, password: string) {
  const intent = "two-factor-disable";
  const result = await turnOffTwoFactor({ request, code, password });
  if (!result.ok) {
    const field = result.error.code === "INVALID_PASSWORD" ? "password" : "code";
    return data<SecurityResult>(
      { intent, ok: false, ...asFieldOrFormError(result.error, field) },
      { status: result.status },
    );
  }
  return data<SecurityResult>({ intent, ok: true }, { headers: result.headers });
}

const fieldCodes = new Set(["INVALID_PASSWORD", "INVALID_CODE", "INVALID_BACKUP_CODE"]);

function asFieldOrFormError(error: AuthError, field: "password" | "code") {
  return fieldCodes.has(error.code) ? { fieldErrors: { [field]: error.code } } : { error };
}
