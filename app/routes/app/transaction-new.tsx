import { useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useNavigation } from "react-router";
import { showToast } from "~/components/ui/toast";
import { PendingEntries } from "~/features/entries/offline/offline-entry";
import type { Route } from "./+types/transaction-new";
import { Card } from "~/components/ui/card";
import { defaultCategoryId, isTransactionKind } from "~/domain/categories";
import { requireAppContext } from "~/features/household/app-context.server";
import { handleTransactionAction, safeAppPath } from "~/features/entries/transaction-actions.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { TransactionForm } from "~/features/entries/components/transaction-form";

export const handle = { i18n: ["app"] };

/** The full-page add form: where the + leads before JavaScript has loaded (and where its POST lands). */
export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind");
  return {
    kind: isTransactionKind(kind) ? kind : ("expense" as const),
    today: context.today,
    redirectTo: safeAppPath(params.get("redirectTo")) ?? "",
  };
}

export async function action({ request }: Route.ActionArgs) {
  return handleTransactionAction(request);
}

export const ErrorBoundary = AppErrorBoundary;

export default function NewTransaction({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("app");
  const navigation = useNavigation();
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const typed = refused?.values;
  const kind = isTransactionKind(typed?.kind) ? typed.kind : loaderData.kind;
  // Each entry kept offline starts a new, empty form, so several can be typed in a row.
  const [kept, setKept] = useState(0);
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <title>{`${t("entry.addTitle")} · Samen`}</title>
      <div>
        <Link to={loaderData.redirectTo || "/app"} className="text-sm font-medium text-primary hover:underline">
          {t("actions.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t("entry.addTitle")}</h1>
      </div>
      <Card className="p-5 sm:p-6">
        <TransactionForm
          key={kept}
          Form={Form}
          onKeptOffline={() => {
            setKept((count) => count + 1);
            showToast({ title: t("offline.queued.title"), description: t("offline.queued.text") });
          }}
          action="/app/transactions/new"
          mode="add"
          redirectTo={typed?.redirectTo || loaderData.redirectTo || undefined}
          errors={refused?.fieldErrors}
          submitting={navigation.state === "submitting"}
          values={{
            kind,
            amount: typed?.amount,
            occurredOn: typed?.occurredOn ?? loaderData.today,
            description: typed?.description ?? "",
            categoryId: typed?.categoryId ?? defaultCategoryId(kind),
          }}
        />
      </Card>
      <PendingEntries />
    </div>
  );
}
