import Trash2Icon from "lucide-react/icons/trash";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/transaction-edit";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { isTransactionKind } from "~/domain/categories";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { handleTransactionAction, safeAppPath } from "~/features/budget/transaction-actions.server";
import { getTransaction } from "~/features/budget/transactions.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { TransactionForm } from "~/features/budget/components/transaction-form";
import { useAppShell } from "~/features/household/components/use-app-shell";

export const handle = { i18n: ["app"] };

/** The full-page edit form (the sheet's fallback): change or delete one entry. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const transaction = await forLoader(() => getTransaction({ userId: context.user.id, householdId: context.householdId, transactionId: params.transactionId }));
  return { transaction, redirectTo: safeAppPath(new URL(request.url).searchParams.get("redirectTo")) ?? "" };
}

export async function action({ request, params }: Route.ActionArgs) {
  return handleTransactionAction(request, params.transactionId);
}

export const ErrorBoundary = AppErrorBoundary;

export default function EditTransaction({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("app");
  const shell = useAppShell();
  const navigation = useNavigation();
  const { transaction, redirectTo } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const typed = refused?.values;
  const back = typed?.redirectTo || redirectTo || `/app/${transaction.kind === "income" ? "income" : "expenses"}?month=${transaction.occurredOn.slice(0, 7)}`;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <title>{`${t("entry.editTitle")} · Samen`}</title>
      <div>
        <Link to={back} className="text-sm font-medium text-primary hover:underline">
          {t("actions.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t("entry.editTitle")}</h1>
      </div>
      <Card className="p-5 sm:p-6">
        <TransactionForm
          Form={Form}
          action={`/app/transactions/${transaction.id}`}
          mode="edit"
          redirectTo={back}
          errors={refused?.fieldErrors}
          submitting={navigation.state === "submitting"}
          values={
            typed
              ? {
                  kind: isTransactionKind(typed.kind) ? typed.kind : transaction.kind,
                  amount: typed.amount,
                  occurredOn: typed.occurredOn ?? transaction.occurredOn,
                  description: typed.description ?? "",
                  categoryId: typed.categoryId ?? transaction.categoryId,
                }
              : transaction
          }
        />
      </Card>
      {shell.household.canWrite && (
        <Form method="post" action={`/app/transactions/${transaction.id}`}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="householdId" value={shell.household.id} />
          <input type="hidden" name="redirectTo" value={back} />
          <Button type="submit" variant="ghost" className="w-full text-destructive hover:text-destructive">
            <Trash2Icon aria-hidden="true" />
            {t("entry.delete")}
          </Button>
        </Form>
      )}
    </div>
  );
}
