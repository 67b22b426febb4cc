import { and, eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { goal } from "~/db/schema";
import { useTestDatabase } from "~/db/test-database";
import { seedGoal, seedHousehold } from "../../../db/seed/budget";
import { atVersion, nextVersion, versionOf } from "./row-version.server";

useTestDatabase();

async function oneGoal() {
  const { household } = await seedHousehold();
  return seedGoal({ householdId: household.id, name: "Buffer", targetMinor: 1000 });
}

const versionNow = async (goalId: string) =>
  (
    await db()
      .select({ version: versionOf(goal.updatedAt) })
      .from(goal)
      .where(eq(goal.id, goalId))
  )[0]?.version;
const matches = async (goalId: string, version: string | undefined) =>
  (
    await db()
      .select({ id: goal.id })
      .from(goal)
      .where(and(eq(goal.id, goalId), atVersion(goal.updatedAt, version)))
  ).length === 1;

describe("row versions", () => {
  it("round-trip exactly: any microsecond timestamp read as a version matches itself and nothing one microsecond away", async () => {
    const row = await oneGoal();
    // Microseconds between 1970 and 2200: the values a timestamptz written by now() holds, finer than a JS Date.
    const micros = fc.bigInt({ min: 0n, max: 7_258_118_400_000_000n });
    await fc.assert(
      fc.asyncProperty(micros, async (value) => {
        await db()
          .update(goal)
          .set({ updatedAt: sql`to_timestamp(0) + (${value.toString()}::bigint * interval '1 microsecond')` })
          .where(eq(goal.id, row.id));
        const version = await versionNow(row.id);
        expect(version).toBe(value.toString());
        expect(await matches(row.id, version)).toBe(true);
        expect(await matches(row.id, (value + 1n).toString())).toBe(false);
        if (value > 0n) expect(await matches(row.id, (value - 1n).toString())).toBe(false);
      }),
      { seed: 15, numRuns: 60 },
    );
  });

  it("a missing or malformed version never matches", async () => {
    const row = await oneGoal();
    for (const version of [undefined, "", "abc", "1.5", "-1", "1e6", "9".repeat(40)])
      expect(await matches(row.id, version)).toBe(false);
  });

  it("every save moves the version forward, even twice within one clock tick", async () => {
    const row = await oneGoal();
    const first = await versionNow(row.id);
    // Both updates run in one transaction, so now() is the same instant for both.
    await db().transaction(async (tx) => {
      await tx
        .update(goal)
        .set({ updatedAt: nextVersion(goal.updatedAt) })
        .where(eq(goal.id, row.id));
      await tx
        .update(goal)
        .set({ updatedAt: nextVersion(goal.updatedAt) })
        .where(eq(goal.id, row.id));
    });
    const second = await versionNow(row.id);
    expect(BigInt(second ?? "0")).toBeGreaterThan(BigInt(first ?? "0"));
    await db()
      .update(goal)
      .set({ updatedAt: sql`now() + interval '1 hour'` })
      .where(eq(goal.id, row.id));
    const future = await versionNow(row.id);
    await db()
      .update(goal)
      .set({ updatedAt: nextVersion(goal.updatedAt) })
      .where(eq(goal.id, row.id));
    expect(BigInt((await versionNow(row.id)) ?? "0") - BigInt(future ?? "0")).toBe(1n);
  });
});
