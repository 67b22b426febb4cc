import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { amcheck } from "@electric-sql/pglite/contrib/amcheck";
import { count, eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, db, migrateDatabase, openDatabase, pgliteLocation } from "~/db/client.server";
import { embeddedDiskReserveBytes } from "~/db/disk-space.server";
import { pgliteExtensions } from "~/db/pglite-extensions.server";
import { databaseFaultOf } from "~/db/faults.server";
import { goal, goalContribution, transaction } from "~/db/schema";
import { seedGoal, seedHousehold, seedTransactions, type SeedEntry } from "../../db/seed/budget";
import { leakedInternals, signIn, startApp } from "./fault-server";

/**
 * Fault: the disk under the embedded database fills up. The data directory sits on a small tmpfs of its own; a
 * filler file takes the space. Below the reserve (app/db/disk-space.server.ts) every write is answered 507 with the
 * translated page (or JSON for the API) and changes nothing, while pages are still read; with the disk completely
 * full a write that reaches the database fails with a "disk full" error the app recognises. Once the filler is
 * removed, writes work again without a restart, and the database is intact: every B-tree index passes amcheck and
 * the figures add up.
 *
 * Without the guard: a process that writes on a full disk until PostgreSQL cannot create its next write-ahead log
 * segment stops for good (PGlite aborts or hangs); killed and opened again after space is freed, the database has
 * every transaction that was reported committed, and none half.
 */

vi.mock("virtual:react-router/server-build", async () =>
  (await import("../../server/test-page-build")).pageServerBuild(),
);

/** A tmpfs of its own, or undefined where mounting is not allowed (it needs root: CAP_SYS_ADMIN). */
function smallDisk(megabytes: number): string | undefined {
  const mountPoint = fs.mkdtempSync(path.join(os.tmpdir(), "samen-full-disk-"));
  if (spawnSync("mount", ["-t", "tmpfs", "-o", `size=${megabytes}m`, "tmpfs", mountPoint]).status === 0)
    return mountPoint;
  fs.rmSync(mountPoint, { recursive: true });
  return undefined;
}

function removeDisk(mountPoint: string | undefined): void {
  if (!mountPoint) return;
  spawnSync("umount", [mountPoint]);
  fs.rmSync(mountPoint, { recursive: true, force: true });
}

function freeBytes(mountPoint: string): number {
  const { bavail, bsize } = fs.statfsSync(mountPoint);
  return bavail * bsize;
}

