import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, count, eq, isNotNull, sql, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDatabase, db, migrateDatabase, openDatabase } from "~/db/client.server";
import { goal, goalContribution, importBatch, importDraft, transaction } from "~/db/schema";
import { createImportDraft } from "~/features/statement-import/statement-import.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { seedBulkTransactions, seedGoal, seedHousehold } from "../../db/seed/budget";
import { seedPremium } from "../../db/seed/premium";
import type { KillTarget, Operation } from "./children/kill-target.server";

/**
 * Fault: the process is killed (SIGKILL: no clean-up runs) in the middle of a 10,000-row statement import, a run of
 * goal contributions and a 40,000-row CSV export, on the embedded database. A child process does the work through
 * the app's own use cases and is killed part-way; the database is then opened again, as a restarted server would,
 * and checked: each import batch is there with all its rows or not at all (its draft still waiting), every goal's
 * saved amount is the sum of its history and "reached" agrees with it, the month totals the triggers keep match the
 * transactions, and the export left the database exactly as it was and no file behind.
 */

const projectRoot = path.resolve(import.meta.dirname, "../..");
const rowsPerImport = 10_000;
const imports = 3;

interface ChildRun {
  signal: NodeJS.Signals | null;
  lines: string[];
  stderr: string;
}

/** Runs the child on `operation` and kills it with SIGKILL `killAfter(line)` ms after the first line that returns a number. */
function runAndKill(
  operation: Operation,
  target: KillTarget,
  tmpdir: string,
  killAfter: (line: string) => number | undefined,
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--conditions=development", "tests/faults/children/kill-target.ts", operation, JSON.stringify(target)],
      {
        cwd: projectRoot,
        env: { ...process.env, NODE_ENV: "test", LOG_LEVEL: "warn", TMPDIR: tmpdir },
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    const lines: string[] = [];
    let stderr = "";
    let pending = "";
    let scheduled = false;
    const deadline = setTimeout(() => child.kill("SIGKILL"), 50_000);
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.on("data", (chunk: Buffer) => {
      pending += chunk.toString();
      const complete = pending.split("\n");
      pending = complete.pop() ?? "";
      for (const line of complete) {
        lines.push(line);
        const delay = scheduled ? undefined : killAfter(line);
        if (delay !== undefined) {
          scheduled = true;
          setTimeout(() => child.kill("SIGKILL"), delay);
        }
      }
    });
    child.on("error", reject);
    child.on("exit", (_code, signal) => {
      clearTimeout(deadline);
      resolve({ signal, lines, stderr });
    });
  });
}

/** An ING statement (a preset the reader knows, so it goes straight to the import) with rows no other file has. */
function statement(file: number): Uint8Array {
  const lines = [
    '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"',
  ];
  for (let row = 0; row < rowsPerImport; row++) {
    const day = new Date(Date.UTC(2025, 0, 1) + (row % 365) * 86_400_000)
      .toISOString()
      .slice(0, 10)
      .replaceAll("-", "");
    const cents = 150 + ((row * 7919 + file) % 15_000);
    lines.push(
      [
        day,
        `Shop ${file}-${row}`,
        "NL91ABNA0417164300",
        "",
        "BA",
        row % 9 === 0 ? "Bij" : "Af",
        `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`,
        "Betaalautomaat",
        `File ${file} row ${row}`,
      ]
        .map((cell) => `"${cell}"`)
        .join(";"),
    );
  }
  return new TextEncoder().encode(lines.join("\r\n"));
}

/** The rows of a raw query (both drivers answer with `rows`). */
function rowsOf<Row>(result: unknown): Row[] {
  return (result as { rows: Row[] }).rows;
}

