import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPost } from "~/db/schema/blog";
import { logger } from "~/lib/logger.server";
import { getTranslationProvider } from "~/features/translation/providers.server";
import { enqueueMissingTranslations, getBatchProgress, type BatchProgress } from "~/features/translation/queue.server";
import { translationMessages } from "~/features/translation/translation-errors";
import { getTranslationWorker, wakeTranslationWorker, type WorkerState } from "~/features/translation/worker.server";
import { canCreateArticles } from "~/features/auth/creators.server";

export type TranslateAllResult =
  | { ok: true; batchId: string; total: number }
  | { ok: false; reason: "forbidden" | "no-articles" }
  | { ok: false; reason: "error"; error: string };

async function hasPublishedOriginals(): Promise<boolean> {
  const [row] = await db()
    .select({ id: blogPost.id })
    .from(blogPost)
    .where(and(isNull(blogPost.sourceArticleId), eq(blogPost.published, true)))
    .limit(1);
  return Boolean(row);
}

/** The creators' bulk action: queue every missing translation and report a batch to follow. */
export async function translateAllMissing({
  userId,
}: {
  userId: string | null | undefined;
}): Promise<TranslateAllResult> {
  if (!(await canCreateArticles({ userId }))) return { ok: false, reason: "forbidden" };
  if (!(await hasPublishedOriginals())) return { ok: false, reason: "no-articles" };
  if (!getTranslationProvider()) return { ok: false, reason: "error", error: translationMessages.notConfigured };
  const batchId = crypto.randomUUID();
  const { queued } = await enqueueMissingTranslations({ batchId });
  // A creator asking again is the signal to retry after a quota stop.
  getTranslationWorker()?.resume();
  logger.info({ batchId, queued, userId }, "bulk translation queued");
  return { ok: true, batchId, total: queued };
}

export interface TranslateAllProgress extends BatchProgress {
  finished: boolean;
  worker: WorkerState | "absent";
  workerError: string | null;
}

/** What keeps the background translations from running (quota, no provider, no worker), as a catalogue message. */
export function getTranslationWorkerProblem(): string | null {
  const worker = getTranslationWorker();
  if (!getTranslationProvider() || worker?.state === "not-configured") return translationMessages.notConfigured;
  if (worker?.state === "quota-exceeded") return worker.lastError ?? translationMessages.quota;
  return null;
}

export async function getTranslateAllProgress({
  userId,
  batchId,
}: {
  userId: string | null | undefined;
  batchId: string;
}): Promise<TranslateAllProgress | null> {
  if (!(await canCreateArticles({ userId }))) return null;
  const progress = await getBatchProgress({ batchId });
  const worker = getTranslationWorker();
  const state = worker?.state ?? "absent";
  const blocked = state === "quota-exceeded" || state === "not-configured" || state === "absent" || state === "stopped";
  return {
    ...progress,
    finished: progress.waiting === 0 || blocked,
    worker: state,
    workerError: getTranslationWorkerProblem(),
  };
}

// The spec's once-per-browser sweep, moved to the server: at most once a minute per process.
const sweepIntervalMs = 60_000;
let lastSweep = 0;

/** When a creator opens a blog page, queue whatever translations are missing (cheap when nothing is). */
export async function sweepMissingTranslations({ userId }: { userId: string | null | undefined }): Promise<number> {
  if (Date.now() - lastSweep < sweepIntervalMs) return 0;
  if (!(await canCreateArticles({ userId }))) return 0;
  lastSweep = Date.now();
  const { queued } = await enqueueMissingTranslations();
  if (queued > 0) {
    logger.info({ queued }, "missing translations queued");
    wakeTranslationWorker();
  }
  return queued;
}
