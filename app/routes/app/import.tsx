import { Link } from "react-router";
import type { Route } from "./+types/import";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field-error";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { useAppShell } from "~/features/household/components/use-app-shell";
import { listAccounts } from "~/features/money-accounts/accounts.server";
import { ImportDone } from "~/features/statement-import/components/import-done";
import { ImportHistory } from "~/features/statement-import/components/import-history";
import { ImportPreview } from "~/features/statement-import/components/import-preview";
import { ImportProblemMessage } from "~/features/statement-import/components/import-problem";
import { UploadForm } from "~/features/statement-import/components/upload-form";
import { handleImportAction } from "~/features/statement-import/import-actions.server";
import { listImportBatches } from "~/features/statement-import/statement-import.server";
import { useTranslation } from "~/i18n/react";

export const handle = { i18n: ["app", "money"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const base = { userId: context.user.id, householdId: context.householdId };
  const [accounts, batches] = await forLoader(() => Promise.all([listAccounts(base), listImportBatches(base)]));
  const active = accounts.filter((account) => !account.archived);
  const requested = new URL(request.url).searchParams.get("account");
  const selected =
    active.find((account) => account.id === requested) ?? active.find((account) => account.isEveryday) ?? active[0];
  return { accounts: active.map(({ id, name }) => ({ id, name })), selectedAccountId: selected?.id ?? "", batches };
}

export async function action({ request }: Route.ActionArgs) {
  return handleImportAction(request);
}

export const ErrorBoundary = AppErrorBoundary;

export default function Import({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("money");
  const shell = useAppShell();
  const accounts = loaderData.accounts.map((account) => ({
    id: account.id,
    label: account.name ?? t("accounts.everyday"),
  }));
  const done = actionData?.ok && actionData.intent === "confirm" ? actionData : undefined;
  const undone = actionData?.ok && actionData.intent === "undo" ? actionData.removed : undefined;
  const failed = actionData && !actionData.ok && "problem" in actionData ? actionData : undefined;
  const expired = actionData && !actionData.ok && "expired" in actionData;
  const refused = actionData && !actionData.ok && "fieldErrors" in actionData ? actionData.fieldErrors.form : undefined;
  const again = actionData && !actionData.ok && "again" in actionData ? actionData : undefined;

  // The confirmation showed the preview again: a row's parts that do not fit it, or a button pressed before the script.
  if (again)
    return (
      <div className="flex flex-col gap-5">
        <title>{`${t("nav.import")} · Samen`}</title>
        <ImportPreview
          key={JSON.stringify([again.typed, again.splitErrors])}
          preview={again.again.preview}
          householdId={shell.household.id}
          accounts={again.again.accounts}
          mapping={again.again.mapping}
          typed={again.typed}
          splitErrors={again.splitErrors}
        />
      </div>
    );

  return (
    <div className="flex flex-col gap-6">
      <title>{`${t("nav.import")} · Samen`}</title>
      <div>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("import.title")}</h1>
        {!done && <p className="mt-1 max-w-2xl text-sm text-muted-foreground">{t("import.subtitle")}</p>}
      </div>
      <FormError message={refused} />
      {undone !== undefined && (
        <p className="rounded-lg border bg-card p-3 text-sm font-medium" role="status">
          {t("import.history.undone", { count: undone })}
        </p>
      )}
      {expired && (
        <p className="rounded-lg border bg-card p-3 text-sm font-medium" role="alert">
          {t("import.expired")}
        </p>
      )}

      {done ? (
        <ImportDone
          done={done}
          accountName={accounts.find((account) => account.id === done.accountId)?.label ?? t("accounts.everyday")}
        />
      ) : shell.household.canWrite ? (
        <Card className="p-4 sm:p-6">
          {failed?.intent === "confirm" && (
            <div className="mb-4">
              <ImportProblemMessage problem={failed.problem} />
            </div>
          )}
          <UploadForm
            householdId={shell.household.id}
            accounts={accounts}
            selectedAccountId={loaderData.selectedAccountId}
            problem={failed?.intent === "upload" ? failed.problem : undefined}
          />
          <p className="mt-4 text-sm text-muted-foreground">{t("import.formats")}</p>
          <p className="mt-2 text-sm">
            <Link to="/app/accounts" className="font-medium text-primary underline-offset-4 hover:underline">
              {t("accounts.add")}
            </Link>
          </p>
        </Card>
      ) : (
        <Card className="p-5 text-sm text-muted-foreground">{t("app:errors.readOnly")}</Card>
      )}

      <ImportHistory
        batches={loaderData.batches}
        householdId={shell.household.id}
        canWrite={shell.household.canWrite}
      />
    </div>
  );
}
