import CheckCircle2Icon from "lucide-react/icons/circle-check";
import InfoIcon from "lucide-react/icons/info";
import LanguagesIcon from "lucide-react/icons/languages";
import LoaderCircleIcon from "lucide-react/icons/loader-circle";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { useFetcher, useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { Progress } from "~/components/ui/progress";
import type { blogListAction } from "../blog-actions.server";
import type { TranslateAllProgress } from "../translate-all.server";
import { TranslationErrorNotice } from "./translation-error-notice";

const pollMs = 1500;

interface TranslateAllPanelProps {
  missing: number;
  /** A quota stop or missing provider the worker reported before this page loaded. */
  workerError: string | null;
}

/** The creators' bulk action: queue every missing translation, follow the queue, then sum up. */
export function TranslateAllPanel({ missing, workerError }: TranslateAllPanelProps) {
  const { t } = useTranslation("blog");
  const start = useFetcher<typeof blogListAction>({ key: "translate-all" });
  // The progress route (translation-jobs.ts) answers with the use case's result as JSON.
  const progress = useFetcher<TranslateAllProgress>();
  const revalidator = useRevalidator();
  const started = start.data?.intent === "translate-all" ? start.data : undefined;
  const batchId = started?.ok ? started.batchId : undefined;
  const current = batchId ? progress.data : undefined;
  const finished = current?.finished === true;
  const loadProgress = progress.load;

  useEffect(() => {
    if (!batchId || finished) return;
    const url = `/blog/translation-jobs/${encodeURIComponent(batchId)}`;
    void loadProgress(url);
    const timer = setInterval(() => void loadProgress(url), pollMs);
    return () => clearInterval(timer);
  }, [batchId, finished, loadProgress]);

  // Show the new versions once the batch is through.
  const refreshed = useRef<string | undefined>(undefined);
  const revalidate = revalidator.revalidate;
  useEffect(() => {
    if (finished && batchId && refreshed.current !== batchId) {
      refreshed.current = batchId;
      void revalidate();
    }
  }, [finished, batchId, revalidate]);

  const running = start.state !== "idle" || (Boolean(batchId) && !finished);
  const total = current?.total ?? (started?.ok ? started.total : 0);
  const done = current?.done ?? 0;
  const startError = started && !started.ok && started.reason === "error" ? started.error : undefined;
  // Before any bulk request, show what stopped the worker earlier (quota, no provider).
  const error = current?.workerError ?? startError ?? (started ? null : workerError);

  return (
    <section
      aria-labelledby="bulk-translate-title"
      className="rounded-2xl border bg-card p-5 shadow-sm sm:p-6"
      data-testid="translate-all-panel"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="bulk-translate-title" className="flex items-center gap-2 font-semibold">
            <LanguagesIcon aria-hidden="true" className="size-4 text-primary" />
            {t("bulk.title")}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {missing > 0 ? t("bulk.missing", { count: missing }) : t("bulk.complete")}
          </p>
        </div>
        <start.Form method="post">
          <input type="hidden" name="intent" value="translate-all" />
          <Button type="submit" variant="secondary" disabled={running || missing === 0}>
            {running && <LoaderCircleIcon aria-hidden="true" className="animate-spin" />}
            {t("bulk.action")}
          </Button>
        </start.Form>
      </div>

      <div aria-live="polite" className="empty:hidden [&>*]:mt-4">
        {started?.ok && !finished && (
          <div className="space-y-2" data-testid="bulk-progress">
            <Progress value={total ? (done / total) * 100 : 0} aria-label={t("bulk.progress", { done, total })} />
            <p className="text-sm text-muted-foreground">{t("bulk.progress", { done, total })}</p>
          </div>
        )}
        {started?.ok && finished && (
          <p className="flex items-center gap-2 text-sm font-medium" data-testid="bulk-summary">
            <CheckCircle2Icon aria-hidden="true" className="size-4 text-success" />
            {t("bulk.summary", { done, total })}
          </p>
        )}
        {started?.ok && finished && (current?.failed ?? 0) + (current?.waiting ?? 0) > 0 && (
          <p className="text-sm text-destructive" data-testid="bulk-failed">
            {t("bulk.failed")}
          </p>
        )}
        {started && !started.ok && started.reason === "no-articles" && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <InfoIcon aria-hidden="true" className="size-4" />
            {t("bulk.noArticles")}
          </p>
        )}
        {started && !started.ok && started.reason === "forbidden" && (
          <p className="text-sm text-destructive">{t("bulk.forbidden")}</p>
        )}
        {error && <TranslationErrorNotice message={error} />}
      </div>
    </section>
  );
}
