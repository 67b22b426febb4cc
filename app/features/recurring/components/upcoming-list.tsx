import CheckIcon from "lucide-react/icons/check";
import SkipForwardIcon from "lucide-react/icons/skip-forward";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import { tDynamic } from "~/i18n/translator";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { showToast } from "~/components/ui/toast";
import { cn } from "~/lib/cn";
import { CategoryIcon } from "~/features/entries/components/category-icon";
import { FormError } from "~/components/ui/field-error";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import type { RecurringActionResult } from "../recurring-actions.server";
import type { IsoDate } from "~/domain/periods";
import type { OccurrenceView } from "../recurring.server";
import { useSeriesName, useWeekdays } from "./use-series-name";

/** One fetcher for every row's Confirm and Skip (one is tapped at a time), owned by the list, which stays. */
const occurrenceFetcherKey = "recurring-occurrence";

/**
 * The month's open due dates, each with Confirm and Skip: one tap, a plain form without JavaScript. With it, the row
 * leaves at once and a toast offers to undo.
 */
export function UpcomingList({
  items,
  action,
  plainError,
  nextMonthFrom,
}: {
  items: readonly OccurrenceView[];
  action: string;
  plainError?: string;
  /** The next month's first day: a row from then on is a bill due before the next income, and says so. */
  nextMonthFrom?: IsoDate;
}) {
  const { t } = useTranslation("recurring");
  const format = useFormat();
  const shell = useAppShell();
  const seriesName = useSeriesName();
  const act = useFetcher<RecurringActionResult>({ key: occurrenceFetcherKey });
  const reopen = useFetcher<RecurringActionResult>();
  // The row tapped last: its name and amount are gone from the page once the answer has come.
  const tapped = useRef<OccurrenceView | undefined>(undefined);
  const seen = useRef<RecurringActionResult | undefined>(undefined);
  const pending = act.formData
    ? `${String(act.formData.get("recurringId"))}|${String(act.formData.get("dueOn"))}`
    : null;
  const failed = act.state === "idle" && act.data && !act.data.ok ? act.data : undefined;

  useEffect(() => {
    const result = act.data;
    if (act.state !== "idle" || !result || result === seen.current) return;
    seen.current = result;
    const item = tapped.current;
    if (!result.ok) {
      const message = result.fieldErrors.form;
      if (message) showToast({ title: tDynamic(t, message), variant: "destructive" });
      return;
    }
    if (!item || !("dueOn" in result) || !result.dueOn) return;
    const name = seriesName(item);
    showToast({
      title:
        result.intent === "confirm"
          ? t("upcoming.confirmed", { name, amount: format.money(item.amountMinor) })
          : t("upcoming.skipped", { name, date: format.date(item.dueOn, "short") }),
      variant: "success",
      duration: 8000,
      action: {
        label: t("upcoming.undo"),
        onClick: () =>
          reopen.submit(
            {
              intent: "reopen",
              householdId: shell.household.id,
              recurringId: result.recurringId,
              dueOn: result.dueOn ?? "",
            },
            { method: "post", action },
          ),
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [act.state, act.data]);

  useEffect(() => {
    if (reopen.state === "idle" && reopen.data?.ok) showToast({ title: t("upcoming.reopened") });
  }, [reopen.state, reopen.data, t]);

  const shown = items.filter((item) => `${item.recurringId}|${item.dueOn}` !== pending);
  if (shown.length === 0) return <p className="text-sm text-muted-foreground">{t("upcoming.none")}</p>;

  return (
    <>
      <FormError message={plainError ?? failed?.fieldErrors.form} />
      <ul className="flex flex-col divide-y" data-testid="upcoming-list">
        {shown.map((item) => (
          <UpcomingRow
            key={`${item.recurringId}|${item.dueOn}`}
            item={item}
            action={action}
            onTap={() => (tapped.current = item)}
            beforeNextIncome={nextMonthFrom !== undefined && item.dueOn >= nextMonthFrom}
            Form={act.Form}
            busy={act.state !== "idle"}
          />
        ))}
      </ul>
    </>
  );
}

function UpcomingRow({
  item,
  action,
  onTap,
  Form,
  busy,
  beforeNextIncome,
}: {
  item: OccurrenceView;
  action: string;
  onTap: () => void;
  beforeNextIncome: boolean;
  Form: ReturnType<typeof useFetcher>["Form"];
  busy: boolean;
}) {
  const { t } = useTranslation("recurring");
  const format = useFormat();
  const shell = useAppShell();
  const categories = useCategories();
  const seriesName = useSeriesName();
  const weekdays = useWeekdays();
  const category = categories.byId(item.categoryId);
  const name = seriesName(item);
  const date = format.date(item.dueOn, "short");
  const income = item.kind === "income";
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="householdId" value={shell.household.id} />
      <input type="hidden" name="recurringId" value={item.recurringId} />
      <input type="hidden" name="dueOn" value={item.dueOn} />
    </>
  );

  return (
    <li className="flex flex-col gap-2 py-3" data-testid="upcoming-item">
      <div className="flex items-center gap-3">
        <div className="flex w-12 shrink-0 flex-col items-center rounded-lg bg-secondary py-1 text-secondary-foreground">
          <span className="text-lg font-semibold leading-tight tabular-nums">{Number(item.dueOn.slice(8))}</span>
          <span className="text-xs">{weekdays.shortOf(item.dueOn)}</span>
        </div>
        <CategoryIcon
          icon={category?.icon ?? "shapes"}
          color={category?.color ?? "#64748b"}
          className="hidden sm:flex"
        />
        <div className="min-w-0 flex-1">
          <p className="truncate font-medium">{name}</p>
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
            {categories.label(category)}
            {item.status === "overdue" && <Badge variant="destructive">{t("upcoming.overdue")}</Badge>}
            {beforeNextIncome && <Badge variant="outline">{t("upcoming.beforeNextIncome")}</Badge>}
            {item.autoPost && <Badge variant="secondary">{t("upcoming.automatic")}</Badge>}
          </p>
        </div>
        <p className={cn("shrink-0 text-right font-semibold tabular-nums", income && "text-emerald-700")}>
          {income ? "+" : "−"}
          {format.money(item.amountMinor)}
        </p>
      </div>
      {shell.household.canWrite && (
        <div className="flex gap-2 sm:justify-end">
          <Form method="post" action={action} onSubmit={onTap} className="flex-1 sm:flex-none">
            {hidden("confirm")}
            <Button
              type="submit"
              size="sm"
              className="w-full"
              disabled={busy}
              aria-label={t("upcoming.confirmLabel", { name, date })}
            >
              <CheckIcon aria-hidden="true" />
              {t("upcoming.confirm")}
            </Button>
          </Form>
          <Form method="post" action={action} onSubmit={onTap} className="flex-1 sm:flex-none">
            {hidden("skip")}
            <Button
              type="submit"
              size="sm"
              variant="outline"
              className="w-full"
              disabled={busy}
              aria-label={t("upcoming.skipLabel", { name, date })}
            >
              <SkipForwardIcon aria-hidden="true" />
              {t("upcoming.skip")}
            </Button>
          </Form>
        </div>
      )}
    </li>
  );
}
