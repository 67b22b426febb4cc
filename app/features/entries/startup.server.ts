import { demoContentEnabled } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { RepeatingTask } from "~/lib/repeating-task.server";
import { leasedRound } from "~/features/platform/background-lease.server";
import { logDemoAccount, seedDemoBudget } from "./demo-seed.server";
import { purgeUndoCopies } from "./entry-writer.server";

/** The demo account with its year of transactions, when demo content is on. */
export async function seedBudgetDemo(): Promise<void> {
  if (!demoContentEnabled()) return;
  await seedDemoBudget();
  logDemoAccount();
}

const undoPurgeIntervalMs = 60 * 60_000;

/** Removes the copies undo keeps of deleted entries once their day is over: at start, then every hour. */
const undoPurge = new RepeatingTask(
  leasedRound("undo copies purge", undoPurgeIntervalMs, async () => {
    try {
      const removed = await purgeUndoCopies();
      if (removed > 0) logger.info({ entries: removed }, "copies of deleted entries removed after their undo time");
    } catch (error) {
      logger.warn({ err: error }, "copies of deleted entries could not be purged; trying again next round");
    }
  }),
  undoPurgeIntervalMs,
);

export async function startUndoPurge(): Promise<void> {
  undoPurge.start();
}

export function stopUndoPurge(): Promise<void> {
  return undoPurge.stop();
}
