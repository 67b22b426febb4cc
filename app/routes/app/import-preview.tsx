import { Link } from "react-router";
import type { Route } from "./+types/import-preview";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { useAppShell } from "~/features/household/components/use-app-shell";
import { ImportPreview } from "~/features/statement-import/components/import-preview";
import { ImportProblemMessage } from "~/features/statement-import/components/import-problem";
import { MappingStep } from "~/features/statement-import/components/mapping-step";
import { loadImportPreview } from "~/features/statement-import/import-preview-page.server";
import { useTranslation } from "~/i18n/react";

export const handle = { i18n: ["app", "money"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  return loadImportPreview(request, params.draftId);
}

export const ErrorBoundary = AppErrorBoundary;

export default function ImportPreviewPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("money");
  const shell = useAppShell();
  const page = loaderData;
  return (
    <div className="flex flex-col gap-5">
      <title>{`${t("nav.import")} · Samen`}</title>
      {page.kind === "preview" && (
        <ImportPreview
          preview={page.preview}
          householdId={shell.household.id}
          accounts={page.accounts}
          mapping={page.mapping}
        />
      )}
      {page.kind === "mapping" && (
        <MappingStep
          // A new answer from the server (an error, the values it read) starts the form afresh.
          key={JSON.stringify(page.values)}
          draftId={page.step.draftId}
          fileName={page.step.fileName}
          headers={page.step.headers}
          sample={page.step.sample}
          values={page.values}
          incomplete={page.incomplete}
          problem={page.problem}
        />
      )}
      {(page.kind === "problem" || page.kind === "expired") && (
        <>
          <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("import.title")}</h1>
          <Card className="flex flex-col gap-4 p-5">
            {page.kind === "problem" ? (
              <>
                <p className="break-words text-sm text-muted-foreground">{page.fileName}</p>
                <ImportProblemMessage problem={page.problem} />
              </>
            ) : (
              <p className="text-sm font-medium" role="alert">
                {t("import.expired")}
              </p>
            )}
            <Button asChild className="sm:self-start">
              <Link to="/app/import">{t("import.preview.startOver")}</Link>
            </Button>
          </Card>
        </>
      )}
    </div>
  );
}
