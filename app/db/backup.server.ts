import { spawn } from "node:child_process";
import { pgliteExtensions } from "./pglite-extensions.server";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { pgliteLocation } from "./client.server";
import { rowsOf } from "./rows.server";
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from "./data-dir-lock.server";
import { errorMessage } from "~/lib/errors";

/**
 * Backups of either database (`npm run backup`, `npm run restore`, scripts/app-commands.ts).
 *
 * The embedded database: PGlite's own dump of its data directory (a gzipped tar), taken with the directory locked,
 * so the app must be stopped — PGlite allows one process at a time. Restored into a fresh directory beside the old
 * one, checked, then swapped in by renaming; the old one is kept.
 *
 * PostgreSQL: `pg_dump` in its custom format, which reads one consistent snapshot while the app keeps running.
 * Restored by `pg_restore` into `psql` in one transaction that first removes the current tables: it commits whole or
 * not at all.
 */

type BackupKind = "pglite" | "postgres";

interface DatabaseTarget {
  /** postgres:// URL; without it the embedded database in dataDir. */
  databaseUrl?: string;
  dataDir: string;
}

/** A refusal or failure with a message for the person at the terminal; nothing was changed. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupError";
  }
}

const pgDumpMagic = "PGDMP";
const gzipMagic = [0x1f, 0x8b];

function defaultBackupFileName(kind: BackupKind, now = new Date()): string {
  const stamp = now.toISOString().slice(0, 19).replaceAll(":", "-");
  return `samen-backup-${stamp}.${kind === "pglite" ? "pglite.tar.gz" : "pgdump"}`;
}

export async function backupDatabase(
  target: DatabaseTarget & { file?: string },
): Promise<{ kind: BackupKind; file: string; bytes: number }> {
  const kind: BackupKind = target.databaseUrl ? "postgres" : "pglite";
  const file = path.resolve(target.file ?? defaultBackupFileName(kind));
  if (fs.existsSync(file))
    throw new BackupError(`${file} already exists: choose another file name (or move the old backup away).`);
  // Written under a temporary name and renamed when complete, so a backup that was interrupted never looks whole.
  const partial = `${file}.partial`;
  try {
    if (target.databaseUrl) await dumpPostgres(target.databaseUrl, partial);
    else await dumpPglite(target.dataDir, partial);
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  return { kind, file, bytes: fs.statSync(file).size };
}

export async function restoreDatabase(
  target: DatabaseTarget & { file: string; force?: boolean },
): Promise<{ kind: BackupKind; keptPrevious?: string }> {
  const file = path.resolve(target.file);
  const kind = backupKindOf(file);
  if (kind === "postgres" && !target.databaseUrl) {
    throw new BackupError(
      `${file} is a PostgreSQL backup (pg_dump): set DATABASE_URL to the database to restore it into.`,
    );
  }
  if (kind === "pglite" && target.databaseUrl) {
    throw new BackupError(
      `${file} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR (${path.resolve(target.dataDir)}).`,
    );
  }
  if (target.databaseUrl) {
    await restorePostgres(target.databaseUrl, file, target.force ?? false);
    return { kind };
  }
  return { kind, keptPrevious: await restorePglite(target.dataDir, file, target.force ?? false) };
}

function backupKindOf(file: string): BackupKind {
  let head: Buffer;
  try {
    const descriptor = fs.openSync(file, "r");
    head = Buffer.alloc(8);
    fs.readSync(descriptor, head, 0, 8, 0);
    fs.closeSync(descriptor);
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${errorMessage(error)}`);
  }
  if (head.toString("latin1", 0, pgDumpMagic.length) === pgDumpMagic) return "postgres";
  if (head[0] === gzipMagic[0] && head[1] === gzipMagic[1]) return "pglite";
  throw new BackupError(
    `${file} is not a Samen backup (neither a pg_dump custom archive nor an embedded database dump).`,
  );
}

// ---------------------------------------------------------------------------------------------------------------
// The embedded database.

/** The lock every app process takes; refused with the reason when the app is running. */
function lockForMaintenance(dataDir: string, work: "backup" | "restore"): DataDirLock {
  const directory = path.resolve(dataDir);
  fs.mkdirSync(directory, { recursive: true });
  try {
    return acquireDataDirLock(directory);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `The embedded database in ${directory} is in use (${error.message.match(/process \d+/)?.[0] ?? "another process"}). ` +
        `PGlite allows one process at a time, so a ${work} of the embedded database needs the app stopped: stop it, run the ${work}, start it again. ` +
        `(With PostgreSQL — DATABASE_URL — backups are taken while the app runs.)`,
    );
  }
}

