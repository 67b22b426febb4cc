import Trash2Icon from "lucide-react/icons/trash";
import { useTranslation } from "~/i18n/react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/transaction-edit";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { ConflictNotice, VersionInput } from "~/components/ui/conflict-notice";
import { isTransactionKind } from "~/domain/categories";
import { forLoader, requireAppContext } from "~/features/household/app-context.server";
import { handleTransactionAction, safeAppPath } from "~/features/entries/transaction-actions.server";
import { getEntryWithLines } from "~/features/entries/transactions.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { useEntryValues } from "~/features/entries/components/entry-values";
import { EntryRate } from "~/features/entries/components/entry-rate";
import { TransactionForm } from "~/features/entries/components/transaction-form";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { LearnOfferPrompt } from "~/features/rules/components/learn-offer";
import { learningOfferFor } from "~/features/rules/rule-evaluation.server";

export const handle = { i18n: ["app"] };

/**
 * The full-page edit form (the sheet's fallback): change or delete one entry. Both post the entry's version; a save or
 * delete based on an old one comes back with the entry as it is now beside the form (also without JavaScript).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const transaction = await forLoader(() =>
    getEntryWithLines({
      userId: context.user.id,
      householdId: context.householdId,
      transactionId: params.transactionId,
    }),
  );
  const url = new URL(request.url);
  return {
    transaction,
    redirectTo: safeAppPath(url.searchParams.get("redirectTo")) ?? "",
    // "Split this payment" opens the parts with a link, so it works before (and without) JavaScript too.
    splitting: url.searchParams.get("split") === "1" || transaction.lines.length > 1,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  // A change of category on an entry with a counterparty (an imported one) ends with "Always put … in …?".
  return handleTransactionAction(request, params.transactionId, { offerToLearn: learningOfferFor });
}

export const ErrorBoundary = AppErrorBoundary;

export default function EditTransaction({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("app");
  const shell = useAppShell();
  const format = useFormat();
  const navigation = useNavigation();
  const entryValues = useEntryValues();
  const { transaction, redirectTo, splitting } = loaderData;
  const refused = actionData && !actionData.ok ? actionData : undefined;
  const offered = actionData?.ok && actionData.learnOffer ? actionData : undefined;
  // A conflict lasts until the page is opened again ("use theirs"): after a plain POST the page's data is already the
  // entry as it is now, so the loaded version cannot tell that the form still holds what this person typed.
  const answer = refused && "intent" in refused ? refused : undefined;
  const conflictMessage = answer?.fieldErrors.form;
  const conflict =
    conflictMessage === "conflict.changed" || conflictMessage === "conflict.gone"
      ? { gone: conflictMessage === "conflict.gone", current: answer?.current }
      : undefined;
  const saveConflict = answer?.intent === "update" ? conflict : undefined;
  const deleteConflict = answer?.intent === "delete" ? conflict : undefined;
  const typed = answer?.intent === "update" ? answer.values : undefined;
  const back =
    refused?.values?.redirectTo ||
    redirectTo ||
    `/app/${transaction.kind === "income" ? "income" : "expenses"}?month=${transaction.occurredOn.slice(0, 7)}`;
  // "Use theirs" opens the page again: the form then starts from the entry as it is now.
  const reopen = `/app/transactions/${transaction.id}?redirectTo=${encodeURIComponent(back)}`;
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-5">
      <title>{`${t("entry.editTitle")} · Samen`}</title>
      <div>
        <Link to={back} className="text-sm font-medium text-primary hover:underline">
          {t("actions.back")}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t("entry.editTitle")}</h1>
      </div>
      {offered?.learnOffer && (
        <div className="flex flex-col gap-3">
          <p role="status" className="text-sm font-medium">
            {t("toast.updated")}
          </p>
          <LearnOfferPrompt
            offer={offered.learnOffer}
            householdId={shell.household.id}
            redirectTo={offered.redirectTo ?? back}
            declineTo={offered.redirectTo ?? back}
          />
        </div>
      )}
      {transaction.details && (
        <section aria-labelledby="entry-details" className="rounded-xl border bg-muted/40 px-4 py-3 text-sm">
          <h2 id="entry-details" className="font-medium">
            {t("entry.details")}
          </h2>
          <p className="mt-1 break-words text-muted-foreground">{transaction.details}</p>
        </section>
      )}
      {transaction.original && (
        <p className="rounded-xl border bg-muted/40 px-4 py-3 text-sm" data-testid="entry-original">
          {t("entry.original", {
            original: format.money(transaction.original.amountMinor, transaction.original.currency),
            amount: format.money(transaction.amountMinor, transaction.currency),
          })}
        </p>
      )}
      {transaction.currency !== shell.household.currency && (
        <EntryRate
          entry={transaction}
          conversion={transaction.conversion}
          error={answer?.intent === "rate" && !conflict ? answer.fieldErrors.rate : undefined}
          redirectTo={back}
        />
      )}
      <Card className="p-5 sm:p-6">
        <TransactionForm
          // Their values, once the page is opened again after a conflict, replace what was typed.
          key={transaction.version}
          Form={Form}
          action={`/app/transactions/${transaction.id}`}
          mode="edit"
          redirectTo={back}
          errors={conflict ? undefined : refused?.fieldErrors}
          submitting={navigation.state === "submitting"}
          version={saveConflict?.current ? undefined : transaction.version}
          conflict={
            saveConflict && (
              <ConflictNotice
                gone={saveConflict.gone}
                version={saveConflict.current?.version}
                values={saveConflict.current && entryValues(saveConflict.current)}
                useTheirsHref={reopen}
              />
            )
          }
          splitHref={`/app/transactions/${transaction.id}?split=1&redirectTo=${encodeURIComponent(back)}`}
          values={
            typed
              ? {
                  kind: isTransactionKind(typed.kind) ? typed.kind : transaction.kind,
                  amount: typed.amount,
                  occurredOn: typed.occurredOn ?? transaction.occurredOn,
                  description: typed.description ?? "",
                  categoryId: typed.categoryId ?? transaction.categoryId,
                  shared: typed.shared === undefined ? transaction.shared : typed.shared === "1",
                  memberUserId: typed.memberUserId ?? transaction.memberUserId,
                  lines: answer?.lines?.map((line) => ({
                    categoryId: line.categoryId,
                    amount: line.amount,
                    shared: line.shared === "" ? undefined : line.shared === "1",
                    note: line.note,
                  })),
                }
              : { ...transaction, lines: splitting ? transaction.lines : undefined }
          }
        />
      </Card>
      {shell.household.canWrite && (
        <Form method="post" action={`/app/transactions/${transaction.id}`} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="householdId" value={shell.household.id} />
          <input type="hidden" name="redirectTo" value={back} />
          <VersionInput version={transaction.version} conflict={deleteConflict?.current !== undefined} />
          {deleteConflict ? (
            <ConflictNotice
              gone={deleteConflict.gone}
              message="conflict.changedBeforeDelete"
              version={deleteConflict.current?.version}
              values={deleteConflict.current && entryValues(deleteConflict.current)}
              submitLabel={t("conflict.deleteAnyway")}
              useTheirsHref={reopen}
            />
          ) : (
            <Button type="submit" variant="ghost" className="w-full text-destructive hover:text-destructive">
              <Trash2Icon aria-hidden="true" />
              {t("entry.delete")}
            </Button>
          )}
        </Form>
      )}
    </div>
  );
}
