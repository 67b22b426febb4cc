import FileTextIcon from "lucide-react/icons/file-text";
import Undo2Icon from "lucide-react/icons/undo-2";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast";
import { useFormat } from "~/features/household/components/use-app-shell";
import { useTranslation } from "~/i18n/react";
import type { handleImportAction } from "../import-actions.server";
import type { listImportBatches } from "../statement-import.server";

/** One fetcher for every row's Undo, so the list (which outlives the removed row) can announce the result. */
const undoFetcherKey = "import-undo";

type Batch = Awaited<ReturnType<typeof listImportBatches>>[number];

/** One past import with its Undo behind a confirmation (a native <details>, so it works without JavaScript). */
function BatchRow({ batch, householdId, canWrite }: { batch: Batch; householdId: string; canWrite: boolean }) {
  const { t } = useTranslation("money");
  const format = useFormat();
  const undo = useFetcher<typeof handleImportAction>({ key: undoFetcherKey });

  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <p className="flex min-w-0 items-start gap-2 text-sm">
        <FileTextIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span className="min-w-0 break-words">
          {t("import.history.row", {
            file: batch.fileName,
            count: batch.rowsImported,
            date: format.date(new Date(batch.createdAt).toISOString().slice(0, 10)),
          })}
        </span>
      </p>
      {canWrite && (
        <details className="group shrink-0 sm:text-right">
          <summary className="inline-flex h-9 cursor-pointer list-none items-center gap-1.5 rounded-md px-3 text-sm font-medium text-muted-foreground hover:bg-secondary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
            <Undo2Icon aria-hidden="true" className="size-4" />
            {t("import.history.undo")}
            <span className="sr-only">: {batch.fileName}</span>
          </summary>
          <undo.Form
            method="post"
            action="/app/import"
            className="mt-2 flex flex-col gap-2 rounded-lg border bg-card p-3 text-left sm:items-end sm:text-right"
          >
            <input type="hidden" name="intent" value="undo" />
            <input type="hidden" name="householdId" value={householdId} />
            <input type="hidden" name="batchId" value={batch.id} />
            <p className="text-sm">{t("import.history.confirmUndo")}</p>
            <Button type="submit" variant="destructive" size="sm" disabled={undo.state !== "idle"}>
              {t("import.history.undo")}
            </Button>
          </undo.Form>
        </details>
      )}
    </li>
  );
}

export function ImportHistory({
  batches,
  householdId,
  canWrite,
}: {
  batches: Batch[];
  householdId: string;
  canWrite: boolean;
}) {
  const { t } = useTranslation("money");
  const undo = useFetcher<typeof handleImportAction>({ key: undoFetcherKey });
  const removed = undo.data?.ok && undo.data.intent === "undo" ? undo.data.removed : undefined;

  useEffect(() => {
    if (undo.state === "idle" && removed !== undefined)
      showToast({ title: t("import.history.undone", { count: removed }), variant: "success" });
  }, [undo.state, removed, t]);

  return (
    <section aria-labelledby="import-history" className="flex flex-col gap-2">
      <h2 id="import-history" className="text-lg font-semibold">
        {t("import.history.title")}
      </h2>
      {batches.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("import.history.empty")}</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card px-4">
          {batches.map((batch) => (
            <BatchRow key={batch.id} batch={batch} householdId={householdId} canWrite={canWrite} />
          ))}
        </ul>
      )}
    </section>
  );
}
