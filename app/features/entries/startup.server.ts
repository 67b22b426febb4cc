import { demoContentEnabled } from "~/config.server";
import { logger } from "~/lib/logger.server";
import { processWide } from "~/lib/global-singleton";
import { leasedTask } from "~/features/platform/background-lease.server";
import { logDemoAccount, seedDemoBudget } from "./demo-seed.server";
import { purgeTransferUndoCopies } from "~/features/money-accounts/transfers.server";
import { purgeUndoCopies } from "./entry-writer.server";

/** The demo account with its year of transactions, when demo content is on. */
export async function seedBudgetDemo(): Promise<void> {
  if (!demoContentEnabled()) return;
  await seedDemoBudget();
  logDemoAccount();
}

const undoPurgeIntervalMs = 60 * 60_000;

/**
 * Removes the copies undo keeps of deleted entries and transfers once their day is over: at start, then every hour.
 * One task per process, whichever copy of this module the development server's reloads made.
 */
const undoPurge = processWide("undoPurge", () =>
  leasedTask("undo copies purge", undoPurgeIntervalMs, async () => {
    const entries = await purgeUndoCopies();
    const transfers = await purgeTransferUndoCopies();
    if (entries + transfers > 0)
      logger.info({ entries, transfers }, "copies of deleted entries and transfers removed after their undo time");
  }),
);

export async function startUndoPurge(): Promise<void> {
  undoPurge.start();
}

export function stopUndoPurge(): Promise<void> {
  return undoPurge.stop();
}
