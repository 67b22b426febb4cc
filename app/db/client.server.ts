import crypto from "node:crypto";
import fs from "node:fs";
import pg from "pg";
import { pgliteExtensions } from "./pglite-extensions.server";
import path from "node:path";
import { PGlite, types as pgliteTypes, type QueryOptions } from "@electric-sql/pglite";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import * as schema from "./schema";
import { ReleasingPool } from "./postgres-pool.server";
import { ReadBatcher, type ArrayResult } from "./read-batch.server";
import { StatementNames } from "./statement-names.server";
import { acquireDataDirLock, type DataDirLock } from "./data-dir-lock.server";
import { processWideSlot } from "~/lib/global-singleton";
import { logger } from "~/lib/logger.server";
import { getRequestStore } from "~/lib/request-store.server";
import { fieldOf } from "~/lib/field-of";
import type { Logger as QueryLogger } from "drizzle-orm/logger";

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

interface OpenDatabase {
  db: Database;
  kind: "pglite" | "postgres";
  /** The embedded database's folder on disk (none in memory or on PostgreSQL). */
  directory?: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The embedded database's whole data directory as a tar file (PGlite only). */
  dump?(): Promise<Blob>;
  /** Runs `work` while no other process on this database runs its own (see `aloneOnDatabase`). */
  alone<T>(work: () => Promise<T>): Promise<T>;
  /** See `tellOtherProcesses` and `hearOtherProcesses`. */
  tell(channel: string): Promise<void>;
  hear(channel: string, listener: () => void): Promise<void>;
}

export const migrationsFolder = path.resolve(process.cwd(), "db/migrations");

/**
 * Counts each statement against the request that sent it (one round trip each; PGlite's own begin and commit of a
 * transaction excepted): the request log shows it, and tests hold a page to its number.
 */
const countQueries: QueryLogger = {
  logQuery(query) {
    const store = getRequestStore();
    if (store) store.queries = (store.queries ?? 0) + 1;
    // The statement's text only, never its parameters (passwords, tokens, amounts).
    if (logger.isLevelEnabled("trace")) (store?.log ?? logger).trace({ query }, "database query");
  },
};

// Kept on globalThis so the dev server's module reloads reuse one connection (PGlite allows one per directory).
const openSlot = processWideSlot<OpenDatabase>("database");
/**
 * The database closed last, until another opens. A loader still running when the server closes it at shutdown (its
 * client went away, so the server no longer waited for it) then meets the driver's own "closed" rejection on its next
 * statement, which the route handles, instead of a synchronous throw from `db()`: thrown while a `Promise.all` array
 * was being built, that left the array's earlier promises' rejections unhandled, and ended the process.
 */
const closedSlot = processWideSlot<Database>("closed database");

export function db(): Database {
  const open = openSlot.get()?.db ?? closedSlot.get();
  if (!open) throw new Error("The database is not open: call openDatabase() first.");
  return open;
}

export function databaseKind(): OpenDatabase["kind"] | undefined {
  return openSlot.get()?.kind;
}

export function embeddedDatabaseDirectory(): string | undefined {
  return openSlot.get()?.directory;
}

/** Where PGlite keeps its files inside DATA_DIR (beside the lock file). */
export function pgliteLocation(dataDir: string): string {
  return path.join(path.resolve(dataDir), "pglite");
}

export interface OpenDatabaseOptions {
  /** postgres:// URL; without it PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory; "memory://" for a throwaway in-memory database. */
  dataDir?: string;
  /** A data directory dumped by `dumpEmbeddedDatabase` for a new embedded database to start from (tests start from one
   * migrated copy). */
  initialData?: Blob;
  /** PostgreSQL: send the reads a process repeats as prepared statements (false behind a pooler that cannot keep them). */
  preparedStatements?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const already = openSlot.get();
  if (already) return already.db;
  const open = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.preparedStatements ?? true)
    : await openPglite(options.dataDir ?? "memory://", options.initialData);
  openSlot.set(open);
  closedSlot.set(undefined);
  return open.db;
}

export async function migrateDatabase(): Promise<void> {
  const open = openSlot.get();
  if (!open) throw new Error("The database is not open.");
  await open.migrate();
}

/**
 * Runs `work` while no other server process or instance on the same database runs its own: start-up (migrations, the
 * demo seeds) in several processes at once would race. A session-level advisory lock on PostgreSQL; the embedded
 * database is only ever opened by one process (data-dir-lock.server.ts), so there it simply runs.
 */
