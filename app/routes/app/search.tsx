import Undo2Icon from "lucide-react/icons/undo-2";
import { useState } from "react";
import { data, Form, redirect, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/search";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { FormError } from "~/components/ui/field-error";
import { PageHeader } from "~/components/ui/page-header";
import { SearchField } from "~/components/ui/search-field";
import { maxSearchLength, parseEntrySearch } from "~/domain/entry-search";
import { BulkCheckbox, BulkEditBar } from "~/features/entries/components/bulk-edit";
import { TransactionRow } from "~/features/entries/components/transaction-row";
import { bulkEditCap, bulkEditForm, bulkSelectionForm, undoBulkEditForm } from "~/features/entries/bulk-edit.schema";
import { bulkEditEntries, findBulkEdit, undoBulkEdit, type BulkEditError } from "~/features/entries/bulk-edit.server";
import { listPayees } from "~/features/entries/payees.server";
import { searchEntries, searchResultLimit } from "~/features/entries/transactions.server";
import { forAction, forLoader, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { requireForm } from "~/features/platform/forms.server";
import { useTranslation } from "~/i18n/react";
import { isUuid } from "~/lib/uuid";
import { useHydrated } from "~/lib/use-hydrated";

export const handle = { i18n: ["app"] };

/** A count read back from the address (how many a bulk edit left as they were, or its undo put back). */
function countParam(params: URLSearchParams, name: string): number | undefined {
  const value = Number(params.get(name) ?? "");
  return params.has(name) && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/**
 * Search across all months: a GET form, so it works before and without JavaScript, and a result is a link. The results
 * are a form too, for bulk edit: after one, the page comes back to the same search with its undo.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  const params = new URL(request.url).searchParams;
  const query = (params.get("q") ?? "").trim().slice(0, maxSearchLength);
  const asked = { userId: context.user.id, householdId: context.householdId };
  const found = query
    ? await forLoader(() => searchEntries({ ...asked, search: parseEntrySearch(query, context.language) }))
    : { months: [], more: false };
  const done = params.get("done");
  const [{ payees, canWrite }, bulkEdit] = await forLoader(() =>
    Promise.all([
      listPayees(asked),
      done && isUuid(done) ? findBulkEdit({ ...asked, bulkEditId: done }) : Promise.resolve(undefined),
    ]),
  );
  return {
    query,
    limit: searchResultLimit,
    ...found,
    householdId: context.householdId,
    canWrite,
    payees: canWrite && found.months.length > 0 ? payees.map(({ id, name }) => ({ id, name })) : [],
    bulkEdit: bulkEdit && { ...bulkEdit, skipped: countParam(params, "skipped") ?? 0 },
    undone: countParam(params, "undone"),
  };
}

/** Back to the same search, with what happened in the address (so a reload shows it again, and no form is re-posted). */
function backToSearch(query: string, said: Record<string, string>) {
  return redirect(`/app/search?${new URLSearchParams({ q: query, ...said }).toString()}`);
}

/** Bulk edit of the results and its undo; the use cases check write access and which entries this member may change. */
export async function action({ request }: Route.ActionArgs) {
  const context = await requireAppContext(request);
  const { form, values } = await requireForm(request);
  const asked = { userId: context.user.id, householdId: values.householdId || context.householdId };
  const refused = (error: BulkEditError | "search.bulk.errors.generic", status = 400) =>
    data({ ok: false as const, error }, { status });
  return forAction(async () => {
    const selection = bulkSelectionForm.safeParse({
      q: values.q ?? "",
      all: values.all || undefined,
      entryId: form.getAll("entryId"),
    });
    if (!selection.success) return refused("search.bulk.errors.tooMany");
    const { q, all, entryId } = selection.data;
    if (values.intent === "undoBulk") {
      const undo = undoBulkEditForm.safeParse(values);
      if (!undo.success) return refused("search.bulk.errors.notFound", 404);
      const result = await undoBulkEdit({ ...asked, ...undo.data });
      if (!result.ok) return refused(result.error, 404);
      return backToSearch(q, { undone: String(result.restored) });
    }
    const chosen = bulkEditForm.safeParse(values);
    if (!chosen.success) {
      const message = chosen.error.issues[0]?.message;
      return refused(
        message === "search.bulk.errors.category" || message === "search.bulk.errors.payee"
          ? message
          : "search.bulk.errors.generic",
      );
    }
    if (entryId.length > bulkEditCap) return refused("search.bulk.errors.tooMany");
    const result = await bulkEditEntries({
      ...asked,
      selection: all ? { search: parseEntrySearch(q, context.language) } : { ids: entryId },
      chosen:
        chosen.data.intent === "setCategory"
          ? { action: "setCategory", categoryId: chosen.data.categoryId }
          : chosen.data.intent === "setPayee"
            ? { action: "setPayee", payeeId: chosen.data.payeeId }
            : { action: chosen.data.intent },
    });
    if (!result.ok) return refused(result.error);
    return backToSearch(q, { done: result.bulkEditId, skipped: String(result.skipped) });
  });
}

export const ErrorBoundary = AppErrorBoundary;

/** What a bulk edit did, with its Undo: a form button, so it works without JavaScript too. */
function BulkNotice({
  loaderData,
}: {
  loaderData: Pick<Route.ComponentProps["loaderData"], "bulkEdit" | "undone" | "query" | "householdId">;
}) {
  const { t } = useTranslation("app");
  const { bulkEdit, undone, query, householdId } = loaderData;
  if (undone !== undefined)
    return (
      <p role="status" className="rounded-lg border bg-card p-3 text-sm">
        {t("search.bulk.undone", { count: undone })}
      </p>
    );
  if (!bulkEdit) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border bg-card p-3 text-sm">
      <p className="min-w-0 flex-1">
        {bulkEdit.entries === 0
          ? t("search.bulk.unchanged")
          : t(bulkEdit.action === "delete" ? "search.bulk.deleted" : "search.bulk.changed", {
              count: bulkEdit.entries,
            })}
        {bulkEdit.skipped > 0 && ` ${t("search.bulk.skipped", { count: bulkEdit.skipped })}`}
      </p>
      {bulkEdit.entries > 0 && (
        <Form method="post">
          <input type="hidden" name="intent" value="undoBulk" />
          <input type="hidden" name="householdId" value={householdId} />
          <input type="hidden" name="bulkEditId" value={bulkEdit.id} />
          <input type="hidden" name="q" value={query} />
          <Button type="submit" variant="outline" size="sm">
            <Undo2Icon aria-hidden="true" />
            {t("search.bulk.undo")}
          </Button>
        </Form>
      )}
    </div>
  );
}

export default function Search({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const shell = useAppShell();
  const hydrated = useHydrated();
  const location = useLocation();
  const navigation = useNavigation();
  const { query, months, more, limit, payees, householdId } = loaderData;
  const canEdit = loaderData.canWrite && shell.household.canWrite && months.length > 0;
  const [selection, setSelection] = useState({ key: location.key, count: 0, all: false });
  // A new page (the same search after a bulk edit, or another search) starts with nothing selected.
  const selected = selection.key === location.key ? selection : { key: location.key, count: 0, all: false };
  const error = actionData && !actionData.ok ? ("error" in actionData ? actionData.error : undefined) : undefined;
  const refusedForm =
    actionData && !actionData.ok && "fieldErrors" in actionData ? actionData.fieldErrors.form : undefined;
  const bulkBar = (
    <BulkEditBar
      selected={selected.count}
      allSelected={selected.all}
      hydrated={hydrated}
      payees={payees}
      busy={navigation.state !== "idle"}
    />
  );
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <title>{`${t("search.title")} · Samen`}</title>
      <PageHeader title={t("search.title")} subtitle={t("search.intro")} />
      <Form method="get" role="search" className="flex gap-2">
        <SearchField
          id="search-all"
          label={t("search.label")}
          placeholder={t("search.placeholder")}
          value={query}
          maxLength={maxSearchLength}
        />
        <Button type="submit" className="h-11">
          {t("search.submit")}
        </Button>
      </Form>
      <BulkNotice loaderData={loaderData} />
      {error && (
        <p
          role="alert"
          className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm font-medium text-destructive"
        >
          {t(error, { count: bulkEditCap })}
        </p>
      )}
      {refusedForm && <FormError message={refusedForm} />}
      {query && months.length === 0 && (
        <Card className="px-6 py-10 text-center">
          <p className="font-medium">{t("search.none", { query })}</p>
        </Card>
      )}
      <Form
        key={location.key}
        method="post"
        className="flex flex-col gap-5"
        onChange={(event) => {
          const form = event.currentTarget;
          const target = event.target;
          // "Select all that match" ticks every result shown; unticking one leaves "all" for the ones ticked.
          if (target instanceof HTMLInputElement && target.name === "all")
            for (const box of form.querySelectorAll<HTMLInputElement>('input[name="entryId"]'))
              box.checked = target.checked;
          else if (target instanceof HTMLInputElement && target.name === "entryId" && !target.checked) {
            const all = form.querySelector<HTMLInputElement>('input[name="all"]');
            if (all) all.checked = false;
          }
          setSelection({
            key: location.key,
            count: form.querySelectorAll('input[name="entryId"]:checked').length,
            all: form.querySelector<HTMLInputElement>('input[name="all"]')?.checked ?? false,
          });
        }}
      >
        <input type="hidden" name="householdId" value={householdId} />
        <input type="hidden" name="q" value={query} />
        {/* Without JavaScript the bar stands above the results; with it, it sticks to the screen's bottom. */}
        {canEdit && !hydrated && bulkBar}
        {canEdit && (
          <label className="flex min-h-11 cursor-pointer items-center gap-3 self-start px-1 text-sm font-medium">
            <input type="checkbox" name="all" value="1" className="size-5 accent-primary" />
            {t("search.bulk.selectAll")}
          </label>
        )}
        {months.map((group) => (
          <section key={group.month} aria-labelledby={`month-${group.month}`}>
            <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-1 pb-2">
              <h2 id={`month-${group.month}`} className="text-base font-semibold">
                {format.month(group.month)}
              </h2>
              <p className="text-sm text-muted-foreground tabular-nums">
                {[
                  group.expenseMinor > 0 && t("search.spent", { amount: format.money(group.expenseMinor) }),
                  group.incomeMinor > 0 && t("search.received", { amount: format.money(group.incomeMinor) }),
                ]
                  .filter(Boolean)
                  .join(" · ")}
              </p>
            </div>
            <Card className="px-4 py-2 sm:px-5">
              {group.entries.map((entry) =>
                canEdit ? (
                  <div key={entry.id} className="flex items-center gap-1">
                    <BulkCheckbox entry={entry} />
                    <div className="min-w-0 flex-1">
                      <TransactionRow transaction={entry} />
                    </div>
                  </div>
                ) : (
                  <TransactionRow key={entry.id} transaction={entry} />
                ),
              )}
            </Card>
          </section>
        ))}
        {more && <p className="text-sm text-muted-foreground">{t("search.more", { count: limit })}</p>}
        {canEdit && hydrated && bulkBar}
      </Form>
    </div>
  );
}
