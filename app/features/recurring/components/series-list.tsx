import PencilIcon from "lucide-react/icons/pencil";
import Trash2Icon from "lucide-react/icons/trash-2";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { CreatePanel, useCreatePanel } from "~/components/ui/create-panel";
import { ConflictNotice, useRowConflict, VersionInput } from "~/components/ui/conflict-notice";
import { showToast } from "~/components/ui/toast";
import type { IsoDate } from "~/domain/periods";
import { cn } from "~/lib/cn";
import { CategoryIcon } from "~/features/entries/components/category-icon";
import { FormError } from "~/components/ui/field-error";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import type { RecurringActionResult } from "../recurring-actions.server";
import type { SeriesView } from "../recurring.server";
import { dayValue, SeriesFormFields, type AccountChoice, type SeriesFormValues } from "./series-form";
import { useScheduleSentence } from "./use-schedule-sentence";
import { useSeriesName } from "./use-series-name";

type Refusal = Extract<RecurringActionResult, { ok: false }>;
/** What a plain form post can come back with: this page's answer, or the shared refusal of a read-only household. */
type PostedBack = RecurringActionResult | { ok: false; fieldErrors: Record<string, string> } | undefined;

/** One fetcher for every card's Delete: the card leaves the page, the list (which stays) shows the toast. */
export const deleteFetcherKey = "recurring-delete";

const toastKeys = { create: "series.created", update: "series.saved", delete: "series.deleted" } as const;

/** The toast of a write that succeeded, once per answer. */
export function useSavedToast(fetcher: { state: string; data?: RecurringActionResult }, onSaved?: () => void) {
  const { t } = useTranslation("recurring");
  useEffect(() => {
    const intent = fetcher.data?.intent;
    if (
      fetcher.state !== "idle" ||
      !fetcher.data?.ok ||
      !(intent === "create" || intent === "update" || intent === "delete")
    )
      return;
    showToast({ title: t(toastKeys[intent]), variant: "success" });
    onSaved?.();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetcher.state, fetcher.data]);
}

/** A refusal the page got back from a plain form post (no JavaScript), if it belongs to this form. */
export function plainRefusal(actionData: PostedBack, intent: string, recurringId?: string): Refusal | undefined {
  if (!actionData || actionData.ok || !("intent" in actionData) || actionData.intent !== intent) return undefined;
  if (recurringId !== undefined && actionData.recurringId !== recurringId) return undefined;
  return actionData;
}

/** A refused form's fields as typed, in the shape the form starts from. */
function echoedValues(values: Record<string, string>, fallback: SeriesFormValues): SeriesFormValues {
  return {
    ...fallback,
    kind: values.kind === "income" ? "income" : "expense",
    amount: values.amount,
    description: values.description ?? "",
    counterparty: values.counterparty || fallback.counterparty,
    categoryId: values.categoryId || fallback.categoryId,
    accountId: values.accountId || fallback.accountId,
    frequency: values.frequency === "weekly" || values.frequency === "yearly" ? values.frequency : "monthly",
    interval: values.interval || "1",
    day: values.day ?? "",
    startsOn: values.startsOn ?? fallback.startsOn,
    endsOn: values.endsOn ?? "",
    autoPost: values.autoPost === "on",
  };
}

/** "Add a series": a <details> form, a plain POST without JavaScript. */
export function NewSeries({
  action,
  defaults,
  accounts,
  actionData,
  open,
}: {
  action: string;
  defaults: SeriesFormValues;
  accounts: readonly AccountChoice[];
  actionData?: PostedBack;
  open?: boolean;
}) {
  const { t } = useTranslation("recurring");
  const shell = useAppShell();
  const create = useFetcher<RecurringActionResult>();
  const { panelRef, formRef, close } = useCreatePanel();
  const plain = plainRefusal(actionData, "create");
  const refusal = create.data && !create.data.ok ? create.data : plain;

  useSavedToast(create, close);

  return (
    <CreatePanel
      ref={panelRef}
      id="new-series"
      title={t("series.add")}
      hint={t("series.addHint")}
      open={Boolean(plain || open)}
    >
      <create.Form ref={formRef} method="post" action={action} className="flex flex-col gap-4 border-t p-5" noValidate>
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="householdId" value={shell.household.id} />
        <SeriesFormFields
          values={plain?.values ? echoedValues(plain.values, defaults) : defaults}
          errors={refusal?.fieldErrors}
          accounts={accounts}
        />
        <FormError message={refusal?.fieldErrors.form} />
        <Button type="submit" disabled={create.state !== "idle"} className="sm:self-start">
          {t("series.create")}
        </Button>
      </create.Form>
    </CreatePanel>
  );
}

type ListedSeries = SeriesView & { nextDue: IsoDate | null };