/** Month and account totals that differ from the entries and transfers they sum (the triggers keep them in the same statement). */
async function monthTotalMismatches(): Promise<number> {
  const result = await db().execute(sql`
    with actual as (
      select "household_id", date_trunc('month', "occurred_on")::date as "month", "kind", "category_id", sum("amount_minor") as "total", count(*) as "entries"
      from "transaction" group by 1, 2, 3, 4
    )
    select count(*)::int as "mismatches"
    from actual full join "month_total" kept using ("household_id", "month", "kind", "category_id")
    where coalesce(actual."total", 0) <> coalesce(kept."total_minor", 0) or coalesce(actual."entries", 0) <> coalesce(kept."entries", 0)`);
  const accounts = await db().execute(sql`
    with actual as (
      select "account_id", "month", sum("net") as "net" from (
        select "account_id", date_trunc('month', "occurred_on")::date as "month", case when "kind" = 'income' then "amount_minor" else -"amount_minor" end as "net" from "transaction"
        union all select "to_account_id", date_trunc('month', "occurred_on")::date, "amount_minor" from "transfer"
        union all select "from_account_id", date_trunc('month', "occurred_on")::date, -"amount_minor" from "transfer"
      ) moves group by 1, 2
    )
    select count(*)::int as "mismatches"
    from actual full join "account_month_total" kept using ("account_id", "month")
    where coalesce(actual."net", 0) <> coalesce(kept."net_minor", 0)`);
  const months = rowsOf<{ mismatches: number }>(result)[0]?.mismatches;
  const balances = rowsOf<{ mismatches: number }>(accounts)[0]?.mismatches;
  return months === undefined || balances === undefined ? -1 : months + balances;
}

/** Every table's row count and a digest of its rows, to show that nothing changed. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = rowsOf<{ name: string }>(
    await db().execute(
      sql`select table_name as "name" from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const result: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ rows: number; digest: string | null }>(
      await db().execute(
        sql`select count(*)::int as "rows", md5(string_agg(t::text, '|' order by t::text)) as "digest" from ${sql.identifier(name)} t`,
      ),
    );
    result[name] = `${row?.rows} ${row?.digest}`;
  }
  return result;
}

/**
 * What the app left in its temporary folder. tsx's compile cache (`tsx-<uid>`, written by the worker threads that load
 * their TypeScript through tsx) is a cache, not a file of the work that was cut.
 */
function filesLeftIn(tmpdir: string): string[] {
  return fs.readdirSync(tmpdir).filter((name) => !/^tsx-\d+$/.test(name));
}

