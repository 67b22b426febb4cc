import crypto from "node:crypto";
import { lt, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rateLimit } from "~/db/schema/auth";

export interface RateLimitRule {
  /** Length of the window in seconds. */
  windowSeconds: number;
  /** Requests allowed in one window. */
  max: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Seconds until the window ends, when refused. */
  retryAfterSeconds: number;
}

/**
 * Counts one request against `key` in a fixed window and says whether it may proceed.
 * One atomic upsert on the shared `rate_limit` table, so every server instance sees the same counters.
 * The window starts at the first request and ends on its own: nobody (a stranger included) can extend it,
 * so a limited address is always free again after `windowSeconds`.
 */
export async function consumeRateLimit(key: string, rule: RateLimitRule, now = Date.now()): Promise<RateLimitDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const expired = now - windowMs;
  const rows = await db()
    .insert(rateLimit)
    .values({ id: crypto.randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${expired} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${expired} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStart: rateLimit.lastRequest });
  const row = rows[0];
  if (!row) return { allowed: true, retryAfterSeconds: 0 };
  const allowed = row.count <= rule.max;
  const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((Number(row.windowStart) + windowMs - now) / 1000));
  return { allowed, retryAfterSeconds };
}

/** Forgets a counter, e.g. the failed-sign-in count of an address once its owner signed in. */
export async function resetRateLimit(key: string): Promise<void> {
  await db()
    .delete(rateLimit)
    .where(sql`${rateLimit.key} = ${key}`);
}

/** Removes counters whose window ended long ago (called now and then, never on the request path of a refusal). */
export async function pruneRateLimits(olderThanSeconds = 24 * 60 * 60, now = Date.now()): Promise<void> {
  await db()
    .delete(rateLimit)
    .where(lt(rateLimit.lastRequest, now - olderThanSeconds * 1000));
}

/** Counter keys never hold an e-mail address in clear text. */
export function emailKey(scope: string, email: string): string {
  const digest = crypto.createHash("sha256").update(email.trim().toLowerCase()).digest("base64url").slice(0, 32);
  return `${scope}:email:${digest}`;
}

export function emailAndIpKey(scope: string, email: string, ip: string): string {
  return `${emailKey(scope, email)}:ip:${ip}`;
}

export function ipKey(scope: string, ip: string): string {
  return `${scope}:ip:${ip}`;
}
