import crypto from "node:crypto";
import type { Logger } from "pino";
import type { Language } from "~/domain/languages";
import { logger as rootLogger } from "~/lib/logger.server";
import { getTranslationProvider } from "./providers.server";
import {
  claimTranslationJob,
  completeTranslationJob,
  failTranslationJob,
  retryTranslationJob,
  type ClaimedJob,
} from "./queue.server";
import { classifyTranslationError } from "./translation-errors";
import { processWideSlot } from "~/lib/global-singleton";

export type WorkerState = "idle" | "working" | "stopped" | "quota-exceeded" | "not-configured";

export type JobOutcome = "none" | "done" | "retry" | "failed" | "quota-exceeded" | "not-configured";

/**
 * Translates one queued job: the worker drains the queue, the feature that owns the content does the work (the
 * blog hands in its article translation at start-up), so translation never reaches into its callers.
 */
export type TranslateJob = (job: { articleId: string; targetLanguage: Language }) => Promise<{ error?: string }>;

export interface TranslationWorkerOptions {
  translate: TranslateJob;
  /** Pause after each translation call (TRANSLATION_PAUSE_MS), so a provider is never flooded. */
  pauseMs: number;
  /** How often an idle worker looks for due jobs (retries become due without anyone waking it). */
  idlePollMs?: number;
  /** First back-off after a rate limit; doubles per attempt up to maxBackoffMs. */
  backoffMs?: number;
  maxBackoffMs?: number;
  /** A rate-limited job is retried this many times, any other failure this many times. */
  maxRateLimitAttempts?: number;
  maxErrorAttempts?: number;
  log?: Logger;
}

/**
 * Drains the translation_job table inside the server process: claims a job, translates, pauses, repeats.
 * Rate limits back off and retry; an exhausted quota stops the worker (and says so) until a creator
 * starts it again; jobs live in the database, so a restart loses nothing.
 */
export class TranslationWorker {
  readonly id = `worker-${crypto.randomUUID()}`;
  state: WorkerState = "stopped";
  lastError: string | undefined;
  private readonly options: Required<Omit<TranslationWorkerOptions, "log" | "translate">>;
  private readonly translate: TranslateJob;
  private readonly log: Logger;
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  /** A wake that came while the worker was busy (claiming, translating): its next wakeable sleep ends at once. */
  private wakeRequested = false;

