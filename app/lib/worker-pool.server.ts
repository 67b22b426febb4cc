import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Piscina } from "piscina";

/**
 * A small pool of worker threads for work a user's input can make long (issue 20): reading a statement file, matching
 * the household's rules over its rows. Each task runs with a time budget; past it the thread is terminated and the
 * caller is told, so a crafted file or pattern costs one thread, never the event loop every request waits on. At most
 * `maxThreads` tasks run at once; more wait their turn, and a budget starts when a thread takes its task.
 *
 * Worker files are TypeScript sources loaded by path through tsx (`--import tsx`): in development, in Vitest and in
 * the production build alike, as the build bundles app/ into one file a thread cannot load on its own. They are found
 * from the working directory, as the database migrations are: the server always runs from the project root.
 */

/** One less than the cores, at least one, at most two (a statement read holds up to 10 MB of text). */
const maxThreads = Math.max(1, Math.min(2, os.availableParallelism() - 1));

let pool: Piscina | undefined;
/** Threads free to take a task now; tasks past them wait in `waiting`, in order. */
let free = maxThreads;
const waiting: (() => void)[] = [];

/** A worker file's absolute path, from its path in the project ("app/features/…/x.worker.ts"). */
export function workerFile(projectPath: string): string {
  return path.resolve(process.cwd(), projectPath);
}

function threads(): Piscina {
  pool ??= new Piscina({
    minThreads: 1,
    maxThreads,
    // A thread is kept a minute after its last task: starting one (tsx compiles its sources) takes a few hundred ms.
    idleTimeout: 60_000,
    // The parent's own options (--conditions=development in development) are kept.
    execArgv: [...process.execArgv, "--import", "tsx"],
  });
  return pool;
}

async function turn(): Promise<() => void> {
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

/**
 * Runs `task` through the default export (or `name`) of `file` on a pool thread: its answer, or `{ ok: false }` when
 * `budgetMs` ran out and the thread was terminated. The task and the answer cross the thread boundary by structured
 * clone: plain objects, arrays, typed arrays, Maps and Sets.
 */
export async function runOnWorker<Result>(
  file: string,
  task: unknown,
  { budgetMs, name }: { budgetMs: number; name?: string },
): Promise<{ ok: true; value: Result } | { ok: false }> {
  const release = await turn();
  // A budget of 0 is no time at all (tests say so to see the refusal without racing a fast thread).
  const signal = budgetMs > 0 ? AbortSignal.timeout(budgetMs) : AbortSignal.abort();
  try {
    const value = (await threads().run(task, {
      signal,
      filename: pathToFileURL(file).href,
      ...(name ? { name } : {}),
    })) as Result;
    return { ok: true, value };
  } catch (error) {
    if (signal.aborted || (error instanceof Error && error.name === "AbortError")) return { ok: false };
    throw error;
  } finally {
    release();
  }
}

/** The ids of the pool's threads now, for tests: a thread whose task ran out of budget is gone. */
export function workerThreadIds(): number[] {
  return pool?.threads.map((thread) => thread.threadId) ?? [];
}

/** Starts the first thread at start-up, so the first upload does not wait for it. */
export async function startWorkerPool(): Promise<void> {
  threads();
}

/** Shutting down: ends the threads (a task under way is cut; its request has been drained or cut already). */
export async function stopWorkerPool(): Promise<void> {
  const running = pool;
  pool = undefined;
  await running?.destroy();
}