/** Writes zeros into `file` until `leaveFree` bytes are left on its disk (0: until the disk refuses). */
function fill(file: string, leaveFree: number): void {
  const chunk = Buffer.alloc(1024 * 1024);
  const descriptor = fs.openSync(file, "a");
  try {
    while (leaveFree === 0 || freeBytes(path.dirname(file)) - chunk.length >= leaveFree)
      fs.writeSync(descriptor, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    fs.closeSync(descriptor);
  }
}

/** Every B-tree index in the public schema, checked with amcheck; returns how many. */
async function checkIndexes(database: PGlite): Promise<number> {
  await database.exec("create extension if not exists amcheck");
  const indexes = await database.query<{ name: string }>(
    `select c.relname as name from pg_index i join pg_class c on c.oid = i.indexrelid join pg_am am on am.oid = c.relam
     join pg_namespace n on n.oid = c.relnamespace where am.amname = 'btree' and n.nspname = 'public'`,
  );
  for (const { name } of indexes.rows) await database.query(`select bt_index_check($1::regclass, true)`, [name]);
  return indexes.rows.length;
}

const mountPoint = smallDisk(192);
const skipReason = mountPoint ? "" : " — skipped: cannot mount a tmpfs here (needs root)";

describe.skipIf(!mountPoint)(`a full disk under the embedded database${skipReason}`, () => {
  const dataDir = path.join(mountPoint ?? "", "data");
  const filler = path.join(mountPoint ?? "", "filler");
  const email = "full-disk@samen.test";
  const password = "a long and calm passphrase";
  let app: Awaited<ReturnType<typeof startApp>>;
  let cookie = "";
  let householdId = "";
  let goalId = "";

  const contribute = (headers: Record<string, string> = {}) =>
    fetch(app.url("/app/goals"), {
      method: "POST",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded", ...headers },
      body: new URLSearchParams({ intent: "contribute", goalId, direction: "add", amount: "10" }),
    });

  async function figures() {
    const [saved] = await db().select({ savedMinor: goal.savedMinor }).from(goal).where(eq(goal.id, goalId));
    const [history] = await db()
      .select({ total: sum(goalContribution.amountMinor).mapWith(Number), rows: count() })
      .from(goalContribution)
      .where(eq(goalContribution.goalId, goalId));
    const [entries] = await db()
      .select({ rows: count() })
      .from(transaction)
      .where(eq(transaction.householdId, householdId));
    return {
      saved: saved?.savedMinor,
      contributed: history?.total,
      contributions: history?.rows,
      transactions: entries?.rows,
    };
  }

  beforeAll(async () => {
    await openDatabase({ dataDir });
    await migrateDatabase();
    const { owner, household } = await seedHousehold({ email, password });
    householdId = household.id;
    const today = new Date().toISOString().slice(0, 10);
    await seedTransactions({
      householdId,
      userId: owner.id,
      entries: Array.from({ length: 200 }, (_, index): SeedEntry => ({
        kind: "expense",
        amountMinor: 100 + index,
        occurredOn: today,
      })),
    });
    goalId = (await seedGoal({ householdId, name: "Roof", targetMinor: 1_000_000, savedMinor: 5_000 })).id;
    app = await startApp();
    cookie = await signIn(app.url, email, password);
    for (const path of ["/app", "/app/goals"])
      expect((await fetch(app.url(path), { headers: { cookie } })).status).toBe(200);
    expect((await contribute()).status).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await closeDatabase();
    removeDisk(mountPoint);
  });

  it("refuses writes with 507 while reads go on, and is whole again once space is freed", async () => {
    const before = await figures();

    // Nearly full: less free space than the reserve.
    fill(filler, embeddedDiskReserveBytes / 2);
    expect(freeBytes(mountPoint!)).toBeLessThan(embeddedDiskReserveBytes);
    const refused = await contribute();
    const refusedPage = await refused.text();
    expect(refused.status).toBe(507);
    expect(refused.headers.get("cache-control")).toMatch(/no-store/);
    expect(refusedPage).toContain("Saving is paused");
    expect(refusedPage).not.toMatch(leakedInternals);
    const german = await contribute({ "accept-language": "de" });
    expect(german.status).toBe(507);
    expect(await german.text()).toContain("Speichern ist pausiert");
    const api = await fetch(app.url("/api/auth/sign-in/email"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    expect(api.status).toBe(507);
    expect(await api.json()).toMatchObject({ code: "INSUFFICIENT_STORAGE" });
    for (const path of ["/app", "/app/goals"])
      expect((await fetch(app.url(path), { headers: { cookie } })).status, path).toBe(200);
    expect(await figures()).toEqual(before);

    // Completely full: a write that gets past the guard fails with an error the app answers 507 for.
    fill(filler, 0);
    const today = new Date().toISOString().slice(0, 10);
    const failure = await seedTransactions({
      householdId,
      entries: Array.from({ length: 2_000 }, (): SeedEntry => ({ kind: "expense", amountMinor: 1, occurredOn: today })),
    }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(databaseFaultOf(failure)).toBe("diskFull");
    expect((await fetch(app.url("/app/goals"), { headers: { cookie } })).status).toBe(200);
    expect(await figures()).toEqual(before);

    // Space freed: the same process writes again.
    fs.rmSync(filler);
    expect((await contribute()).status).toBe(200);
    const after = await figures();
    expect(after).toEqual({
      ...before,
      saved: before.saved! + 1_000,
      contributed: before.contributed! + 1_000,
      contributions: before.contributions! + 1,
    });
    expect(after.saved).toBe(after.contributed);
    await app.close();
    await closeDatabase();

    // Opened again after the ordeal: every B-tree index of the app's tables checks out.
    const check = await PGlite.create(pgliteLocation(dataDir), { extensions: { ...pgliteExtensions, amcheck } });
    try {
      expect(await checkIndexes(check)).toBeGreaterThan(20);
      const totals = await check.query<{ transactions: number }>(
        `select count(*)::int as transactions from "transaction" where household_id = $1`,
        [householdId],
      );
      expect(totals.rows[0]?.transactions).toBe(before.transactions);
    } finally {
      await check.close();
    }
  }, 60_000);

  it("without the guard: the database stops on a full disk, and after a kill and freed space it lost nothing", async () => {
    await app.close();
    await closeDatabase();
    fs.rmSync(filler, { force: true });
    const location = pgliteLocation(dataDir);
    const setup = await PGlite.create(location, { extensions: pgliteExtensions });
    // Room in every page (fillfactor), so an update rewrites its row in place and only the log grows.
    await setup.exec(`create table "ledger" ("id" int primary key, "round" int not null default 0, "payload" text not null) with (fillfactor = 30);
      create table "counter" ("rounds" int not null); insert into "counter" values (0);
      insert into "ledger" ("id", "payload") select g, repeat('a', 1900) from generate_series(1, 40) g;`);
    // Most of the current 16 MB log segment used up front (but less than the 75 % at which a checkpoint makes the
    // next one), so the child reaches the segment's end in a few hundred commits.
    const logOffset = async () =>
      (
        await setup.query<{ offset: number }>(
          `select file_offset as "offset" from pg_walfile_name_offset(pg_current_wal_lsn())`,
        )
      ).rows[0]!.offset;
    if ((await logOffset()) > 11 * 1024 * 1024) await setup.query("select pg_switch_wal()");
    while ((await logOffset()) < 11 * 1024 * 1024)
      await setup.query(
        `update "ledger" set "payload" = (select string_agg(md5(random()::text), '') from generate_series(1, 59))`,
      );
    await setup.exec(`vacuum "ledger"`);
    await setup.exec(`vacuum "counter"`);
    await setup.close();

    let reported = 0;
    let stderr = "";
    const child = spawn(process.execPath, ["tests/faults/children/write-until-disk-stops.ts", location], {
      cwd: path.resolve(import.meta.dirname, "../.."),
      stdio: ["pipe", "pipe", "pipe"],
    });
    const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
    child.stderr.on("data", (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2_000)));
    await new Promise<void>((resolve) => child.stdout.once("data", () => resolve()));
    fill(filler, 0);
    let lastProgress = Date.now();
    child.stdout.on("data", (chunk: Buffer) => {
      const rounds = chunk.toString().match(/committed (\d+)/g);
      if (rounds) reported = Number(rounds.at(-1)!.split(" ")[1]);
      lastProgress = Date.now();
    });
    child.stdin.write("go\n");
    // It either aborts or stops answering: two seconds without a commit count as stopped.
    while (child.exitCode === null && child.signalCode === null && Date.now() - lastProgress < 2_000)
      await new Promise((resolve) => setTimeout(resolve, 200));
    child.kill("SIGKILL");
    await exited;
    console.log(`without the guard: ${reported} transactions committed before the database stopped on the full disk`);
    expect(reported, stderr).toBeGreaterThan(50);

    fs.rmSync(filler);
    const reopened = await PGlite.create(location, { extensions: { ...pgliteExtensions, amcheck } });
    try {
      expect(await checkIndexes(reopened)).toBeGreaterThan(20);
      const [state] = (
        await reopened.query<{ rounds: number; latest: number; rows: number }>(
          `select "rounds", (select max("round") from "ledger") as "latest", (select count(*)::int from "ledger" where "round" = "counter"."rounds") as "rows" from "counter"`,
        )
      ).rows;
      expect([reported, reported + 1]).toContain(state?.rounds);
      expect(state?.latest).toBe(state?.rounds);
      expect(state?.rows).toBe(5);
      const [figures] = (
        await reopened.query<{ saved: number; contributed: number }>(
          `select "saved_minor"::int as "saved", (select sum("amount_minor")::int from "goal_contribution" where "goal_id" = "goal"."id") as "contributed" from "goal" where "id" = $1`,
          [goalId],
        )
      ).rows;
      expect(figures?.saved).toBe(figures?.contributed);
      await reopened.query(`update "counter" set "rounds" = "rounds" + 1`);
    } finally {
      await reopened.close();
    }
  }, 60_000);
});
