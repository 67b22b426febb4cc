import type { FieldErrors, MessageRule } from "~/lib/forms";

/** Every problem an auth form can report; each has a translation under `auth:errors.<code>`. */
export const authErrorCodes = [
  "PASSWORDS_DONT_MATCH",
  "EMAIL_REQUIRED",
  "INVALID_EMAIL",
  "PASSWORD_REQUIRED",
  "PASSWORD_TOO_SHORT",
  "PASSWORD_TOO_LONG",
  "PASSWORD_TOO_COMMON",
  "NAME_TOO_LONG",
  "NAME_INVALID_CHARACTERS",
  "INVALID_EMAIL_OR_PASSWORD",
  "EMAIL_NOT_VERIFIED",
  "RATE_LIMITED",
  "INVALID_TOKEN",
  "TOKEN_EXPIRED",
  "CODE_REQUIRED",
  "INVALID_CODE",
  "INVALID_BACKUP_CODE",
  "TWO_FACTOR_EXPIRED",
  "TOO_MANY_ATTEMPTS",
  "ACCOUNT_TEMPORARILY_LOCKED",
  "INVALID_PASSWORD",
  "SESSION_NOT_FRESH",
  "TWO_FACTOR_ALREADY_ENABLED",
  "TWO_FACTOR_NOT_ENABLED",
  "INPUT_TOO_LARGE",
  "INVALID_INPUT",
  "INVALID_CHARACTERS",
  "DATABASE_UNAVAILABLE",
  "UNEXPECTED",
] as const;

export type AuthErrorCode = (typeof authErrorCodes)[number];

export interface AuthError {
  code: AuthErrorCode;
  /** Seconds until a rate limit ends. */
  retryAfterSeconds?: number;
}

/** Errors the person can fix in one field (shown beside it) rather than a refusal by the service. */
export type AuthFieldErrors<Field extends string> = FieldErrors<Field, AuthErrorCode>;

/** An auth form shows only these codes; any other message (zod's own) is "invalid input". */
export const authMessages: MessageRule<AuthErrorCode> = {
  isKnown: (message): message is AuthErrorCode => authErrorCodes.some((code) => code === message),
  fallback: "INVALID_INPUT",
};

/** The Retry-After header of a refusal that says when to try again (every 429 carries one). */
export function retryAfter(error: AuthError): HeadersInit | undefined {
  return error.retryAfterSeconds ? { "Retry-After": String(error.retryAfterSeconds) } : undefined;
}
