import PencilIcon from "lucide-react/icons/pencil";
import PlusIcon from "lucide-react/icons/plus";
import Trash2Icon from "lucide-react/icons/trash-2";
import Undo2Icon from "lucide-react/icons/undo-2";
import { useEffect, useId, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { useCreatePanel } from "~/components/ui/create-panel";
import { FieldError } from "~/components/ui/field-error";
import { TextField } from "~/components/ui/text-field";
import { showToast } from "~/components/ui/toast";
import type { BudgetScope, CategoryBudgetMonth } from "~/domain/budgets";
import { amountToInput, numberSeparators } from "~/domain/money";
import { cn } from "~/lib/cn";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import type { BudgetActionResult, handleBudgetAction } from "../budget-actions.server";
import { budgetsPath } from "../budgets-path";

/** What a form posted without JavaScript got back, when it is about this category. */
export type BudgetRefusal = Extract<BudgetActionResult, { ok: false }>;

/**
 * Answers already toasted. The fetchers are keyed by month and category, so their answer outlives the card: the
 * category's editor in the other list (a removed budget moves to "without a budget") mounts with the same answer and
 * must not toast it again.
 */
const toastedAnswers = new WeakSet<object>();

/** Shows the success toast once per answer and lets the caller close its disclosure. */
function useSavedToast(
  fetcher: { state: string; data?: { ok: boolean; intent?: string; scope?: BudgetScope } },
  onSaved: () => void,
) {
  const { t } = useTranslation("budgets");
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data?.ok || toastedAnswers.has(fetcher.data)) return;
    toastedAnswers.add(fetcher.data);
    const { intent, scope } = fetcher.data;
    const title =
      intent !== "remove" ? t("toast.saved") : scope === "month" ? t("toast.monthUndone") : t("toast.removed");
    showToast({ title, variant: "success" });
    onSaved();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer
  }, [fetcher.state, fetcher.data]);
}

/**
 * "Set a budget" (a category without one) or "Change budget" (with remove buttons): a <details> disclosure holding
 * plain forms, which fetchers submit when JavaScript runs.
 */
export function BudgetEditor({
  categoryId,
  label,
  month,
  item,
  refusal,
}: {
  categoryId: string;
  label: string;
  month: string;
  /** The category's month when it has a budget: the form starts from it and offers removal. */
  item?: CategoryBudgetMonth;
  refusal?: BudgetRefusal;
}) {
  const { t } = useTranslation("budgets");
  const format = useFormat();
  const shell = useAppShell();
  const id = useId();
  // Saving moves a category between the lists, which mounts its editor afresh: keyed fetchers carry the answer (and its
  // toast) over to the editor in the other list.
  const save = useFetcher<typeof handleBudgetAction>({ key: `budget-save-${month}-${categoryId}` });
  const remove = useFetcher<typeof handleBudgetAction>({ key: `budget-remove-${month}-${categoryId}` });
  const { panelRef, close } = useCreatePanel();
  const { decimal } = numberSeparators(format.language);
  useSavedToast(save, close);
  useSavedToast(remove, close);

  // Removing the running budget ("repeat") or this month's change ("month"): the same form with another scope.
  const removeForm = (scope: BudgetScope, icon: ReactNode, text: string) => (
    <remove.Form method="post" action={budgetsPath(month)}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="householdId" value={shell.household.id} />
      <input type="hidden" name="categoryId" value={categoryId} />
      <input type="hidden" name="month" value={month} />
      <input type="hidden" name="scope" value={scope} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        disabled={remove.state !== "idle"}
        aria-label={`${text}: ${label}`}
      >
        {icon}
        {text}
      </Button>
    </remove.Form>
  );

  const fetched = save.data && !save.data.ok ? save.data : remove.data && !remove.data.ok ? remove.data : undefined;
  const shown = fetched ?? refusal;
  const errors = shown?.fieldErrors;
  const typed = refusal?.values;
  const amount = typed?.amount ?? (item ? amountToInput(item.limitMinor, format.language) : "");
  const scope: BudgetScope = typed?.scope === "month" ? "month" : "repeat";
  const rollover = typed ? typed.rollover === "on" : (item?.rollover ?? false);

  return (
    <details ref={panelRef} className="group/editor" open={refusal ? true : undefined} data-testid="budget-editor">
      <summary
        className={cn(
          "flex cursor-pointer list-none items-center gap-2 text-sm font-medium [&::-webkit-details-marker]:hidden",
          item
            ? "text-muted-foreground hover:text-foreground"
            : "w-fit rounded-md border bg-card px-3 py-2 shadow-xs hover:bg-secondary",
        )}
      >
        {item ? (
          <PencilIcon aria-hidden="true" className="size-4" />
        ) : (
          <PlusIcon aria-hidden="true" className="size-4" />
        )}
        {t(item ? "form.edit" : "form.set")}
        <span className="sr-only">: {label}</span>
      </summary>
      <div className="flex flex-col gap-4 pt-4">
        <save.Form method="post" action={budgetsPath(month)} className="flex flex-col gap-4" noValidate>
          <input type="hidden" name="intent" value="set" />
          <input type="hidden" name="householdId" value={shell.household.id} />
          <input type="hidden" name="categoryId" value={categoryId} />
          <input type="hidden" name="month" value={month} />
          <TextField
            id={`${id}-amount`}
            label={t("form.amount")}
            hint={t("form.amountHint")}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            defaultValue={amount}
            placeholder={`300${decimal}00`}
            inputClassName="sm:max-w-48"
            error={errors?.amount}
            required
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t("form.applies")}</legend>
            <div className="flex flex-col gap-2 sm:flex-row sm:gap-5">
              {(["repeat", "month"] as const).map((option) => (
                <label key={option} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="scope"
                    value={option}
                    defaultChecked={scope === option}
                    className="size-4 accent-primary"
                  />
                  {t(option === "repeat" ? "form.fromThisMonth" : "form.onlyThisMonth")}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1">
            <label className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                name="rollover"
                defaultChecked={rollover}
                className="mt-0.5 size-4 shrink-0 accent-primary"
                aria-describedby={`${id}-rollover-hint`}
              />
              {t("form.rollover")}
            </label>
            <p id={`${id}-rollover-hint`} className="pl-6 text-xs text-muted-foreground">
              {t("form.rolloverHint")}
            </p>
          </div>
          <FieldError
            message={errors?.form ?? errors?.categoryId ?? errors?.scope ?? errors?.month ?? errors?.rollover}
          />
          <Button type="submit" disabled={save.state !== "idle"} className="sm:self-start">
            {t("form.save")}
          </Button>
        </save.Form>
        {item && (
          <div className="flex flex-wrap gap-2 border-t pt-3">
            {removeForm("repeat", <Trash2Icon aria-hidden="true" />, t("form.remove"))}
            {item.source === "month" && removeForm("month", <Undo2Icon aria-hidden="true" />, t("form.undoMonth"))}
          </div>
        )}
      </div>
    </details>
  );
}