describe("SIGKILL in the middle of work (embedded database)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-sigkill-"));
  let target: KillTarget;
  let fileNames: Map<string, string>;

  beforeAll(async () => {
    await openDatabase({ dataDir });
    await migrateDatabase();
    const { owner, household } = await seedHousehold();
    await seedPremium(household.id);
    await seedBulkTransactions({ householdId: household.id, count: 40_000, from: "2023-01", to: "2024-12" });
    const accountId = await everydayAccountId(household.id);
    fileNames = new Map();
    const draftIds: string[] = [];
    for (let file = 1; file <= imports; file++) {
      const draft = await createImportDraft({
        userId: owner.id,
        householdId: household.id,
        accountId,
        fileName: `statement-${file}.csv`,
        bytes: statement(file),
      });
      if (!draft.ok) throw new Error(`no draft: ${JSON.stringify(draft)}`);
      draftIds.push(draft.draftId);
      fileNames.set(draft.draftId, `statement-${file}.csv`);
    }
    const { id: goalId } = await seedGoal({ householdId: household.id, name: "Holiday", targetMinor: 10_000 });
    target = { dataDir, userId: owner.id, householdId: household.id, draftIds, goalId };
    await closeDatabase();
  }, 60_000);

  afterAll(async () => {
    await closeDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("an import is there with all its rows or not at all", async () => {
    const tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-sigkill-tmp-"));
    // Killed half-way through the second file: its confirmation takes about as long as the first one did.
    const run = await runAndKill("import", target, tmpdir, (line) =>
      line.startsWith("committed ") ? Math.round(Number(line.split(" ")[2]) / 2) : undefined,
    );
    expect(run.signal, run.stderr).toBe("SIGKILL");
    const committed = run.lines.filter((line) => line.startsWith("committed ")).length;

    await openDatabase({ dataDir });
    await migrateDatabase();
    const batches = await db()
      .select({ id: importBatch.id, fileName: importBatch.fileName, rowsImported: importBatch.rowsImported })
      .from(importBatch);
    const waiting = new Set((await db().select({ id: importDraft.id }).from(importDraft)).map((row) => row.id));
    const written = new Map(
      (
        await db()
          .select({ batchId: transaction.importBatchId, rows: count() })
          .from(transaction)
          .where(isNotNull(transaction.importBatchId))
          .groupBy(transaction.importBatchId)
      ).map((row) => [row.batchId, row.rows]),
    );
    const mismatches = await monthTotalMismatches();
    await closeDatabase();
    console.log(
      `import: ${committed} of ${imports} confirmations reported before the kill; after restart ${batches.length} batches, ${waiting.size} drafts waiting`,
    );

    expect(committed).toBeGreaterThanOrEqual(1);
    expect([committed, committed + 1]).toContain(batches.length);
    expect(batches.length).toBeLessThan(imports);
    for (const batch of batches) {
      expect(batch.rowsImported).toBe(rowsPerImport);
      expect(written.get(batch.id)).toBe(rowsPerImport);
    }
    expect(written.size).toBe(batches.length);
    for (const draftId of target.draftIds) {
      const imported = batches.some((batch) => batch.fileName === fileNames.get(draftId));
      expect(waiting.has(draftId), `${fileNames.get(draftId)}: imported ${imported}`).toBe(!imported);
    }
    expect(mismatches).toBe(0);
    expect(filesLeftIn(tmpdir)).toEqual([]);
  }, 60_000);

  it("a goal contribution is whole: the saved amount is the sum of the history", async () => {
    const tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-sigkill-tmp-"));
    const run = await runAndKill("goal", target, tmpdir, (line) =>
      line === "contributed 100" ? Math.floor(Math.random() * 50) : undefined,
    );
    expect(run.signal, run.stderr).toBe("SIGKILL");

    await openDatabase({ dataDir });
    const [saved] = await db()
      .select({ savedMinor: goal.savedMinor, targetMinor: goal.targetMinor, reachedAt: goal.reachedAt })
      .from(goal)
      .where(eq(goal.id, target.goalId));
    const [history] = await db()
      .select({ total: sum(goalContribution.amountMinor).mapWith(Number), rows: count() })
      .from(goalContribution)
      .where(and(eq(goalContribution.goalId, target.goalId)));
    await closeDatabase();
    console.log(`goal: ${history?.rows} contributions written before the kill, saved ${saved?.savedMinor}`);

    expect(history?.rows).toBeGreaterThanOrEqual(100);
    expect(saved?.savedMinor).toBe(history?.total);
    expect(saved!.reachedAt !== null).toBe(saved!.savedMinor >= saved!.targetMinor);
    expect(filesLeftIn(tmpdir)).toEqual([]);
  }, 60_000);

  it("an export changes nothing and leaves no file behind", async () => {
    await openDatabase({ dataDir });
    const before = await snapshot();
    await closeDatabase();
    const tmpdir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-sigkill-tmp-"));
    const run = await runAndKill("export", target, tmpdir, (line) =>
      line.startsWith("exported ") && Number(line.split(" ")[1]) > 200_000 ? 0 : undefined,
    );
    expect(run.signal, run.stderr).toBe("SIGKILL");
    expect(run.lines).not.toContain("finished");

    await openDatabase({ dataDir });
    const after = await snapshot();
    await closeDatabase();
    expect(after).toEqual(before);
    expect(filesLeftIn(tmpdir)).toEqual([]);
  }, 60_000);
});
