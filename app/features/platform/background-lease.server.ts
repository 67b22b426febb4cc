import crypto from "node:crypto";
import os from "node:os";
import { eq, lt, or, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { backgroundLease } from "~/db/schema/platform";
import { logger } from "~/lib/logger.server";
import { RepeatingTask } from "~/lib/repeating-task.server";

/** This process as a lease holder: its host, its process id and a random part, so a restarted process is new. */
export const thisProcess = `${os.hostname()}/${process.pid}/${crypto.randomBytes(4).toString("hex")}`;

/**
 * Takes the job's lease, or renews it when this process holds it already, for `ttlMs` on the database's clock.
 * True when the caller holds it now; false while another process's lease has not expired.
 */
export async function holdLease(job: string, ttlMs: number, holder: string = thisProcess): Promise<boolean> {
  const expiresAt = sql`now() + ${Math.round(ttlMs)} * interval '1 millisecond'`;
  const held = await db()
    .insert(backgroundLease)
    .values({ job, holder, expiresAt })
    .onConflictDoUpdate({
      target: backgroundLease.job,
      set: { holder, expiresAt },
      setWhere: or(eq(backgroundLease.holder, holder), lt(backgroundLease.expiresAt, sql`now()`)),
    })
    .returning({ job: backgroundLease.job });
  return held.length === 1;
}

/** Gives up every lease the process holds (a clean stop), so another process takes the jobs over at its next round. */
export async function releaseLeases(holder: string = thisProcess): Promise<void> {
  await db().delete(backgroundLease).where(eq(backgroundLease.holder, holder));
}

/**
 * A background round that runs once per installation, however many server processes or instances share the
 * database: each round first takes or renews the job's lease, and a process that does not hold it skips the round.
 * The lease lasts two intervals, so its holder keeps it from round to round, and a holder that died without
 * releasing it is replaced within two intervals.
 */
export function leasedRound(
  job: string,
  intervalMs: number,
  round: () => Promise<unknown>,
  holder: string = thisProcess,
): () => Promise<unknown> {
  return async () => {
    let held: boolean;
    try {
      held = await holdLease(job, intervalMs * 2, holder);
    } catch (error) {
      logger.warn({ err: error, job }, "background job's lease could not be read; trying again next round");
      return;
    }
    if (held) return round();
  };
}

/**
 * A background job every `intervalMs`, the first round at start, run by one server process of the installation
 * (`leasedRound`). A round that fails — a database out of reach, a provider down — is logged under the job's name and
 * tried again at the next.
 */
export function leasedTask(job: string, intervalMs: number, round: () => Promise<unknown>): RepeatingTask {
  return new RepeatingTask(
    leasedRound(job, intervalMs, async () => {
      try {
        await round();
      } catch (error) {
        logger.warn({ err: error, job }, "background job failed; trying again next round");
      }
    }),
    intervalMs,
  );
}
