import { logger } from "~/lib/logger.server";
import { type RepeatingTask } from "~/lib/repeating-task.server";
import { leasedTask } from "~/features/platform/background-lease.server";
import { purgeExpiredDrafts } from "./statement-import.server";
import { processWideSlot } from "~/lib/global-singleton";

/**
 * Removes statement drafts a day after upload, at start and then every `intervalMs`, whether or not anyone uploads
 * again. One server process of the installation runs it (leasedRound).
 */
export class DraftPurgeWorker {
  private readonly task: RepeatingTask;

  constructor({ intervalMs = 15 * 60_000, now = () => new Date() }: { intervalMs?: number; now?: () => Date } = {}) {
    this.task = leasedTask("statement draft purge", intervalMs, () => this.purge(now()));
  }

  start(): void {
    this.task.start();
  }

  /** Stops the timer and waits for a round under way, so the database can be closed after it. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  /** One round; a database that cannot be reached is logged and tried again next round. */
  async purge(now: Date = new Date()): Promise<number> {
    try {
      const removed = await purgeExpiredDrafts(now);
      if (removed > 0) logger.info({ drafts: removed }, "expired statement drafts removed");
      return removed;
    } catch (error) {
      logger.warn({ err: error }, "statement drafts could not be purged; trying again next round");
      return 0;
    }
  }
}

// One worker per server process, started and stopped by server/startup.ts.
const workerSlot = processWideSlot<DraftPurgeWorker>("draftPurge");

export function startDraftPurge(): Promise<void> {
  const worker = workerSlot.get() ?? new DraftPurgeWorker();
  workerSlot.set(worker);
  worker.start();
  return Promise.resolve();
}

export async function stopDraftPurge(): Promise<void> {
  await workerSlot.get()?.stop();
  workerSlot.set(undefined);
}
