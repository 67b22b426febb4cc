import { and, asc, eq, isNull, lt, lte, or, sql } from "drizzle-orm";
import { db, type Database } from "~/db/client.server";
import { mailOutbox } from "~/db/schema/mail";

/**
 * How long a claimed mail stays out of other workers' reach: far longer than one attempt can take (the transport gives
 * up on a silent server within a minute), so a slow server is never sent the same mail twice; a worker that dies
 * mid-send leaves the mail to be tried again after this.
 */
export const claimLeaseMs = 15 * 60 * 1000;

export interface QueuedMail {
  id: string;
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  attempts: number;
  createdAt: Date;
}

interface NewQueuedMail {
  kind: string;
  recipient: string;
  subject: string;
  html: string;
  text: string;
  lastError: string;
  now: Date;
}

/** Keeps a mail whose first attempt failed, to be tried again at `nextAttemptAt`. */
export async function queueMail(mail: NewQueuedMail & { nextAttemptAt: Date }): Promise<string> {
  const { now, ...values } = mail;
  const [row] = await db()
    .insert(mailOutbox)
    .values({ ...values, attempts: 1, createdAt: now })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("The outbox row was not written.");
  return row.id;
}

/** Records (without its body) a mail the server refused for good at the first attempt, so the logged id can be looked up. */
export async function recordRefusedMail(mail: NewQueuedMail): Promise<string> {
  const { now, ...values } = mail;
  const [row] = await db()
    .insert(mailOutbox)
    .values({ ...values, html: "", text: "", attempts: 1, createdAt: now, nextAttemptAt: now, failedAt: now })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("The outbox row was not written.");
  return row.id;
}

/**
 * Takes the earliest due mail and pushes its next attempt a lease ahead. FOR UPDATE SKIP LOCKED lets several server
 * instances claim at once without waiting for each other or taking the same row; the lease keeps the row out of the
 * next claim until this worker records what happened.
 */
export async function claimDueMail({ now }: { now: Date }): Promise<QueuedMail | undefined> {
  const waiting = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), lte(mailOutbox.nextAttemptAt, now));
  const due = db()
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(waiting)
    .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.createdAt))
    .limit(1)
    .for("update", { skipLocked: true });
  const [row] = await db()
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + claimLeaseMs) })
    // `id = (subquery)`, evaluated once, and not `id in (subquery)`: PostgreSQL may run an IN's subquery again for each
    // row it scans, and with SKIP LOCKED each run finds the next mail, so one claim took the whole queue and all but
    // the first waited out the claim's lease unsent.
    .where(and(eq(mailOutbox.id, sql`(${due})`), waiting))
    .returning({
      id: mailOutbox.id,
      kind: mailOutbox.kind,
      recipient: mailOutbox.recipient,
      subject: mailOutbox.subject,
      html: mailOutbox.html,
      text: mailOutbox.text,
      attempts: mailOutbox.attempts,
      createdAt: mailOutbox.createdAt,
    });
  return row;
}

const stillWaiting = (id: string) => and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt));

// A finished mail keeps no body: a reset or sign-up link in it may still work, and nothing will read it again.
const noBody = { html: "", text: "" };

export async function markMailSent({ id, now }: { id: string; now: Date }): Promise<void> {
  await db()
    .update(mailOutbox)
    .set({ sentAt: now, lastError: null, ...noBody })
    .where(stillWaiting(id));
}

export async function scheduleMailRetry({
  id,
  nextAttemptAt,
  lastError,
}: {
  id: string;
  nextAttemptAt: Date;
  lastError: string;
}): Promise<void> {
  await db().update(mailOutbox).set({ nextAttemptAt, lastError }).where(stillWaiting(id));
}

export async function markMailFailed({
  id,
  now,
  lastError,
}: {
  id: string;
  now: Date;
  lastError: string;
}): Promise<void> {
  await db()
    .update(mailOutbox)
    .set({ failedAt: now, lastError, ...noBody })
    .where(stillWaiting(id));
}

/** Finished mails are kept a week (enough to look up a logged mail id), then their addresses go too. */
export const finishedMailKeptMs = 7 * 24 * 60 * 60 * 1000;

export async function deleteFinishedMails({ now }: { now: Date }): Promise<number> {
  const before = new Date(now.getTime() - finishedMailKeptMs);
  const rows = await db()
    .delete(mailOutbox)
    .where(or(lt(mailOutbox.sentAt, before), lt(mailOutbox.failedAt, before)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}

/**
 * Removes every mail kept for `address` (waiting, sent or failed; the address compared without case): an account that
 * is deleted leaves no mail of its own behind. `executor` lets the deletion do it in its own database transaction.
 */
export async function deleteMailTo(executor: Pick<Database, "delete">, address: string): Promise<number> {
  const rows = await executor
    .delete(mailOutbox)
    .where(eq(sql`lower(${mailOutbox.recipient})`, address.trim().toLowerCase()))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
