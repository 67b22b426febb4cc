import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  addPartner,
  realisticEntries,
  seedGoal,
  seedHousehold,
  seedTransactions,
  seedUser,
} from "../../db/seed/budget";
import { seedPremium } from "../../db/seed/premium";
import { builtInCategory } from "~/domain/categories";
import { insertTestOriginal } from "~/features/blog/test-helpers.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { uuidv7 } from "~/lib/uuid";
import { backupDatabase, BackupError, restoreDatabase } from "./backup.server";
import { closeDatabase, db, migrateDatabase, openDatabase, type OpenDatabaseOptions } from "./client.server";
import { adminQuery, databaseUrl, postgresServerReachable, postgresServerUrl } from "./server-admin";
import { budgetLimit, moneyAccount, recurring, recurringOccurrence, rule, transfer } from "./schema";

/**
 * `npm run backup` and `npm run restore` round-trip a populated database — accounts and sessions, a shared premium
 * household, transactions, money accounts and a transfer, a goal, a rule, a budget, a recurring series and one of its
 * occurrences, a blog article — and every table (public and the migrations' own) comes back row for row, for the
 * embedded database and, when a server is reachable, for PostgreSQL. A restore refuses a database with accounts
 * unless forced, and a broken backup changes nothing.
 */

const work = fs.mkdtempSync(path.join(os.tmpdir(), "samen-backup-"));
const password = "a long and calm passphrase";

afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

async function populate(): Promise<void> {
  const { owner, household } = await seedHousehold({ email: "backup@samen.test", password });
  const householdId = household.id;
  await addPartner({ householdId, userId: (await seedUser({ email: "partner@samen.test" })).id });
  await seedPremium(householdId);
  const everyday = await everydayAccountId(householdId);
  const [savings] = await db()
    .insert(moneyAccount)
    .values({ householdId, name: "Savings", kind: "savings", currency: "EUR", openingBalanceMinor: 250_000 })
    .returning();
  const entries = await seedTransactions({
    householdId,
    userId: owner.id,
    entries: realisticEntries({ months: 3, today: "2026-03-20" }),
  });
  await db().insert(transfer).values({
    id: uuidv7(),
    householdId,
    fromAccountId: everyday,
    toAccountId: savings!.id,
    amountMinor: 40_000,
    toAmountMinor: 40_000,
    occurredOn: "2026-02-26",
    description: "To savings",
  });
  await seedGoal({ householdId, name: "Holiday", targetMinor: 300_000, savedMinor: 45_000, occurredOn: "2026-02-01" });
  const groceries = builtInCategory("groceries").id;
  await db()
    .insert(rule)
    .values({
      householdId,
      position: 0,
      conditions: [{ field: "description", operator: "contains", value: "Lidl" }],
      actions: { categoryId: groceries },
      createdBy: owner.id,
    });
  await db().insert(budgetLimit).values({
    householdId,
    categoryId: groceries,
    month: "2026-01-01",
    scope: "repeat",
    limitMinor: 60_000,
    rollover: true,
  });
  const [rent] = await db()
    .insert(recurring)
    .values({
      householdId,
      kind: "expense",
      amountMinor: 135_000,
      currency: "EUR",
      description: "Rent",
      categoryId: builtInCategory("housing").id,
      accountId: everyday,
      frequency: "monthly",
      dayOfMonth: 1,
      startsOn: "2026-01-01",
      autoPost: true,
      createdBy: owner.id,
    })
    .returning();
  await db().insert(recurringOccurrence).values({
    recurringId: rent!.id,
    dueOn: "2026-01-01",
    householdId,
    status: "posted",
    transactionId: entries[0]!.id,
  });
  await insertTestOriginal();
}

/** The rows of a raw query (both drivers answer with `rows`). */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Every row of every table (the app's and the migrations' record), as JSON, ordered by primary key. */
async function everyTable(): Promise<Record<string, string[]>> {
  const tables = rowsOf<{ schema: string; name: string }>(
    await db().execute(sql`select table_schema as "schema", table_name as "name" from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`),
  );
  const result: Record<string, string[]> = {};
  for (const table of tables) {
    const keys = rowsOf<{ column: string }>(
      await db().execute(sql`
      select k.column_name as "column" from information_schema.table_constraints c
      join information_schema.key_column_usage k on k.constraint_schema = c.constraint_schema and k.constraint_name = c.constraint_name
      where c.table_schema = ${table.schema} and c.table_name = ${table.name} and c.constraint_type = 'PRIMARY KEY'
      order by k.ordinal_position`),
    );
    const order =
      keys.length > 0
        ? sql.join(
            keys.map((key) => sql.identifier(key.column)),
            sql`, `,
          )
        : sql`t::text`;
    const rows = rowsOf<{ row: string }>(
      await db().execute(
        sql`select row_to_json(t)::text as "row" from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t order by ${order}`,
      ),
    );
    result[`${table.schema}.${table.name}`] = rows.map((row) => row.row);
  }
  return result;
}

async function contentsOf(options: OpenDatabaseOptions): Promise<Record<string, string[]>> {
  await openDatabase(options);
  try {
    return await everyTable();
  } finally {
    await closeDatabase();
  }
}

