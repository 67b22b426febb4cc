import PlusIcon from "lucide-react/icons/plus";
import XIcon from "lucide-react/icons/x";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { showToast } from "~/components/ui/toast";
import type { RecurringSuggestion } from "~/domain/recurring";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { CategoryIcon } from "~/features/entries/components/category-icon";
import { FormError } from "~/components/ui/field-error";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import type { RecurringActionResult } from "../recurring-actions.server";
import { dayValue, SeriesFormFields, type AccountChoice } from "./series-form";
import { useSavedToast } from "./series-list";
import { useScheduleSentence } from "./use-schedule-sentence";

/** One fetcher for every suggestion's Add: an added suggestion leaves the page, the section (which stays) shows the toast. */
const addFetcherKey = "recurring-suggestion-add";
/** "Add all" empties the section, so its answer is read by the page's notice (useAddAllToast), which stays. */
const addAllFetcherKey = "recurring-suggestion-add-all";

/** Dismissed suggestions are forgotten with the tab: nothing is stored on the server. */
const dismissedStorageKey = "samen.recurring.dismissed";
const dismissListeners = new Set<() => void>();
/** Where the keys live when the browser keeps no session storage: the list still hides them until a reload. */
let dismissedInMemory = "[]";

function storedDismissals(): string {
  try {
    return sessionStorage.getItem(dismissedStorageKey) ?? dismissedInMemory;
  } catch {
    return dismissedInMemory;
  }
}

function subscribeToDismissals(listener: () => void) {
  dismissListeners.add(listener);
  return () => dismissListeners.delete(listener);
}

function dismissSuggestion(key: string) {
  const next = JSON.stringify([...parseDismissals(storedDismissals()), key]);
  dismissedInMemory = next;
  try {
    sessionStorage.setItem(dismissedStorageKey, next);
  } catch {
    // Kept in memory only (see dismissedInMemory).
  }
  for (const listener of dismissListeners) listener();
}

