import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";
import type { StatementFileRead } from "~/domain/statements/read-file";
import { logger } from "~/lib/logger.server";
import type { StatementReadTask } from "./statement-reader.worker";

/**
 * Statement files are read in a small pool of worker threads, each read with a time budget (issue 20): a file that
 * takes longer than `readBudgetMs` costs one worker, which is terminated, and the user reads "This file is too complex
 * to read" (TOO_COMPLEX); the server's event loop never waits on a file. At most `maxThreads` reads run at once; more
 * wait for a thread, and the budget starts when a thread takes the read, so a queue does not spend it.
 */

/** How long one read may take (10 MB of CAMT reads in about a second). */
export const readBudgetMs = 5_000;
/** Threads: one less than the cores, at least one, at most two (a read is memory-hungry: up to 10 MB of text). */
const maxThreads = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/**
 * The worker's source file, found from the working directory as the database migrations are (client.server.ts): the
 * server always runs from the project root, and in the production build this module is bundled into build/server.
 */
export const statementWorkerFile = path.resolve(process.cwd(), "app/features/statement-import/statement-reader.worker.ts");

let pool: Piscina | undefined;
/** Threads free to take a read now; reads past them wait in `waiting`, in order. */
let free = maxThreads;
const waiting: (() => void)[] = [];

function readers(): Piscina {
  pool ??= new Piscina({
    filename: pathToFileURL(statementWorkerFile).href,
    minThreads: 1,
    maxThreads,
    // A thread kept a minute after its last read: starting one (tsx compiles the readers) takes a few hundred ms.
    idleTimeout: 60_000,
    // tsx lets the thread load the TypeScript sources (the readers' extensionless imports) in every mode; the parent's
    // own options (--conditions=development in development) are kept.
    execArgv: [...process.execArgv.filter((option) => !option.startsWith("--input-type")), "--import", "tsx"],
  });
  return pool;
}

async function thread(): Promise<() => void> {
  if (free > 0) free--;
  else await new Promise<void>((resolve) => waiting.push(resolve));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const next = waiting.shift();
    if (next) next();
    else free++;
  };
}

/** Whether a rejected run was ended by its budget. */
function timedOut(error: unknown, signal: AbortSignal): boolean {
  return signal.aborted || (error instanceof Error && error.name === "AbortError");
}

/**
 * Runs `task` on a pool thread (the worker file's `name` export, or another file's, for tests) with a budget: the
 * answer, or `undefined` when the budget ran out and the thread was terminated.
 */
export async function runWithBudget<Result>(task: unknown, { budgetMs = readBudgetMs, filename, name }: { budgetMs?: number; filename?: string; name?: string } = {}): Promise<{ ok: true; value: Result } | { ok: false }> {
  const release = await thread();
  const signal = AbortSignal.timeout(budgetMs);
  try {
    const value = (await readers().run(task, { signal, ...(filename ? { filename: pathToFileURL(filename).href } : {}), ...(name ? { name } : {}) })) as Result;
    return { ok: true, value };
  } catch (error) {
    if (timedOut(error, signal)) return { ok: false };
    throw error;
  } finally {
    release();
  }
}

/** `readStatementFile` on a pool thread: a file that takes longer than the budget is TOO_COMPLEX. */
export async function readStatementInWorker(bytes: Uint8Array, options: { mapping?: unknown; budgetMs?: number } = {}): Promise<StatementFileRead> {
  const started = performance.now();
  const task: StatementReadTask = { bytes, ...(options.mapping === undefined ? {} : { mapping: options.mapping }) };
  const read = await runWithBudget<StatementFileRead>(task, { budgetMs: options.budgetMs ?? readBudgetMs });
  if (read.ok) return read.value;
  logger.warn({ bytes: bytes.byteLength, ms: Math.round(performance.now() - started) }, "statement read stopped by its time budget");
  return { kind: "error", error: { code: "TOO_COMPLEX" } };
}

/** The ids of the pool's threads now, for tests: a thread whose read ran out of budget is gone. */
export function statementReaderThreadIds(): number[] {
  return pool?.threads.map((thread) => thread.threadId) ?? [];
}

/** Starts the first thread at start-up, so the first upload does not wait for it. */
export async function startStatementReaders(): Promise<void> {
  readers();
}

/** Shutting down: ends the threads (a read under way is cut; its request has been drained or cut already). */
export async function stopStatementReaders(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.destroy();
}
