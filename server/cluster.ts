// One server process per core with PostgreSQL (node:cluster: the workers share the port, the primary hands each new
// connection to the next worker). The embedded database admits one process, so it keeps one. Background jobs run once
// per installation whatever the number (leases, app/features/platform/background-lease.server.ts) and start-up runs
// one process at a time (aloneOnDatabase in server/app.ts).
import cluster, { type Worker } from "node:cluster";
import os from "node:os";

export interface ServerProcesses {
  count: number;
  /** Said at start-up when the number is not what WORKERS or the cores ask for. */
  note?: string;
}

/** A log line in the server's own format (pino's JSON), from the primary, which loads none of the app. */
function log(level: "info" | "warn" | "error", fields: Record<string, unknown>, msg: string): void {
  if (!logged(level)) return;
  console.log(JSON.stringify({ level: levelNumbers[level], time: Date.now(), pid: process.pid, ...fields, msg }));
}

const levelNumbers = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

/** Whether LOG_LEVEL lets a line of `level` through, as the server's own logger does. */
function logged(level: keyof typeof levelNumbers): boolean {
  const threshold = new Map(Object.entries(levelNumbers)).get(process.env.LOG_LEVEL ?? "info") ?? levelNumbers.info;
  return levelNumbers[level] >= threshold;
}

/**
 * How many server processes to run: WORKERS, else one per core, in production on PostgreSQL; one otherwise (the
 * development server is Vite's one process; PGlite has one writer). A worker of the cluster runs the server itself.
 */
export function serverProcesses({ production, env }: { production: boolean; env: NodeJS.ProcessEnv }): ServerProcesses {
  if (!cluster.isPrimary) return { count: 1 };
  const requested = env.WORKERS?.trim();
  let count = os.availableParallelism();
  if (requested) {
    count = Number(requested);
    if (!Number.isInteger(count) || count < 1 || count > 256) {
      console.error(`WORKERS must be a whole number from 1 to 256, not "${requested}".`);
      process.exit(1);
    }
  }
  if (!production || count === 1) return { count: 1 };
  if (!env.DATABASE_URL) {
    return {
      count: 1,
      note: logged("info")
        ? JSON.stringify({
            level: levelNumbers.info,
            time: Date.now(),
            msg: "one server process: the embedded database has one writer (with DATABASE_URL the server runs one per core)",
          })
        : undefined,
    };
  }
  return { count };
}

/** Runs `count` workers until SIGINT or SIGTERM, replacing one that dies; a worker that never started stops them all. */
export async function runCluster(count: number): Promise<void> {
  log("info", { workers: count }, `${count} server processes on PostgreSQL (WORKERS sets the number)`);
  const alive = new Set<Worker>();
  const listened = new Set<Worker>();
  let stopping = false;

  const fork = () => alive.add(cluster.fork());
  const stopAll = (exitCode: number) => {
    stopping = true;
    if (alive.size === 0) process.exit(exitCode);
    for (const worker of alive) worker.process.kill("SIGTERM");
    process.exitCode = exitCode;
  };

  cluster.on("listening", (worker) => listened.add(worker));
  cluster.on("exit", (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) {
      if (alive.size === 0) process.exit();
      return;
    }
    // One that ends before it ever listened could not start (configuration, database): a single process would have
    // stopped, so the cluster does too, instead of starting it again for ever.
    if (!listened.has(worker)) {
      log("error", { pid: worker.process.pid, code }, "a server process could not start; stopping");
      stopAll(code || 1);
      return;
    }
    listened.delete(worker);
    log("warn", { pid: worker.process.pid, code, signal }, "a server process ended; starting another");
    setTimeout(() => {
      if (!stopping) fork();
    }, 1_000).unref();
  });
  process.on("SIGINT", () => stopAll(0));
  process.on("SIGTERM", () => stopAll(0));
  for (let index = 0; index < count; index++) fork();
}