  constructor(options: TranslationWorkerOptions) {
    this.options = {
      idlePollMs: 15_000,
      backoffMs: Math.max(options.pauseMs, 1000) * 2,
      maxBackoffMs: 10 * 60 * 1000,
      maxRateLimitAttempts: 10,
      maxErrorAttempts: 3,
      ...options,
    };
    this.translate = options.translate;
    this.log = (options.log ?? rootLogger).child({ worker: this.id });
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.state = "idle";
    this.loop = this.run().catch((error: unknown) => {
      this.log.error({ err: error }, "translation worker crashed");
      this.running = false;
      this.state = "stopped";
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake();
    await this.loop;
    this.state = "stopped";
  }

  /** Starts looking for work now instead of at the next poll (after publishing or a bulk request). */
  wake(): void {
    this.wakeRequested = true;
    this.wakeUp?.();
  }

  /** After a quota stop: a creator asked again, so try again. */
  resume(): void {
    if (this.state === "quota-exceeded") {
      this.state = "idle";
      this.lastError = undefined;
    }
    if (!this.running) this.start();
    this.wake();
  }

  /** Read afresh: a job may have met the quota since the loop last looked (the compiler would keep its old answer). */
  private quotaExceeded(): boolean {
    return this.state === "quota-exceeded";
  }

  private async run(): Promise<void> {
    while (this.running) {
      if (this.state === "quota-exceeded") {
        await this.sleep(this.options.idlePollMs * 4, true);
        continue;
      }
      if (!getTranslationProvider()) {
        this.state = "not-configured";
        await this.sleep(this.options.idlePollMs, true);
        continue;
      }
      let outcome: JobOutcome;
      try {
        outcome = await this.runOnce();
      } catch (error) {
        // The database may be gone (shutdown) or briefly unreachable; try again later.
        if (!this.running) break;
        this.log.warn({ err: error }, "translation worker could not reach the queue");
        outcome = "none";
      }
      if (outcome === "none") await this.sleep(this.options.idlePollMs, true);
      else if (!this.quotaExceeded()) await this.sleep(this.options.pauseMs, false);
    }
  }

  /** Claims and handles one job; "none" when nothing is due. */
  async runOnce(): Promise<JobOutcome> {
    // This claim sees everything queued so far; only a wake from here on should cut the next sleep short.
    this.wakeRequested = false;
    const job = await claimTranslationJob({ workerId: this.id });
    if (!job) {
      if (this.state === "working") this.state = "idle";
      return "none";
    }
    this.state = "working";
    const result = await this.translate({ articleId: job.articleId, targetLanguage: job.targetLanguage });
    if (!result.error) {
      await completeTranslationJob({ jobId: job.id, workerId: this.id });
      return "done";
    }
    return this.handleFailure(job, result.error);
  }

  private async handleFailure(job: ClaimedJob, error: string): Promise<JobOutcome> {
    const kind = classifyTranslationError(error);
    const log = this.log.child({
      jobId: job.id,
      articleId: job.articleId,
      language: job.targetLanguage,
      attempts: job.attempts,
    });
    switch (kind) {
      case "quota":
        await retryTranslationJob({ jobId: job.id, workerId: this.id, delayMs: 0, error, countAttempt: false });
        this.state = "quota-exceeded";
        this.lastError = error;
        log.error({ error }, "translation quota exceeded: background translation stopped until a creator restarts it");
        return "quota-exceeded";
      case "not-configured":
        await retryTranslationJob({ jobId: job.id, workerId: this.id, delayMs: 0, error, countAttempt: false });
        this.state = "not-configured";
        return "not-configured";
      case "rate-limit": {
        if (job.attempts >= this.options.maxRateLimitAttempts) {
          await failTranslationJob({ jobId: job.id, workerId: this.id, error });
          log.warn({ error }, "translation still rate-limited after many attempts; giving up on this job");
          return "failed";
        }
        const delayMs = this.backoff(job.attempts);
        await retryTranslationJob({ jobId: job.id, workerId: this.id, delayMs, error });
        log.info({ delayMs }, "translation rate-limited; retrying later");
        return "retry";
      }
      case "not-found":
      case "same-language":
        await failTranslationJob({ jobId: job.id, workerId: this.id, error });
        return "failed";
      default: {
        if (job.attempts >= this.options.maxErrorAttempts) {
          await failTranslationJob({ jobId: job.id, workerId: this.id, error });
          log.warn({ error }, "translation failed; giving up on this job");
          return "failed";
        }
        await retryTranslationJob({ jobId: job.id, workerId: this.id, delayMs: this.backoff(job.attempts), error });
        return "retry";
      }
    }
  }

  /** Exponential back-off with a little jitter, so many workers do not retry in step. */
  private backoff(attempts: number): number {
    const base = Math.min(this.options.backoffMs * 2 ** Math.max(0, attempts - 1), this.options.maxBackoffMs);
    return Math.round(base * (0.9 + Math.random() * 0.2));
  }

  private sleep(ms: number, wakeable: boolean): Promise<void> {
    // Work queued while the last claim was on its way must not wait for the next poll.
    if (wakeable && this.wakeRequested && this.running) {
      this.wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        if (wakeable) this.wakeRequested = false;
        resolve();
      };
      const timer = setTimeout(done, ms);
      timer.unref?.();
      if (wakeable || !this.running) this.wakeUp = done;
      // A stop request must never wait out a pause.
      else this.wakeUp = () => (this.running ? undefined : done());
    });
  }
}

// One worker per server process, shared by every module that queues work.
const workerSlot = processWideSlot<TranslationWorker>("translationWorker");

export function getTranslationWorker(): TranslationWorker | undefined {
  return workerSlot.get();
}

export function startTranslationWorker(options: TranslationWorkerOptions): TranslationWorker {
  const worker = workerSlot.get() ?? new TranslationWorker(options);
  workerSlot.set(worker);
  worker.start();
  return worker;
}

export function wakeTranslationWorker(): void {
  workerSlot.get()?.wake();
}
