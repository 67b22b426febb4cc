import { asc, sql } from "drizzle-orm";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { logger } from "~/lib/logger.server";
import { runWithRequestStore, type RequestStore } from "~/lib/request-store.server";
import { db } from "./client.server";
import { joinReads, shiftPlaceholders } from "./read-batch.server";
import { user } from "./schema";
import { useTestDatabase } from "./test-database";

useTestDatabase();

function requestStore(): RequestStore {
  return {
    nonce: "n",
    requestId: "r",
    log: logger,
    clientIp: "127.0.0.1",
    appendSetCookie: () => undefined,
    once: new Map(),
    queries: 0,
  };
}

/** The same reads, started together inside a request (joined) and one by one outside (each alone). */
async function bothWays<T extends readonly unknown[]>(reads: () => { [K in keyof T]: PromiseLike<T[K]> }) {
  const alone: unknown[] = [];
  for (const read of reads()) alone.push(await read);
  const store = requestStore();
  const joined = await runWithRequestStore(store, () => Promise.all(reads()));
  return { alone, joined, sent: store.queries };
}

// Every kind of value the schema and its queries read, each as the driver's own parser would give it.
const everyType = () =>
  db()
    .select({
      yes: sql<boolean>`true`,
      no: sql<boolean>`n = 2`,
      whole: sql<number>`n::int`,
      big: sql<string>`(n * 10000000000)::bigint`,
      sum: sql<string>`sum(n) over ()`,
      fraction: sql<string>`1.50::numeric`,
      real: sql<number>`0.25::float8`,
      text: sql<string>`'it''s "$1" ' || chr(10) || 'zł € 🙂'`,
      padded: sql<string>`'ab'::char(3)`,
      day: sql<string>`date '2026-11-20' + n`,
      moment: sql<string>`timestamptz '2026-11-20 10:15:00+01'`,
      plain: sql<string>`timestamp '2026-11-20 10:15:00'`,
      document: sql<unknown>`json_build_object('a', n, 'b', 'x')`,
      binary: sql<unknown>`jsonb_build_array(n, null, true)`,
      numbers: sql<number[]>`array[n, n + 1]`,
      words: sql<string[]>`array['a,b', null, '"q"']`,
      id: sql<string>`md5(n::text)::uuid`,
      nothing: sql<string | null>`null::text`,
    })
    .from(sql`generate_series(1, 3) as g(n)`)
    .orderBy(sql`n desc`);

describe("reads started together", () => {
  it("answer what each would have answered alone, in one statement", async () => {
    await db()
      .insert(user)
      .values([
        { id: "u2", name: "Bea", email: "bea@example.com" },
        { id: "u1", name: "Ada", email: "ada@example.com", emailVerified: true },
      ]);
    const users = () => db().select({ id: user.id, verified: user.emailVerified, created: user.createdAt }).from(user);
    const ordered = () => db().select({ name: user.name }).from(user).orderBy(asc(user.name)).limit(1);
    const none = () =>
      db()
        .select({ id: user.id })
        .from(user)
        .where(sql`${user.email} = ${"nobody@example.com"}`);
    const { alone, joined, sent } = await bothWays(() => [everyType(), users(), ordered(), none()] as const);
    expect(joined).toEqual(alone);
    expect(alone[0]).toHaveLength(3);
    expect((alone[1] as { created: unknown }[])[0]?.created).toBeInstanceOf(Date);
    expect(sent).toBe(1);
  });

  it("each get their own error when one fails, and the others their rows", async () => {
    const divide = (by: number) =>
      db()
        .select({ value: sql<number>`10 / ${by}::int` })
        .from(sql`generate_series(1, 1) as g(n)`);
    const fine = () =>
      db()
        .select({ value: sql<number>`${7}::int` })
        .from(sql`generate_series(1, 1) as g(n)`);
    // Shapes are learnt from a first read alone.
    expect(await divide(2)).toEqual([{ value: 5 }]);
    await fine();
    const store = requestStore();
    const [failed, answered] = await runWithRequestStore(store, () => Promise.allSettled([divide(0), fine()]));
    expect(failed).toMatchObject({ status: "rejected", reason: { cause: { message: "division by zero" } } });
    expect(answered).toEqual({ status: "fulfilled", value: [{ value: 7 }] });
    // The joined statement that failed, then each alone.
    expect(store.queries).toBe(3);
  });

  it("answer the same when sent again and again, on every connection (named and prepared on PostgreSQL)", async () => {
    const reads = () => [everyType(), everyType().limit(2)] as const;
    const first = await bothWays(reads);
    // Past the second time a text is named; past the fifth, PostgreSQL may plan it once for all values.
    for (let round = 0; round < 8; round++) {
      const again = await bothWays(reads);
      expect(again.joined).toEqual(first.alone);
      expect(again.alone).toEqual(first.alone);
    }
    // Requests at once take several of the pool's connections, each preparing the statements for itself.
    const together = await Promise.all(Array.from({ length: 12 }, () => bothWays(reads)));
    for (const { joined } of together) expect(joined).toEqual(first.alone);
  });

  it("are joined only within one request", async () => {
    const one = () =>
      db()
        .select({ value: sql<number>`${1}::int` })
        .from(sql`generate_series(1, 1) as g(n)`);
    await one();
    const first = requestStore();
    const second = requestStore();
    await Promise.all([first, second].map((store) => runWithRequestStore(store, async () => await one())));
    expect([first.queries, second.queries]).toEqual([1, 1]);
  });
});

describe("placeholders renumbered for a joined statement", () => {
  it("move by the offset outside quotes only", () => {
    expect(shiftPlaceholders(`select "a$1", '$2', $1, $2::date from t where x = $1`, 3, 2)).toBe(
      `select "a$1", '$2', $4, $5::date from t where x = $4`,
    );
    expect(shiftPlaceholders(`select 'it''s $1', $1`, 1, 1)).toBe(`select 'it''s $1', $2`);
  });

  it("refuse what the scan cannot read with certainty", () => {
    for (const text of [
      "select $$a$$",
      "select $tag$a$tag$",
      "select 1 -- $1",
      "select /* $1 */ 1",
      "select E'\\''",
      "select 'open",
      "select $3",
      "select $0",
    ]) {
      expect(shiftPlaceholders(text, 1, 2)).toBeUndefined();
    }
  });

  it("keep every other character, for any text", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), fc.nat(50), (text, offset) => {
        const shifted = shiftPlaceholders(text, offset, 9);
        if (shifted === undefined) return;
        expect(shifted.replace(/\$\d+/g, "$")).toBe(text.replace(/\$\d+/g, "$"));
        if (offset === 0) expect(shifted).toBe(text);
      }),
    );
  });

  it("make one statement whose parameters follow each other", () => {
    const joined = joinReads([
      { text: "select a from t where b = $1", params: [1], types: [23] },
      { text: "select c, d from u where e = $1 and f = $2", params: ["x", "y"], types: [25, 16] },
    ]);
    expect(joined?.params).toEqual([1, "x", "y"]);
    expect(joined?.text).toContain("q1(c1, c2) as (select c, d from u where e = $2 and f = $3)");
  });
});
