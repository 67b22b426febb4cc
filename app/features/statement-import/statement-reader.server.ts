import type { StatementFileRead } from "~/domain/statements/read-file";
import { logger } from "~/lib/logger.server";
import { runOnWorker, workerFile } from "~/lib/worker-pool.server";
import type { StatementReadTask } from "./statement-reader.worker";

/**
 * Statement files are read on the worker pool (lib/worker-pool.server.ts), each read with a time budget (issue 20): a
 * file that takes longer than `readBudgetMs` costs one thread, which is terminated, and the user reads "This file is
 * too complex to read" (TOO_COMPLEX); the event loop never waits on a file.
 */

/** How long one read may take (10 MB of CAMT reads in about two seconds). */
export const readBudgetMs = 5_000;

const statementWorker = workerFile("app/features/statement-import/statement-reader.worker.ts");

/** `readStatementFile` on a pool thread: a file that takes longer than the budget is TOO_COMPLEX. */
export async function readStatementInWorker(
  bytes: Uint8Array,
  options: { mapping?: unknown; budgetMs?: number } = {},
): Promise<StatementFileRead> {
  const started = performance.now();
  const task: StatementReadTask = { bytes, ...(options.mapping === undefined ? {} : { mapping: options.mapping }) };
  const read = await runOnWorker<StatementFileRead>(statementWorker, task, {
    budgetMs: options.budgetMs ?? readBudgetMs,
  });
  if (read.ok) return read.value;
  logger.warn(
    { bytes: bytes.byteLength, ms: Math.round(performance.now() - started) },
    "statement read stopped by its time budget",
  );
  return { kind: "error", error: { code: "TOO_COMPLEX" } };
}
