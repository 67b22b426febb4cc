// Everything that runs once the database is ready, listed here and nowhere else, in the order it runs.
// Features export plain functions; nothing registers itself by being imported.
import { startAccounts } from "~/features/auth/startup.server";
import { hearArticleChanges, onArticlesChanged } from "~/features/blog/article-changes.server";
import { seedBlogDemo, startArticleTranslation } from "~/features/blog/startup.server";
import { seedBudgetDemo, startUndoPurge, stopUndoPurge } from "~/features/entries/startup.server";
import { startHouseholds } from "~/features/household/startup.server";
import { startMailRetry, stopMailRetry } from "~/features/mail/retry-worker.server";
import { onRatesUpdated, startRateUpdates, stopRateUpdates } from "~/features/rates/rate-updates.server";
import { fillPendingRates } from "~/features/entries/entry-writer.server";
import { startRecurringPosting, stopRecurringPosting } from "~/features/recurring/startup.server";
import { startInvitationPurge, stopInvitationPurge } from "~/features/sharing/startup.server";
import { releaseLeases } from "~/features/platform/background-lease.server";
import { startDraftPurge, stopDraftPurge } from "~/features/statement-import/startup.server";
import { logger } from "~/lib/logger.server";
import { startWorkerPool, stopWorkerPool } from "~/lib/worker-pool.server";
import { processPageCache } from "./page-cache";

interface StartupTask {
  name: string;
  run(): Promise<void>;
  /** Ends what `run` left running (a timer, a worker), before the database closes. */
  stop?(): Promise<void>;
}

export const startupTasks: readonly StartupTask[] = [
  {
    // Stopped last: once this process's rounds have ended, another process of the installation takes its jobs over.
    name: "background jobs: one process of the installation runs each (leases in the database)",
    run: () => Promise.resolve(),
    stop: () =>
      releaseLeases().catch((error: unknown) => logger.warn({ err: error }, "background leases could not be released")),
  },
  { name: "accounts: secret, creators, rate-limit counters", run: startAccounts },
  { name: "households: one for every new account", run: startHouseholds },
  {
    name: "page cache: render the kept pages again once articles are published or translated, here or in another process",
    run: async () => {
      onArticlesChanged(() => processPageCache().invalidate());
      await hearArticleChanges();
    },
  },
  { name: "blog: demo articles", run: seedBlogDemo },
  { name: "blog: translation worker", run: startArticleTranslation },
  { name: "budget: demo account", run: seedBudgetDemo },
  {
    name: "entries: remove the copies undo keeps of deleted entries and transfers after a day, then every hour",
    run: startUndoPurge,
    stop: stopUndoPurge,
  },
  { name: "sharing: purge expired invitations", run: startInvitationPurge, stop: stopInvitationPurge },
  {
    name: "statement import: remove drafts a day after upload, then every 15 minutes",
    run: startDraftPurge,
    stop: stopDraftPurge,
  },
  {
    name: "worker threads: statement files are read and rules matched there, each task with a time budget",
    run: startWorkerPool,
    stop: stopWorkerPool,
  },
  {
    name: "rates: the bundled history and stored rates, then the central banks' new rates every six hours",
    run: async () => {
      onRatesUpdated(fillPendingRates);
      await startRateUpdates();
    },
    stop: stopRateUpdates,
  },
  { name: "mail: retry worker for mail the SMTP server did not take", run: startMailRetry, stop: stopMailRetry },
  {
    name: "recurring: post the due dates of automatic series, then every hour",
    run: startRecurringPosting,
    stop: stopRecurringPosting,
  },
];

export async function runStartupTasks(tasks: readonly StartupTask[] = startupTasks): Promise<void> {
  for (const task of tasks) {
    const started = performance.now();
    await task.run();
    logger.debug({ task: task.name, ms: Math.round(performance.now() - started) }, "start-up task done");
  }
}

/** Shutting down: stops the tasks' workers in the reverse order of their start. */
export async function stopStartupTasks(tasks: readonly StartupTask[] = startupTasks): Promise<void> {
  for (const task of [...tasks].reverse()) await task.stop?.();
}