function parseDismissals(stored: string): string[] {
  try {
    const keys: unknown = JSON.parse(stored);
    return Array.isArray(keys) ? keys.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Series found in the history and not set up yet ("Netflix, €13.99, every month on day 5"): Add opens the new-series
 * form filled in from it; Dismiss (once the page's script runs) hides it for this session.
 */
export function Suggestions({
  suggestions,
  action,
  accounts,
}: {
  suggestions: readonly RecurringSuggestion[];
  action: string;
  accounts: readonly AccountChoice[];
}) {
  const { t } = useTranslation("recurring");
  const dismissed = parseDismissals(useSyncExternalStore(subscribeToDismissals, storedDismissals, () => "[]"));
  const [adding, setAdding] = useState<string | null>(null);
  useSavedToast(useFetcher<RecurringActionResult>({ key: addFetcherKey }));
  const shown = suggestions.filter((suggestion) => !dismissed.includes(suggestion.key));
  if (shown.length === 0) return null;

  return (
    <section
      className="flex flex-col gap-3"
      aria-labelledby="recurring-suggestions"
      data-testid="recurring-suggestions"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="recurring-suggestions" className="text-lg font-semibold">
            {t("suggestions.title")}
          </h2>
          <p className="text-sm text-muted-foreground">{t("suggestions.hint")}</p>
        </div>
        {shown.length > 1 && <AddAll keys={shown.map((suggestion) => suggestion.key)} action={action} />}
      </div>
      <ul className="grid gap-3 lg:grid-cols-2">
        {shown.map((suggestion) => (
          <li key={suggestion.key}>
            <SuggestionCard
              suggestion={suggestion}
              action={action}
              accounts={accounts}
              adding={adding === suggestion.key}
              onAdd={() => setAdding(suggestion.key)}
              onDismiss={() => dismissSuggestion(suggestion.key)}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One button for every suggestion shown: a plain POST without JavaScript (the page then shows what was added, with
 * its undo), a fetcher with it. The keys say which suggestions the member saw, dismissed ones left out; the server
 * finds them again itself.
 */
function AddAll({ keys, action }: { keys: readonly string[]; action: string }) {
  const { t } = useTranslation("recurring");
  const shell = useAppShell();
  const addAll = useFetcher<RecurringActionResult>({ key: addAllFetcherKey });
  return (
    <addAll.Form method="post" action={action} data-testid="suggestions-add-all">
      <input type="hidden" name="intent" value="addAll" />
      <input type="hidden" name="householdId" value={shell.household.id} />
      {keys.map((key) => (
        <input key={key} type="hidden" name="key" value={key} />
      ))}
      <Button
        type="submit"
        disabled={addAll.state !== "idle"}
        aria-label={t("suggestions.addAllLabel", { count: keys.length })}
      >
        <PlusIcon aria-hidden="true" />
        {t("suggestions.addAll")}
      </Button>
    </addAll.Form>
  );
}

/** The added series, the count and the undo, however the answer came: a fetcher's (a toast) or a plain POST's (a card). */
export function AddedAllNotice({
  action,
  plainAnswer,
}: {
  action: string;
  /** The page's answer to a plain form post: this page's, or the shared refusal of a read-only household. */
  plainAnswer?: RecurringActionResult | { ok: false };
}) {
  const { t } = useTranslation("recurring");
  const shell = useAppShell();
  const addAll = useFetcher<RecurringActionResult>({ key: addAllFetcherKey });
  const undo = useFetcher<RecurringActionResult>();
  const seen = useRef<unknown>(null);
  useEffect(() => {
    const result = addAll.data;
    if (addAll.state !== "idle" || !result || result === seen.current) return;
    seen.current = result;
    if (!result.ok || result.intent !== "addAll") return;
    const ids = "recurringIds" in result ? result.recurringIds : [];
    if (ids.length === 0) {
      showToast({ title: t("suggestions.addedNone") });
      return;
    }
    showToast({
      title: t("suggestions.addedAll", { count: ids.length }),
      variant: "success",
      duration: 8000,
      action: {
        label: t("upcoming.undo"),
        onClick: () => {
          // A repeated field, as the plain form posts it: one `recurringId` per series.
          const form = new FormData();
          form.set("intent", "undoAddAll");
          form.set("householdId", shell.household.id);
          for (const id of ids) form.append("recurringId", id);
          void undo.submit(form, { method: "post", action });
        },
      },
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [addAll.state, addAll.data]);
  useEffect(() => {
    if (undo.state === "idle" && undo.data?.ok) showToast({ title: t("suggestions.undoneAll"), variant: "success" });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [undo.state, undo.data]);

  if (!plainAnswer?.ok || !("recurringIds" in plainAnswer)) return null;
  const ids = plainAnswer.recurringIds;
  if (plainAnswer.intent === "undoAddAll")
    return (
      <Card role="status" className="p-4 text-sm" data-testid="suggestions-added-all">
        {t("suggestions.undoneAll")}
      </Card>
    );
  return (
    <Card
      role="status"
      className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm"
      data-testid="suggestions-added-all"
    >
      <span>{ids.length > 0 ? t("suggestions.addedAll", { count: ids.length }) : t("suggestions.addedNone")}</span>
      {ids.length > 0 && (
        <form method="post" action={action}>
          <input type="hidden" name="intent" value="undoAddAll" />
          <input type="hidden" name="householdId" value={shell.household.id} />
          {ids.map((id) => (
            <input key={id} type="hidden" name="recurringId" value={id} />
          ))}
          <Button type="submit" variant="outline" size="sm">
            {t("upcoming.undo")}
          </Button>
        </form>
      )}
    </Card>
  );
}

function SuggestionCard({
  suggestion,
  action,
  accounts,
  adding,
  onAdd,
  onDismiss,
}: {
  suggestion: RecurringSuggestion;
  action: string;
  accounts: readonly AccountChoice[];
  /** This card's form was the one sent last: the answer (a refusal) is its. */
  adding: boolean;
  onAdd: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation("recurring");
  const format = useFormat();
  const shell = useAppShell();
  const categories = useCategories();
  const sentence = useScheduleSentence();
  const hydrated = useHydrated();
  const create = useFetcher<RecurringActionResult>({ key: addFetcherKey });
  const category = categories.byId(suggestion.categoryId);
  const income = suggestion.kind === "income";
  const schedule = { ...suggestion, startsOn: suggestion.nextDue, endsOn: null };
  const refusal = adding && create.data && !create.data.ok ? create.data : undefined;

  return (
    <Card className="flex flex-col gap-3 p-4" data-testid="suggestion">
      <div className="flex items-start gap-3">
        <CategoryIcon icon={category?.icon ?? "shapes"} color={category?.color ?? "#64748b"} />
        <div className="min-w-0 flex-1">
          <h3 className="break-words font-semibold">{suggestion.name}</h3>
          <p className="text-sm">
            <span className={cn("font-semibold tabular-nums", income && "text-emerald-700")}>
              {format.money(suggestion.amountMinor)}
            </span>{" "}
            · {sentence(schedule)}
          </p>
          <p className="text-xs text-muted-foreground">
            {t("suggestions.seen", { count: suggestion.occurrences, date: format.date(suggestion.lastSeen) })}
          </p>
        </div>
        {hydrated && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="-mr-2 -mt-2 shrink-0"
            onClick={onDismiss}
            aria-label={t("suggestions.dismissLabel", { name: suggestion.name })}
            title={t("suggestions.dismiss")}
          >
            <XIcon aria-hidden="true" />
          </Button>
        )}
      </div>
      <details className="group/add">
        <summary
          className="inline-flex h-9 cursor-pointer list-none items-center gap-2 rounded-md border border-input bg-card px-3 text-sm font-medium shadow-sm hover:bg-secondary group-open/add:hidden [&::-webkit-details-marker]:hidden"
          aria-label={t("suggestions.addLabel", { name: suggestion.name })}
        >
          <PlusIcon aria-hidden="true" className="size-4" />
          {t("suggestions.add")}
        </summary>
        <create.Form
          method="post"
          action={action}
          onSubmit={onAdd}
          className="flex flex-col gap-4 border-t pt-4"
          noValidate
        >
          <input type="hidden" name="intent" value="create" />
          <input type="hidden" name="householdId" value={shell.household.id} />
          <SeriesFormFields
            values={{
              kind: suggestion.kind,
              amountMinor: suggestion.amountMinor,
              description: suggestion.name,
              counterparty: suggestion.counterparty,
              categoryId: suggestion.categoryId,
              accountId: suggestion.accountId,
              frequency: suggestion.frequency,
              interval: suggestion.interval,
              day: dayValue(suggestion),
              startsOn: suggestion.nextDue,
              autoPost: false,
            }}
            errors={refusal?.fieldErrors}
            accounts={accounts}
          />
          <FormError message={refusal?.fieldErrors.form} />
          <Button type="submit" disabled={create.state !== "idle"} className="sm:self-start">
            {t("series.create")}
          </Button>
        </create.Form>
      </details>
    </Card>
  );
}
