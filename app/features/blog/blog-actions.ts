import type { TranslationResult } from "./blog-article";
import type { NewArticleField } from "./blog.schema";

/** What the blog pages' actions answer; components read these from their fetchers. */
export type CreateArticleActionData =
  | { intent: "create"; ok: true; slug: string }
  | { intent: "create"; ok: false; error: string; fieldErrors?: Partial<Record<NewArticleField, string>> };

export type TranslateActionData = { intent: "translate"; result: TranslationResult };

export type TranslateAllActionData =
  | { intent: "translate-all"; ok: true; batchId: string; total: number }
  | { intent: "translate-all"; ok: false; reason: "forbidden" | "no-articles" | "error"; error?: string };

export type BlogActionData = CreateArticleActionData | TranslateActionData | TranslateAllActionData;

/** Progress of a bulk translation, as the translation-jobs route answers it. */
export interface BulkProgressData {
  total: number;
  done: number;
  failed: number;
  waiting: number;
  finished: boolean;
  worker: string;
  workerError: string | null;
}