function expectFull(contents: Record<string, string[]>): void {
  for (const table of [
    "public.user",
    "public.account",
    "public.household_member",
    "public.transaction",
    "public.month_total",
    "public.money_account",
    "public.transfer",
    "public.goal",
    "public.goal_contribution",
    "public.rule",
    "public.budget_limit",
    "public.recurring",
    "public.recurring_occurrence",
    "public.subscription",
    "public.blog_post",
    "drizzle.__drizzle_migrations",
  ]) {
    expect(contents[table]?.length, table).toBeGreaterThan(0);
  }
}

/** A copy of a backup cut in half: what a disk that filled up or a copy that was interrupted leaves. */
function truncatedCopy(file: string): string {
  const broken = path.join(work, `broken-${path.basename(file)}`);
  const bytes = fs.readFileSync(file);
  fs.writeFileSync(broken, bytes.subarray(0, Math.floor(bytes.length / 2)));
  return broken;
}

describe("backup and restore of the embedded database", () => {
  it("round-trips every table; refuses while the app runs, over accounts without --force, and a broken file", async () => {
    const dataDir = path.join(work, "pglite-a");
    await openDatabase({ dataDir });
    await migrateDatabase();
    await populate();
    const original = await everyTable();
    await closeDatabase();
    expectFull(original);

    // The app holds the directory (another live process owns the lock file): refused, and says why.
    fs.writeFileSync(path.join(dataDir, "samen.lock"), String(process.ppid));
    await expect(backupDatabase({ dataDir, file: path.join(work, "refused.tar.gz") })).rejects.toThrow(
      /needs the app stopped/,
    );
    expect(fs.existsSync(path.join(work, "refused.tar.gz"))).toBe(false);
    fs.rmSync(path.join(dataDir, "samen.lock"));

    const file = path.join(work, "embedded.pglite.tar.gz");
    const backup = await backupDatabase({ dataDir, file });
    expect(backup).toMatchObject({ kind: "pglite", file });
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    await expect(backupDatabase({ dataDir, file })).rejects.toThrow(/already exists/);

    const elsewhere = path.join(work, "pglite-b");
    expect(await restoreDatabase({ dataDir: elsewhere, file })).toEqual({ kind: "pglite", keptPrevious: undefined });
    expect(await contentsOf({ dataDir: elsewhere })).toEqual(original);

    await expect(restoreDatabase({ dataDir, file })).rejects.toThrow(/already holds 2 accounts.*--force/);
    await expect(restoreDatabase({ dataDir, file: truncatedCopy(file), force: true })).rejects.toThrow(BackupError);
    await expect(restoreDatabase({ dataDir, file: path.join(import.meta.dirname, "schema/index.ts") })).rejects.toThrow(
      /not a Samen backup/,
    );
    expect(await contentsOf({ dataDir })).toEqual(original);

    const forced = await restoreDatabase({ dataDir, file, force: true });
    expect(forced.keptPrevious && fs.existsSync(forced.keptPrevious)).toBe(true);
    expect(await contentsOf({ dataDir })).toEqual(original);
  }, 120_000);
});

describe.skipIf(!(await postgresServerReachable()))(
  `backup and restore of PostgreSQL (${postgresServerUrl.host})`,
  () => {
    const names = [0, 1].map(() => `samen_backup_${crypto.randomBytes(6).toString("hex")}`);
    const urlOf = (name: string) => databaseUrl(name);
    afterAll(async () => {
      for (const name of names) await adminQuery(`drop database if exists "${name}" with (force)`);
    });

    it("round-trips every table with pg_dump; refuses over accounts without --force, and a broken file changes nothing", async () => {
      const [source, target] = names.map(urlOf) as [string, string];
      for (const name of names) await adminQuery(`create database "${name}"`);
      await openDatabase({ databaseUrl: source });
      await migrateDatabase();
      await populate();
      const original = await everyTable();
      await closeDatabase();
      expectFull(original);

      const file = path.join(work, "server.pgdump");
      expect(await backupDatabase({ databaseUrl: source, dataDir: work, file })).toMatchObject({
        kind: "postgres",
        file,
      });
      await expect(restoreDatabase({ dataDir: work, file })).rejects.toThrow(/PostgreSQL backup.*DATABASE_URL/);

      expect(await restoreDatabase({ databaseUrl: target, dataDir: work, file })).toEqual({ kind: "postgres" });
      expect(await contentsOf({ databaseUrl: target })).toEqual(original);

      await expect(restoreDatabase({ databaseUrl: source, dataDir: work, file })).rejects.toThrow(
        /already holds 2 accounts.*--force/,
      );
      await expect(
        restoreDatabase({ databaseUrl: source, dataDir: work, file: truncatedCopy(file), force: true }),
      ).rejects.toThrow(/Nothing was changed|rolled back/);
      expect(await contentsOf({ databaseUrl: source })).toEqual(original);

      await restoreDatabase({ databaseUrl: source, dataDir: work, file, force: true });
      expect(await contentsOf({ databaseUrl: source })).toEqual(original);
    }, 120_000);
  },
);
