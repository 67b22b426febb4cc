import { useEffect, useId, useRef, useState, type ElementType, type ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { defaultCategoryId, type TransactionKind } from "~/domain/categories";
import { amountToInput, currencySymbol, numberSeparators } from "~/domain/money";
import { cn } from "~/lib/cn";
import { descriptionMaxLength } from "../transaction.schema";
import { CategoryIcon } from "./category-icon";
import { FieldError, FormError } from "./field-error";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { useCategories } from "./use-budget-shell";

export interface TransactionFormValues {
  kind: TransactionKind;
  amountMinor?: number;
  /** The amount as typed, when re-showing a refused form. */
  amount?: string;
  occurredOn: string;
  description: string;
  categoryId: string;
}

/** React Router's <Form> for plain pages, or a fetcher's <Form> in the sheet. */
type FormComponent = ElementType;

interface TransactionFormProps {
  Form: FormComponent;
  action: string;
  mode: "add" | "edit";
  values: TransactionFormValues;
  errors?: Record<string, string | undefined>;
  submitting?: boolean;
  /** Set when a fetcher submits, so the action answers with data instead of a redirect. */
  viaScript?: boolean;
  redirectTo?: string;
  autoFocus?: boolean;
  footer?: ReactNode;
  /** In a sheet the submit button stays in reach above the keyboard while the form scrolls. */
  sticky?: boolean;
}

/**
 * Add or edit one entry: kind, amount in the reader's notation, category chips, date, description.
 * A plain POST form, so it works before (and without) JavaScript; with it, a fetcher submits and the sheet stays.
 * Without JavaScript the category chips of the other kind are hidden by CSS (:has), not by state.
 */
export function TransactionForm({ Form, action, mode, values, errors = {}, submitting, viaScript, redirectTo, autoFocus, footer, sticky }: TransactionFormProps) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const shell = useAppShell();
  const categories = useCategories();
  const id = useId();
  const [kind, setKind] = useState<TransactionKind>(values.kind);
  const [categoryId, setCategoryId] = useState(values.categoryId);
  const amountRef = useRef<HTMLInputElement>(null);
  const { decimal } = numberSeparators(format.language);

  useEffect(() => {
    if (autoFocus) amountRef.current?.focus();
  }, [autoFocus]);

  const chooseKind = (next: TransactionKind) => {
    setKind(next);
    if (categories.byId(categoryId)?.kind !== next) setCategoryId(defaultCategoryId(next));
  };

  const amountDefault = values.amount ?? (values.amountMinor ? amountToInput(values.amountMinor, format.language) : "");
  const errorId = (field: string) => (errors[field] ? `${id}-${field}-error` : undefined);

  return (
    <Form method="post" action={action} className="group/entry flex flex-col gap-5" noValidate>
      <input type="hidden" name="householdId" value={shell.household.id} />
      <input type="hidden" name="intent" value={mode === "add" ? "add" : "update"} />
      {viaScript && <input type="hidden" name="js" value="1" />}
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      <FormError message={errors.form} />

      <fieldset>
        <legend className="sr-only">{t("entry.kind")}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-secondary p-1">
          {(["expense", "income"] as const).map((option) => (
            <label
              key={option}
              className={cn(
                "flex h-10 cursor-pointer items-center justify-center rounded-md text-sm font-medium text-secondary-foreground transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                "has-[:checked]:bg-card has-[:checked]:text-foreground has-[:checked]:shadow-sm",
              )}
            >
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => chooseKind(option)}
                className="sr-only"
              />
              {t(option === "expense" ? "entry.expense" : "entry.income")}
            </label>
          ))}
        </div>
      </fieldset>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-amount`}>{t("entry.amount")}</Label>
        <div className="relative">
          <span className="pointer-events-none absolute inset-y-0 left-4 flex items-center text-2xl font-semibold text-muted-foreground">
            {currencySymbol(format.currency, format.language)}
          </span>
          <Input
            ref={amountRef}
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            enterKeyHint="done"
            placeholder={`0${decimal}00`}
            defaultValue={amountDefault}
            aria-invalid={errors.amount ? true : undefined}
            aria-describedby={errorId("amount")}
            className="h-16 pl-14 text-3xl font-semibold tabular-nums placeholder:text-muted-foreground/45 md:text-3xl"
            required
          />
        </div>
        <FieldError id={errorId("amount")} message={errors.amount} />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-medium">{t("entry.category")}</legend>
        {(["expense", "income"] as const).map((group) => (
          <div
            key={group}
            className={cn(
              "grid grid-cols-3 gap-2 sm:grid-cols-4",
              group === "expense" ? "group-has-[input[name=kind][value=income]:checked]/entry:hidden" : "group-has-[input[name=kind][value=expense]:checked]/entry:hidden",
            )}
          >
            {categories.ofKind(group).map((category) => (
              <label
                key={category.id}
                className={cn(
                  "flex cursor-pointer flex-col items-center gap-1.5 rounded-lg border border-transparent bg-muted/60 px-1 py-2.5 text-center text-xs font-medium leading-tight transition-colors hover:bg-secondary",
                  "has-[:checked]:border-primary has-[:checked]:bg-secondary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring",
                )}
              >
                <input
                  type="radio"
                  name="categoryId"
                  value={category.id}
                  checked={categoryId === category.id}
                  onChange={() => setCategoryId(category.id)}
                  className="sr-only"
                />
                <CategoryIcon icon={category.icon} color={category.color} className="size-8" />
                <span className="line-clamp-2 hyphens-auto break-words">{categories.label(category)}</span>
              </label>
            ))}
          </div>
        ))}
        <FieldError message={errors.categoryId} />
      </fieldset>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-date`}>{t("entry.date")}</Label>
          <Input
            id={`${id}-date`}
            type="date"
            name="occurredOn"
            defaultValue={values.occurredOn}
            required
            aria-invalid={errors.occurredOn ? true : undefined}
            aria-describedby={errorId("occurredOn")}
          />
          <FieldError id={errorId("occurredOn")} message={errors.occurredOn} />
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-description`}>
            {t("entry.description")} <span className="font-normal text-muted-foreground">{t("entry.optional")}</span>
          </Label>
          <Input
            id={`${id}-description`}
            name="description"
            defaultValue={values.description}
            maxLength={descriptionMaxLength}
            autoComplete="off"
            placeholder={t(kind === "income" ? "entry.descriptionIncomePlaceholder" : "entry.descriptionExpensePlaceholder")}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={errorId("description")}
          />
          <FieldError id={errorId("description")} message={errors.description} />
        </div>
      </div>

      <div className={cn("flex flex-col gap-2", sticky && "sticky -bottom-6 -mx-6 -mb-6 border-t bg-card/95 px-6 pb-6 pt-3 backdrop-blur")}>
        <Button type="submit" size="lg" className="w-full" disabled={submitting}>
          {submitting
            ? t("entry.saving")
            : mode === "edit"
              ? t("entry.saveChanges")
              : t(kind === "income" ? "entry.addIncome" : "entry.addExpense")}
        </Button>
        {footer}
      </div>
    </Form>
  );
}
