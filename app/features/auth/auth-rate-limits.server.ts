import { getConfig } from "~/config.server";
import { consumeRateLimit, emailKey, ipKey, resetRateLimit, type RateLimitRule } from "./rate-limit.server";

interface EndpointLimits {
  scope: string;
  perIp: RateLimitRule;
  perEmail?: RateLimitRule;
}

/**
 * Abuse limits for the endpoints a stranger can call without an account. Per address the limits are
 * generous (a family or an office shares one IP); per e-mail they are tight. Every window simply ends,
 * so the owner of an address targeted by a stranger can always sign in again a few minutes later.
 */
export const authEndpointLimits: Record<string, EndpointLimits> = {
  "/sign-in/email": { scope: "sign-in", perIp: { windowSeconds: 300, max: 200 }, perEmail: { windowSeconds: 300, max: 5 } },
  "/sign-up/email": { scope: "sign-up", perIp: { windowSeconds: 900, max: 100 }, perEmail: { windowSeconds: 900, max: 3 } },
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

/** Counts one call of a limited auth endpoint; throws RateLimitedError when the address or the e-mail is over its limit. */
export async function enforceAuthRateLimit(path: string, { ip, email }: { ip: string; email?: unknown }): Promise<void> {
  const limits = authEndpointLimits[path];
  if (!limits || !rateLimitsEnabled()) return;
  const byIp = await consumeRateLimit(ipKey(limits.scope, ip), limits.perIp);
  if (!byIp.allowed) throw new RateLimitedError(byIp.retryAfterSeconds);
  if (limits.perEmail && typeof email === "string" && email.trim()) {
    const byEmail = await consumeRateLimit(emailKey(limits.scope, email), limits.perEmail);
    if (!byEmail.allowed) throw new RateLimitedError(byEmail.retryAfterSeconds);
  }
}

/** After a correct password the address's failed attempts no longer count against its owner. */
export async function forgetFailedSignIns(email: string): Promise<void> {
  await resetRateLimit(emailKey("sign-in", email));
}
