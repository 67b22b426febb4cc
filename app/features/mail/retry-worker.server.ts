import { logger } from "~/lib/logger.server";
import { type RepeatingTask } from "~/lib/repeating-task.server";
import { leasedTask } from "~/features/platform/background-lease.server";
import { deliverMail, type MailMessage } from "./mailer.server";
import { describeMailError, giveUpAfterMs, isPermanentMailError, retryDelayMs } from "./retry-policy";
import {
  claimDueMail,
  deleteFinishedMails,
  markMailFailed,
  markMailSent,
  scheduleMailRetry,
  type QueuedMail,
} from "./retry-queue.server";
import { processWideSlot } from "~/lib/global-singleton";

export interface MailRetryOptions {
  /** How often the queue is looked at. */
  pollMs?: number;
  /** The clock every due time and back-off is computed from; tests move it instead of waiting. */
  now?: () => Date;
  deliver?: (message: MailMessage) => Promise<void>;
}

export interface RetryRound {
  sent: number;
  retried: number;
  failed: number;
}

/** At most this many mails per round, so one round never runs for ever while mail keeps arriving. */
const maxMailsPerRound = 100;

/**
 * Delivers the mail that sendMail could not: every round it claims due mails one by one, earliest first, and sends
 * each; a failure waits longer each time (retry-policy.ts) until a day has gone by. Finished mails are deleted after
 * a week.
 */
export class MailRetryWorker {
  private readonly now: () => Date;
  private readonly deliver: (message: MailMessage) => Promise<void>;
  private readonly task: RepeatingTask;

  constructor({ pollMs = 30_000, now = () => new Date(), deliver = deliverMail }: MailRetryOptions = {}) {
    this.now = now;
    this.deliver = deliver;
    this.task = leasedTask("mail retry", pollMs, () => this.deliverDue());
  }

  /** A first round at once (mail left from before a restart), then one every `pollMs`. */
  start(): void {
    this.task.start();
  }

  /** Stops the timer and waits for a round under way, so the database can be closed after it. */
  stop(): Promise<void> {
    return this.task.stop();
  }

  /** Sends every mail due now; a database that cannot be reached is logged and tried again next round. */
  async deliverDue(): Promise<RetryRound> {
    const round: RetryRound = { sent: 0, retried: 0, failed: 0 };
    try {
      for (let count = 0; count < maxMailsPerRound; count++) {
        const mail = await claimDueMail({ now: this.now() });
        if (!mail) break;
        round[await this.attempt(mail)]++;
      }
      await deleteFinishedMails({ now: this.now() });
    } catch (error) {
      logger.warn({ err: error }, "mail retry round could not reach the outbox");
    }
    return round;
  }

  private async attempt(mail: QueuedMail): Promise<keyof RetryRound> {
    const log = logger.child({ mailId: mail.id, kind: mail.kind, attempts: mail.attempts });
    try {
      await this.deliver({
        to: mail.recipient,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
        kind: mail.kind,
      });
    } catch (error) {
      const now = this.now();
      const lastError = describeMailError(error);
      if (isPermanentMailError(error)) {
        await markMailFailed({ id: mail.id, now, lastError });
        log.error({ reason: lastError }, "queued mail refused for good by the SMTP server; not retried");
        return "failed";
      }
      if (now.getTime() - mail.createdAt.getTime() >= giveUpAfterMs) {
        await markMailFailed({ id: mail.id, now, lastError });
        log.error({ reason: lastError }, "queued mail still not delivered after a day; given up");
        return "failed";
      }
      await scheduleMailRetry({
        id: mail.id,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(mail.attempts)),
        lastError,
      });
      log.warn({ reason: lastError }, "queued mail not sent; trying again later");
      return "retried";
    }
    await markMailSent({ id: mail.id, now: this.now() });
    log.info("queued mail delivered");
    return "sent";
  }
}

// One worker per server process, started and stopped by server/startup.ts.
const workerSlot = processWideSlot<MailRetryWorker>("mailRetry");

export function startMailRetry(): Promise<void> {
  const worker = workerSlot.get() ?? new MailRetryWorker();
  workerSlot.set(worker);
  worker.start();
  return Promise.resolve();
}

export async function stopMailRetry(): Promise<void> {
  await workerSlot.get()?.stop();
  workerSlot.set(undefined);
}