function hasPgliteDatabase(location: string): boolean {
  return fs.existsSync(path.join(location, "PG_VERSION"));
}

async function dumpPglite(dataDir: string, partial: string): Promise<void> {
  const location = pgliteLocation(dataDir);
  if (!hasPgliteDatabase(location))
    throw new BackupError(`There is no embedded database in ${path.resolve(dataDir)} (DATA_DIR): nothing to back up.`);
  const lock = lockForMaintenance(dataDir, "backup");
  try {
    const database = await PGlite.create(location, { extensions: pgliteExtensions });
    try {
      // Everything in the write-ahead log written into the table files, so the copy needs no recovery to be read.
      await database.exec("checkpoint");
      const dump = await database.dumpDataDir("gzip");
      fs.writeFileSync(partial, new Uint8Array(await dump.arrayBuffer()), { mode: 0o600 });
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
}

async function accountsIn(query: (statement: string) => Promise<{ rows: unknown[] }>): Promise<number> {
  const [table] = rowsOf<{ exists: boolean }>(await query(`select to_regclass('public.user') is not null as "exists"`));
  if (!table?.exists) return 0;
  const [count] = rowsOf<{ accounts: number }>(await query(`select count(*)::int as "accounts" from "user"`));
  return count?.accounts ?? 0;
}

function refuseToOverwrite(accounts: number, where: string): never {
  throw new BackupError(
    `${where} already holds ${accounts} account${accounts === 1 ? "" : "s"}. A restore replaces everything in it: run it again with --force if that is what you want.`,
  );
}

async function restorePglite(dataDir: string, file: string, force: boolean): Promise<string | undefined> {
  const directory = path.resolve(dataDir);
  const location = pgliteLocation(directory);
  const lock = lockForMaintenance(dataDir, "restore");
  try {
    if (hasPgliteDatabase(location) && !force) {
      const current = await PGlite.create(location, { extensions: pgliteExtensions });
      try {
        const accounts = await accountsIn((statement) => current.query(statement));
        if (accounts > 0) refuseToOverwrite(accounts, `The embedded database in ${directory}`);
      } finally {
        await current.close();
      }
    }
    // Unpacked here first: PGlite reports a cut-off archive only as an unhandled stream error.
    const archive = fs.readFileSync(file);
    try {
      zlib.gunzipSync(archive);
    } catch (error) {
      throw new BackupError(
        `${file} is damaged (${errorMessage(error)}): it is not a whole backup. Nothing was changed.`,
      );
    }
    // Loaded and opened beside the current database first: a backup that does not load changes nothing.
    const fresh = `${location}.restoring`;
    fs.rmSync(fresh, { recursive: true, force: true });
    try {
      const restored = await PGlite.create(fresh, {
        loadDataDir: new Blob([new Uint8Array(archive)]),
        extensions: pgliteExtensions,
      });
      try {
        await restored.query(`select count(*) from "drizzle"."__drizzle_migrations"`);
      } finally {
        await restored.close();
      }
    } catch (error) {
      fs.rmSync(fresh, { recursive: true, force: true });
      throw new BackupError(
        `${file} could not be loaded as an embedded database: ${errorMessage(error)}. Nothing was changed.`,
      );
    }
    let keptPrevious: string | undefined;
    if (fs.existsSync(location)) {
      keptPrevious = `${location}.before-restore-${new Date().toISOString().slice(0, 19).replaceAll(":", "-")}`;
      fs.renameSync(location, keptPrevious);
    }
    try {
      fs.renameSync(fresh, location);
    } catch (error) {
      if (keptPrevious) fs.renameSync(keptPrevious, location);
      throw error;
    }
    return keptPrevious;
  } finally {
    lock.release();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// PostgreSQL, through its own client tools.

/** The URL without its password (given to the tools in PGPASSWORD, so it never shows in a process list). */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  return { dbname: url.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

interface ToolRun {
  code: number | null;
  stderr: string;
}

function finished(child: ReturnType<typeof spawn>, tool: string): Promise<ToolRun> {
  return new Promise((resolve, reject) => {
    let stderr = "";
    child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.on("error", (error: NodeJS.ErrnoException) =>
      reject(
        error.code === "ENOENT"
          ? new BackupError(
              `${tool} was not found. Install the PostgreSQL client tools (the server's major version or newer; on Debian: apt install postgresql-client).`,
            )
          : error,
      ),
    );
    child.on("close", (code) => resolve({ code, stderr: stderr.trim() }));
  });
}

async function dumpPostgres(databaseUrl: string, partial: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  const run = await finished(
    spawn("pg_dump", ["--format=custom", "--no-password", `--file=${partial}`, `--dbname=${dbname}`], {
      env,
      stdio: ["ignore", "ignore", "pipe"],
    }),
    "pg_dump",
  );
  if (run.code !== 0) throw new BackupError(`pg_dump failed: ${run.stderr || `exit code ${run.code}`}`);
}

/**
 * Empties the database of what a restore brings back: the migrations' schema and every table, view, sequence,
 * function and type of the public schema (objects owned by an extension stay).
 */
const clearDatabase = `
drop schema if exists "drizzle" cascade;
do $$
declare item record;
begin
  for item in
    select format('drop table if exists public.%I cascade', c.relname) as statement from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    union all
    select format('drop view if exists public.%I cascade', c.relname) from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind in ('v', 'm')
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    union all
    select format('drop sequence if exists public.%I cascade', c.relname) from pg_class c
      where c.relnamespace = 'public'::regnamespace and c.relkind = 'S'
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')
    union all
    select format('drop routine if exists %s cascade', p.oid::regprocedure) from pg_proc p
      where p.pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
    union all
    select format('drop type if exists public.%I cascade', t.typname) from pg_type t
      where t.typnamespace = 'public'::regnamespace and t.typtype in ('e', 'd')
        and not exists (select 1 from pg_depend d where d.objid = t.oid and d.deptype = 'e')
  loop
    execute item.statement;
  end loop;
end $$;
`;

async function restorePostgres(databaseUrl: string, file: string, force: boolean): Promise<void> {
  if (!force) {
    const client = new pg.Client({ connectionString: databaseUrl });
    try {
      await client.connect();
    } catch (error) {
      throw new BackupError(`Cannot connect to the database in DATABASE_URL: ${errorMessage(error)}`);
    }
    try {
      const accounts = await accountsIn((statement) => client.query(statement));
      if (accounts > 0)
        refuseToOverwrite(accounts, `The PostgreSQL database ${new URL(databaseUrl).pathname.slice(1)}`);
    } finally {
      await client.end();
    }
  }
  const { dbname, env } = connection(databaseUrl);
  // psql runs the whole restore as one transaction, committed only after pg_restore has written the archive out
  // completely; if either fails, psql ends without COMMIT and PostgreSQL rolls everything back.
  const psql = spawn(
    "psql",
    ["--no-psqlrc", "--quiet", "--no-password", "--set=ON_ERROR_STOP=1", `--dbname=${dbname}`],
    { env, stdio: ["pipe", "ignore", "pipe"] },
  );
  const psqlDone = finished(psql, "psql");
  psql.stdin.on("error", () => {}); // psql stopped at an error: its exit code and message tell
  psql.stdin.write(`begin;\n${clearDatabase}\n`);
  const restore = spawn("pg_restore", ["--no-owner", "--no-privileges", "--file=-", file], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  restore.stdout.pipe(psql.stdin, { end: false });
  let restoreRun: ToolRun;
  try {
    restoreRun = await finished(restore, "pg_restore");
  } catch (error) {
    psql.kill();
    await psqlDone.catch(() => undefined);
    throw error;
  }
  if (restoreRun.code !== 0) {
    psql.kill();
    await psqlDone.catch(() => undefined);
    throw new BackupError(
      `pg_restore could not read ${file}: ${restoreRun.stderr || `exit code ${restoreRun.code}`}. Nothing was changed.`,
    );
  }
  psql.stdin.end("commit;\n");
  const psqlRun = await psqlDone;
  if (psqlRun.code !== 0)
    throw new BackupError(
      `The restore failed and was rolled back, nothing was changed: ${psqlRun.stderr || `psql exit code ${psqlRun.code}`}`,
    );
}
