import { describe, expect, it } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import { consumeRateLimit, emailKey, pruneRateLimits, resetRateLimit } from "./rate-limit.server";

useTestDatabase();

describe("database rate limits", () => {
  it("allows max requests per window, then refuses with the time left", async () => {
    const rule = { windowSeconds: 60, max: 3 };
    const start = 1_000_000;
    for (let index = 0; index < 3; index++)
      expect((await consumeRateLimit("k1", rule, start + index)).allowed).toBe(true);
    expect(await consumeRateLimit("k1", rule, start + 10_000)).toEqual({ allowed: false, retryAfterSeconds: 50 });
  });

  it("a stranger hammering an address cannot extend the lock: the window ends on time", async () => {
    const rule = { windowSeconds: 300, max: 5 };
    const start = 2_000_000;
    for (let second = 0; second < 300; second += 10) await consumeRateLimit("k2", rule, start + second * 1000);
    expect((await consumeRateLimit("k2", rule, start + 299_000)).allowed).toBe(false);
    // Right after the window the owner gets in, even though the stranger never stopped.
    expect((await consumeRateLimit("k2", rule, start + 300_000)).allowed).toBe(true);
  });

  it("counters are per key, can be reset and old ones pruned", async () => {
    const rule = { windowSeconds: 60, max: 1 };
    expect((await consumeRateLimit("a", rule, 5_000_000)).allowed).toBe(true);
    expect((await consumeRateLimit("b", rule, 5_000_000)).allowed).toBe(true);
    expect((await consumeRateLimit("a", rule, 5_000_001)).allowed).toBe(false);
    await resetRateLimit("a");
    expect((await consumeRateLimit("a", rule, 5_000_002)).allowed).toBe(true);
    await pruneRateLimits(60, 10_000_000);
    expect((await consumeRateLimit("b", rule, 5_000_003)).allowed).toBe(true);
  });

  it("keys never contain the e-mail address itself", () => {
    expect(emailKey("sign-in", "Ada@Example.com")).toBe(emailKey("sign-in", " ada@example.com"));
    expect(emailKey("sign-in", "ada@example.com")).not.toContain("ada");
  });
});
