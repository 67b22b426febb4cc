import { getConfig } from "~/config.server";
import {
  consumeRateLimit,
  emailAndIpKey,
  emailKey,
  ipKey,
  resetRateLimit,
  type RateLimitRule,
} from "./rate-limit.server";

interface EndpointLimits {
  scope: string;
  perIp: RateLimitRule;
  /** Per address typed into the form, counted separately for each client address. */
  perEmailAndIp?: RateLimitRule;
  /** Per address typed into the form, whoever sends it: a ceiling for guessing spread over many addresses. */
  perEmail?: RateLimitRule;
  /** Per signed-in account (endpoints that need a session). */
  perAccount?: RateLimitRule;
}

/**
 * Abuse limits for the endpoints a stranger can call. Per address the limits are generous (a family or an office
 * shares one IP). Sign-in counts wrong guesses per e-mail *and* client address, so a stranger elsewhere who types
 * someone's address with wrong passwords only locks themselves out; the per-e-mail ceiling above it is ten times
 * higher and only stops guessing spread over many addresses. Every window simply ends, and a correct password
 * clears its own counters.
 */
export const authEndpointLimits: Record<string, EndpointLimits> = {
  "/sign-in/email": {
    scope: "sign-in",
    perIp: { windowSeconds: 300, max: 200 },
    perEmailAndIp: { windowSeconds: 300, max: 5 },
    perEmail: { windowSeconds: 900, max: 50 },
  },
  "/sign-up/email": {
    scope: "sign-up",
    perIp: { windowSeconds: 900, max: 100 },
    perEmail: { windowSeconds: 900, max: 3 },
  },
  "/request-password-reset": {
    scope: "forgot-password",
    perIp: { windowSeconds: 900, max: 50 },
    perEmail: { windowSeconds: 900, max: 3 },
  },
  "/send-verification-email": {
    scope: "verification",
    perIp: { windowSeconds: 900, max: 50 },
    perEmail: { windowSeconds: 900, max: 3 },
  },
  "/reset-password": { scope: "reset-password", perIp: { windowSeconds: 900, max: 30 } },
  // A stolen session must not become an oracle for the current password.
  "/change-password": {
    scope: "change-password",
    perIp: { windowSeconds: 900, max: 50 },
    perAccount: { windowSeconds: 900, max: 5 },
  },
  "/two-factor/verify-totp": { scope: "two-factor", perIp: { windowSeconds: 300, max: 60 } },
  "/two-factor/verify-backup-code": { scope: "two-factor", perIp: { windowSeconds: 300, max: 60 } },
};

export class RateLimitedError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("Too many requests. Please try again later.");
    this.name = "RateLimitedError";
  }
}

export function rateLimitsEnabled(): boolean {
  const config = getConfig();
  return config.NODE_ENV === "production" || !config.RATE_LIMIT_DISABLED;
}

/** Counts one call of a limited auth endpoint; throws RateLimitedError when any of its counters is over its limit. */
export async function enforceAuthRateLimit(
  path: string,
  { ip, email, accountId }: { ip: string; email?: unknown; accountId?: string | null },
): Promise<void> {
  const limits = authEndpointLimits[path];
  if (!limits || !rateLimitsEnabled()) return;
  const counters: Array<[string, RateLimitRule]> = [[ipKey(limits.scope, ip), limits.perIp]];
  if (typeof email === "string" && email.trim()) {
    if (limits.perEmailAndIp) counters.push([emailAndIpKey(limits.scope, email, ip), limits.perEmailAndIp]);
    if (limits.perEmail) counters.push([emailKey(limits.scope, email), limits.perEmail]);
  }
  if (limits.perAccount && accountId) counters.push([`${limits.scope}:account:${accountId}`, limits.perAccount]);
  for (const [key, rule] of counters) {
    const decision = await consumeRateLimit(key, rule);
    if (!decision.allowed) throw new RateLimitedError(decision.retryAfterSeconds);
  }
}

/** After a correct password the address's failed attempts no longer count against its owner. */
export async function forgetFailedSignIns(email: string, ip: string): Promise<void> {
  await resetRateLimit(emailAndIpKey("sign-in", email, ip));
  await resetRateLimit(emailKey("sign-in", email));
}