export async function aloneOnDatabase<T>(work: () => Promise<T>): Promise<T> {
  const open = openSlot.get();
  if (!open) throw new Error("The database is not open.");
  return open.alone(work);
}

/** This process among the server processes on one database: what it tells others carries it, so it never hears itself. */
const processToken = crypto.randomUUID();

/**
 * Tells every other server process on the same database (workers, instances) that something happened on `channel`
 * (a name of our own: letters and underscores), through PostgreSQL's NOTIFY. The embedded database has only this
 * process, so there it does nothing; the caller tells its own process itself, at once.
 */
export async function tellOtherProcesses(channel: string): Promise<void> {
  await openSlot.get()?.tell(channel);
}

/**
 * Calls `listener` whenever another process tells `channel`, over a connection of its own (LISTEN), and once more
 * after that connection was lost and came back, as a message may have been missed meanwhile.
 */
export async function hearOtherProcesses(channel: string, listener: () => void): Promise<void> {
  const open = openSlot.get();
  if (!open) throw new Error("The database is not open.");
  await open.hear(channel, listener);
}

export async function dumpEmbeddedDatabase(): Promise<Blob> {
  const dump = openSlot.get()?.dump;
  if (!dump) throw new Error("Only an open embedded database can be dumped.");
  return dump();
}

export async function closeDatabase(): Promise<void> {
  const open = openSlot.get();
  openSlot.set(undefined);
  if (open) closedSlot.set(open.db);
  await open?.close();
}

export async function pingDatabase(): Promise<boolean> {
  try {
    await db().execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

async function openPglite(dataDir: string, initialData?: Blob): Promise<OpenDatabase> {
  let lock: DataDirLock | undefined;
  let location = dataDir;
  let directory: string | undefined;
  if (!dataDir.startsWith("memory://")) {
    directory = path.resolve(dataDir);
    fs.mkdirSync(directory, { recursive: true });
    lock = acquireDataDirLock(directory);
    location = pgliteLocation(directory);
  }
  const client = new PGlite(location, { extensions: pgliteExtensions, loadDataDir: initialData });
  await client.waitReady;
  joinPgliteReads(client);
  const database = drizzlePglite({ client, schema, logger: countQueries });
  return {
    db: database,
    kind: "pglite",
    directory,
    migrate: () => migratePglite(database, { migrationsFolder }),
    dump: () => client.dumpDataDir("none"),
    alone: (work) => work(),
    tell: () => Promise.resolve(),
    hear: () => Promise.resolve(),
    async close() {
      await client.close();
      lock?.release();
    },
  };
}

/**
 * A request's reads in Drizzle's array mode, sent together where they can be (read-batch.server.ts). The embedded
 * database is asked through its instance's `query`, which Drizzle calls with the parsers it wants; its transactions
 * have their own.
 */
function joinPgliteReads(client: PGlite): void {
  const query = client.query.bind(client);
  const batcher = new ReadBatcher(
    async (text, params) => (await query<unknown[]>(text, params, { rowMode: "array" })).rows[0]!,
  );
  client.query = (<T>(text: string, params?: unknown[], options?: QueryOptions) => {
    if (options?.rowMode !== "array" || !Array.isArray(params)) return query<T>(text, params, options);
    return batcher.read({
      text,
      params,
      // Drizzle's parsers first, then the instance's (which hold the array types it read from the database).
      parse: (type, value) =>
        pgliteTypes.parseType(value, type, options.parsers?.[type] ? options.parsers : client.parsers),
      alone: () => query<unknown[]>(text, params, options),
    });
  }) as PGlite["query"];
}

/** The same for PostgreSQL's pool, whose `query` Drizzle calls with a config of its own types; a checked-out
 * connection (a transaction) is not the pool and sends each statement as it comes. */
function joinPoolReads(pool: pg.Pool, names: StatementNames | undefined): void {
  const query = pool.query.bind(pool) as (
    config: pg.QueryArrayConfig,
    values?: unknown[],
  ) => Promise<pg.QueryArrayResult>;
  // A read sent again goes under its name: PostgreSQL parses and plans it once per connection (decision 0035).
  const named = <Config extends { text: string }>(config: Config): Config => {
    const name = names?.nameOf(config.text);
    return name === undefined ? config : { ...config, name };
  };
  const batcher = new ReadBatcher(
    async (text, params) => (await query(named({ text, values: params, rowMode: "array" }))).rows[0]!,
  );
  pool.query = new Proxy(pool.query, {
    apply(target, thisArg, args: unknown[]) {
      const [config, values] = args;
      if (args.length !== 2 || !isArrayModeConfig(config) || !Array.isArray(values)) {
        return Reflect.apply(target, thisArg, args);
      }
      const typeParser = config.types?.getTypeParser ?? pg.types.getTypeParser;
      return batcher.read({
        text: config.text,
        params: values,
        parse: (type, value) => (typeParser(type, "text") as (text: string) => unknown)(value),
        alone: () => query(named(config), values) as Promise<ArrayResult>,
      });
    },
  });
}

function isArrayModeConfig(config: unknown): config is pg.QueryArrayConfig & { types?: pg.CustomTypesConfig } {
  return (
    typeof config === "object" &&
    config !== null &&
    fieldOf(config, "rowMode") === "array" &&
    typeof fieldOf(config, "text") === "string" &&
    fieldOf(config, "name") === undefined
  );
}

/** The LISTEN connections of one PostgreSQL database, each kept open (and opened again after a loss) until closed. */
class NotificationListeners {
  private readonly clients = new Set<pg.Client>();
  private closed = false;

  constructor(private readonly databaseUrl: string) {}

  async hear(channel: string, listener: () => void): Promise<void> {
    if (!/^[a-z_]+$/.test(channel)) throw new Error(`Not a channel name: ${channel}`);
    const client = new pg.Client({ connectionString: this.databaseUrl, connectionTimeoutMillis: 10_000 });
    this.clients.add(client);
    client.on("notification", (message) => {
      if (message.channel === channel && message.payload !== processToken) listener();
    });
    client.on("error", (error) =>
      logger.warn({ err: error, channel }, "PostgreSQL notifications lost; listening again"),
    );
    client.on("end", () => {
      this.clients.delete(client);
      if (this.closed) return;
      setTimeout(() => {
        if (this.closed) return;
        this.hear(channel, listener).then(listener, (error: unknown) =>
          logger.warn({ err: error, channel }, "PostgreSQL notifications could not be listened to again"),
        );
      }, 5_000).unref();
    });
    await client.connect();
    await client.query(`listen ${channel}`);
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.clients].map((client) => client.end().catch(() => undefined)));
  }
}

