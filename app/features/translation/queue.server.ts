import { and, eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { rowsOf } from "~/db/rows.server";
import { translationJob } from "~/db/schema/translation";
import { isLanguage, languages, type Language } from "~/domain/languages";

/** A running job whose worker has not finished it within this time is taken over (its process died). */
export const jobLeaseMs = 5 * 60 * 1000;

const languageValues = sql.raw(languages.map((code) => `('${code}')`).join(", "));

/** Pairs (original, target.code) of a published original and a language it has no version in yet. */
const missingTranslation = sql`
  original.source_article_id is null
  and original.published
  and target.code <> original.language
  and not exists (
    select 1 from blog_post version
    where version.source_article_id = original.id and version.language = target.code and version.published
  )`;

/** How many translations are missing across the blog (creators see it beside the bulk action). */
export async function countMissingTranslations(): Promise<number> {
  const result = await db().execute(sql`
    select count(*)::int as count
    from blog_post original
    cross join (values ${languageValues}) as target(code)
    where ${missingTranslation}`);
  return Number(rowsOf(result)[0]?.count ?? 0);
}

export interface EnqueueResult {
  /** Jobs this request asked for (new, re-opened, or already waiting). */
  queued: number;
}

/** Queues translations of one original into the given languages (publishing queues its seven). */
export async function enqueueTranslations({
  articleId,
  targetLanguages,
}: {
  articleId: string;
  targetLanguages: Language[];
}): Promise<EnqueueResult> {
  if (targetLanguages.length === 0) return { queued: 0 };
  const rows = await db()
    .insert(translationJob)
    .values(targetLanguages.map((targetLanguage) => ({ articleId, targetLanguage })))
    .onConflictDoNothing({ target: [translationJob.articleId, translationJob.targetLanguage] })
    .returning({ id: translationJob.id });
  return { queued: rows.length };
}

/**
 * Queues every missing translation of every published original: one job per original and language
 * without a published version. With a batch id (the creators' bulk action) failed and finished jobs are
 * re-opened and every job is tagged for the progress display; without one (the sweep) existing jobs are left alone.
 */
export async function enqueueMissingTranslations({ batchId }: { batchId?: string } = {}): Promise<EnqueueResult> {
  const missing = sql`
    select original.id, target.code, ${batchId ?? null}::text
    from blog_post original
    cross join (values ${languageValues}) as target(code)
    where ${missingTranslation}`;
  const onConflict = batchId
    ? sql`on conflict (article_id, target_language) do update set
        batch_id = excluded.batch_id,
        status = case when translation_job.status in ('failed', 'done') then 'pending' else translation_job.status end,
        attempts = case when translation_job.status in ('failed', 'done') then 0 else translation_job.attempts end,
        run_after = case when translation_job.status in ('failed', 'done') then now() else translation_job.run_after end,
        last_error = case when translation_job.status in ('failed', 'done') then null else translation_job.last_error end,
        updated_at = now()`
    : sql`on conflict (article_id, target_language) do nothing`;
  const result = await db().execute(sql`
    insert into translation_job (article_id, target_language, batch_id)
    ${missing}
    ${onConflict}
    returning id`);
  return { queued: rowsOf(result).length };
}

export interface ClaimedJob {
  id: string;
  articleId: string;
  targetLanguage: Language;
  attempts: number;
}

/**
 * Takes the next due job for this worker. FOR UPDATE SKIP LOCKED lets any number of workers (threads,
 * processes, servers) claim at once without waiting for or taking each other's rows.
 */
export async function claimTranslationJob({ workerId }: { workerId: string }): Promise<ClaimedJob | null> {
  const result = await db().execute(sql`
    update translation_job
    set status = 'running', locked_at = now(), locked_by = ${workerId}, attempts = attempts + 1, updated_at = now()
    where id = (
      select id from translation_job
      where (status = 'pending' and run_after <= now())
         or (status = 'running' and locked_at < now() - ${jobLeaseMs} * interval '1 millisecond')
      order by run_after, created_at
      limit 1
      for update skip locked
    )
    returning id, article_id, target_language, attempts`);
  const [row] = rowsOf<{ id: string; article_id: string; target_language: string; attempts: number }>(result);
  if (!row || !isLanguage(row.target_language)) return null;
  return { id: row.id, articleId: row.article_id, targetLanguage: row.target_language, attempts: Number(row.attempts) };
}

/** Updates only a job this worker still holds (after a lease take-over the other worker owns it). */
const heldBy = (jobId: string, workerId: string) =>
  and(eq(translationJob.id, jobId), eq(translationJob.lockedBy, workerId), eq(translationJob.status, "running"));

export async function completeTranslationJob({ jobId, workerId }: { jobId: string; workerId: string }): Promise<void> {
  await db()
    .update(translationJob)
    .set({ status: "done", lockedAt: null, lockedBy: null, lastError: null, updatedAt: sql`now()` })
    .where(heldBy(jobId, workerId));
}

/** Puts a job back in the queue, due after `delayMs`. `countAttempt: false` gives the claim back (quota, not configured). */
export async function retryTranslationJob({
  jobId,
  workerId,
  delayMs,
  error,
  countAttempt = true,
}: {
  jobId: string;
  workerId: string;
  delayMs: number;
  error: string;
  countAttempt?: boolean;
}): Promise<void> {
  await db()
    .update(translationJob)
    .set({
      status: "pending",
      lockedAt: null,
      lockedBy: null,
      lastError: error,
      runAfter: sql`now() + ${Math.max(0, Math.round(delayMs))} * interval '1 millisecond'`,
      attempts: countAttempt ? translationJob.attempts : sql`greatest(${translationJob.attempts} - 1, 0)`,
      updatedAt: sql`now()`,
    })
    .where(heldBy(jobId, workerId));
}

export async function failTranslationJob({
  jobId,
  workerId,
  error,
}: {
  jobId: string;
  workerId: string;
  error: string;
}): Promise<void> {
  await db()
    .update(translationJob)
    .set({ status: "failed", lockedAt: null, lockedBy: null, lastError: error, updatedAt: sql`now()` })
    .where(heldBy(jobId, workerId));
}

/**
 * After a restart on the embedded database, any job still marked running belonged to the previous
 * process (PGlite admits one process per data directory), so it can be retried at once.
 */
export async function releaseInterruptedJobs(): Promise<number> {
  const rows = await db()
    .update(translationJob)
    .set({ status: "pending", lockedAt: null, lockedBy: null, runAfter: sql`now()`, updatedAt: sql`now()` })
    .where(eq(translationJob.status, "running"))
    .returning({ id: translationJob.id });
  return rows.length;
}

export interface BatchProgress {
  total: number;
  done: number;
  failed: number;
  waiting: number;
}

export async function getBatchProgress({ batchId }: { batchId: string }): Promise<BatchProgress> {
  const rows = await db()
    .select({ status: translationJob.status, count: sql<number>`count(*)::int` })
    .from(translationJob)
    .where(eq(translationJob.batchId, batchId))
    .groupBy(translationJob.status);
  const count = (status: string) => rows.find((row) => row.status === status)?.count ?? 0;
  const done = count("done");
  const failed = count("failed");
  const waiting = count("pending") + count("running");
  return { total: done + failed + waiting, done, failed, waiting };
}
