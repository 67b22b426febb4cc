import { demoContentEnabled } from "~/config.server";
import { addMonths, monthOf, todayIn, type IsoDate } from "~/domain/periods";
import { dayInMonth } from "~/domain/recurring";
import { logger } from "~/lib/logger.server";
import { type RepeatingTask } from "~/lib/repeating-task.server";
import { leasedTask } from "~/features/platform/background-lease.server";
import { demoMonths, demoSeries, findDemoHousehold } from "~/features/entries/demo-seed.server";
import { postDueOccurrences, seedSeries, type PostedEntry } from "./recurring.server";
import { processWideSlot } from "~/lib/global-singleton";

export interface RecurringPostingOptions {
  /** How often due dates are looked for. */
  intervalMs?: number;
  /** The clock "today" is read from; tests move it instead of waiting. */
  now?: () => Date;
  /**
   * The calendar automatic series follow. Households have no time zone of their own (the reader's browser sends
   * theirs per request), so the worker posts by the server's: its TZ, UTC when unset.
   */
  timeZone?: string;
}

/**
 * Posts the due dates of automatic series: a round at start (catching up whatever fell due while the server was
 * down), then one every hour. A round posts each date once (postDueOccurrences claims it), so rounds that overlap,
 * a restart or two servers never post a date twice.
 */
export class RecurringPostingWorker {
  private readonly now: () => Date;
  private readonly timeZone: string;
  private readonly task: RepeatingTask;

  constructor({
    intervalMs = 3_600_000,
    now = () => new Date(),
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone,
  }: RecurringPostingOptions = {}) {
    this.now = now;
    this.timeZone = timeZone;
    this.task = leasedTask("recurring posting", intervalMs, () => this.postDue());
  }

  /** The first round now, the next ones every `intervalMs`. */
  start(): void {
    this.task.start();
  }

  /** Stops the timer and waits for a round under way, so the database can be closed after it. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  /** The calendar day the worker posts up to. */
  today(): IsoDate {
    return todayIn(this.timeZone, this.now());
  }

  /** Posts every date due by today; a database that cannot be reached is logged and tried again next round. */
  async postDue(): Promise<PostedEntry[]> {
    try {
      const posted = await postDueOccurrences({ today: this.today() });
      if (posted.length > 0) logger.info({ entries: posted.length }, "recurring entries posted");
      return posted;
    } catch (error) {
      logger.warn({ err: error }, "recurring entries could not be posted; trying again next round");
      return [];
    }
  }
}

// One worker per server process, started and stopped by server/startup.ts.
const workerSlot = processWideSlot<RecurringPostingWorker>("recurringPosting");

/**
 * The demo household's series (entries' `demoSeries`), from the first month of its history; each start counts the
 * days its history gained since as posted. Entries sit below this feature and may not write its tables, so the demo's
 * series are set up here, after the demo's entries (server/startup.ts runs the demo account first).
 */
export async function seedDemoSeries({ today = todayIn("Europe/Amsterdam") }: { today?: IsoDate } = {}) {
  const demo = await findDemoHousehold();
  if (!demo) return null;
  const firstMonth = addMonths(monthOf(today), 1 - demoMonths);
  return seedSeries({
    ...demo,
    today,
    series: demoSeries.map((item) => ({ ...item, startsOn: dayInMonth(firstMonth, item.dayOfMonth) })),
  });
}

export async function startRecurringPosting(): Promise<void> {
  // Before the first round: the demo's series wait for a tap, and their dates already entered must count as posted.
  if (demoContentEnabled()) {
    try {
      await seedDemoSeries();
    } catch (error) {
      logger.warn({ err: error }, "the demo household's series could not be set up");
    }
  }
  const worker = workerSlot.get() ?? new RecurringPostingWorker();
  workerSlot.set(worker);
  worker.start();
}

export async function stopRecurringPosting(): Promise<void> {
  await workerSlot.get()?.stop();
  workerSlot.set(undefined);
}