/** The advisory lock `aloneOnDatabase` holds: "SAMEN" in ASCII, a number no other lock of ours uses. */
const startUpLockKey = 0x53414d454e;

async function openPostgres(databaseUrl: string, preparedStatements: boolean): Promise<OpenDatabase> {
  // A server that does not answer (a network cut rather than a refused connection) fails a request after 10 s
  // with a 503 page, instead of holding it open for as long as the client waits.
  const pool = new ReleasingPool({ connectionString: databaseUrl, max: 10, connectionTimeoutMillis: 10_000 });
  // A connection the server drops (restart, failover, a dropped test database) must not crash the process:
  // the pool discards it and opens a new one on the next query.
  pool.on("error", (error) => logger.warn({ err: error }, "PostgreSQL connection lost"));
  // The pool listens only to idle connections; one checked out (a transaction between two statements) that loses its
  // server emits "error" on the client itself, which without a listener would end the process. Its query or
  // transaction is refused all the same, and the pool throws the connection away when it is released.
  pool.on("connect", (client) =>
    client.on("error", (error) => logger.warn({ err: error }, "PostgreSQL connection lost while in use")),
  );
  joinPoolReads(pool, preparedStatements ? new StatementNames() : undefined);
  const database = drizzlePg({ client: pool, schema, logger: countQueries });
  const listeners = new NotificationListeners(databaseUrl);
  return {
    db: database,
    kind: "postgres",
    migrate: () => migratePg(database, { migrationsFolder }),
    async alone(work) {
      const connection = await pool.connect();
      try {
        await connection.query("select pg_advisory_lock($1)", [startUpLockKey]);
        try {
          return await work();
        } finally {
          await connection.query("select pg_advisory_unlock($1)", [startUpLockKey]);
        }
      } finally {
        connection.release();
      }
    },
    tell: async (channel) => {
      await database.execute(sql`select pg_notify(${channel}, ${processToken})`);
    },
    hear: (channel, listener) => listeners.hear(channel, listener),
    async close() {
      await listeners.close();
      await pool.end();
    },
  };
}