/** One series: name, amount, schedule in words, next date; for the owner, edit and delete. */
export function SeriesCard({
  series,
  action,
  accounts,
  actionData,
}: {
  series: ListedSeries;
  action: string;
  accounts: readonly AccountChoice[];
  actionData?: PostedBack;
}) {
  const { t } = useTranslation("recurring");
  const { t: tApp } = useTranslation("app");
  const format = useFormat();
  const shell = useAppShell();
  const categories = useCategories();
  const seriesName = useSeriesName();
  const sentence = useScheduleSentence();
  const edit = useFetcher<RecurringActionResult>();
  const remove = useFetcher<RecurringActionResult>({ key: deleteFetcherKey });
  const editRef = useRef<HTMLDetailsElement>(null);
  const category = categories.byId(series.categoryId);
  const name = seriesName(series);
  const income = series.kind === "income";
  const account = accounts.length > 1 ? accounts.find((item) => item.id === series.accountId) : undefined;
  const plainEdit = plainRefusal(actionData, "update", series.id);
  const editRefusal = edit.data && !edit.data.ok ? edit.data : plainEdit;
  const conflict = useRowConflict(edit.data, series.version);
  const editConflict = conflict.current !== undefined || conflict.gone;
  // Every card shares the delete fetcher: only this series' answer counts here.
  const removal = useRowConflict(
    remove.data && "recurringId" in remove.data && remove.data.recurringId === series.id ? remove.data : undefined,
    series.version,
  );
  const theirs = (current: SeriesView | undefined) =>
    current && [
      { value: `${seriesName(current)}: ${current.kind === "income" ? "+" : "−"}${format.money(current.amountMinor)}` },
      {
        value: `${sentence(current)}${current.endsOn ? `, ${t("series.until", { date: format.date(current.endsOn) })}` : ""}`,
      },
    ];
  const saved: SeriesFormValues = {
    kind: series.kind,
    amountMinor: series.amountMinor,
    description: series.description,
    counterparty: series.counterparty,
    categoryId: series.categoryId,
    accountId: series.accountId,
    frequency: series.frequency,
    interval: series.interval,
    day: dayValue(series),
    startsOn: series.startsOn,
    endsOn: series.endsOn,
    autoPost: series.autoPost,
  };

  useSavedToast(edit, () => {
    if (editRef.current) editRef.current.open = false;
  });

  return (
    <Card className="flex h-full flex-col gap-3 p-5" data-testid="series-card">
      <div className="flex items-start gap-3">
        <CategoryIcon icon={category?.icon ?? "shapes"} color={category?.color ?? "#64748b"} />
        <div className="min-w-0 flex-1">
          <h3 className="break-words font-semibold">{name}</h3>
          <p className="text-sm text-muted-foreground">
            {sentence(series)}
            {series.endsOn && `, ${t("series.until", { date: format.date(series.endsOn) })}`}
          </p>
        </div>
        <p className={cn("shrink-0 text-right font-semibold tabular-nums", income && "text-emerald-700")}>
          {income ? "+" : "−"}
          {format.money(series.amountMinor)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pl-12 text-sm">
        <span className="font-medium">
          {series.nextDue ? t("series.next", { date: format.date(series.nextDue, "day") }) : t("series.ended")}
        </span>
        <span className="text-muted-foreground">{categories.label(category)}</span>
        {account && <span className="text-muted-foreground">{account.name}</span>}
        {series.autoPost && <Badge variant="secondary">{t("upcoming.automatic")}</Badge>}
      </div>

      {shell.household.canWrite && (
        <details ref={editRef} className="mt-auto border-t pt-3" open={plainEdit ? true : undefined}>
          <summary className="flex cursor-pointer list-none items-center gap-2 text-sm font-medium text-muted-foreground hover:text-foreground [&::-webkit-details-marker]:hidden">
            <PencilIcon aria-hidden="true" className="size-4" />
            {t("series.edit")}
            <span className="sr-only">: {name}</span>
          </summary>
          <edit.Form method="post" action={action} className="flex flex-col gap-4 pt-4" noValidate>
            <input type="hidden" name="intent" value="update" />
            <input type="hidden" name="recurringId" value={series.id} />
            <input type="hidden" name="householdId" value={shell.household.id} />
            <VersionInput version={series.version} conflict={conflict.current !== undefined} />
            {/* A new version (their save or ours) brings the fields back to the series as it is now. */}
            <SeriesFormFields
              key={series.version}
              values={plainEdit?.values ? echoedValues(plainEdit.values, saved) : saved}
              errors={editConflict ? undefined : editRefusal?.fieldErrors}
              accounts={accounts}
            />
            {editConflict ? (
              <ConflictNotice
                gone={conflict.gone}
                version={conflict.current?.version}
                values={theirs(conflict.current)}
              />
            ) : (
              <>
                <FormError message={editRefusal?.fieldErrors.form} />
                <Button type="submit" variant="secondary" disabled={edit.state !== "idle"} className="sm:self-start">
                  {t("series.save")}
                </Button>
              </>
            )}
          </edit.Form>
          <remove.Form
            method="post"
            action={action}
            className="mt-4 flex flex-col gap-2 border-t pt-4 sm:flex-row sm:items-center"
          >
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="recurringId" value={series.id} />
            <input type="hidden" name="householdId" value={shell.household.id} />
            <VersionInput version={series.version} conflict={removal.current !== undefined} />
            {removal.current || removal.gone ? (
              <ConflictNotice
                gone={removal.gone}
                message="conflict.changedBeforeDelete"
                version={removal.current?.version}
                values={theirs(removal.current)}
                submitLabel={tApp("conflict.deleteAnyway")}
              />
            ) : (
              <>
                <Button
                  type="submit"
                  variant="ghost"
                  size="sm"
                  className="text-destructive sm:self-start"
                  disabled={remove.state !== "idle"}
                  aria-label={`${t("series.delete")}: ${name}`}
                >
                  <Trash2Icon aria-hidden="true" />
                  {t("series.delete")}
                </Button>
                <p className="text-xs text-muted-foreground">{t("series.deleteHint")}</p>
              </>
            )}
          </remove.Form>
        </details>
      )}
    </Card>
  );
}
