import { SegmentCheck, segmentClass } from "~/components/ui/segment";
import { useId, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Label } from "~/components/ui/label";
import { SelectField, selectClass } from "~/components/ui/select-field";
import { TextField } from "~/components/ui/text-field";
import { defaultCategoryId, type TransactionKind } from "~/domain/categories";
import { amountToInput, currencySymbol, numberSeparators } from "~/domain/money";
import { recurringFrequencies, type RecurringFrequency } from "~/domain/recurring";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { FieldError } from "~/components/ui/field-error";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { useFormat } from "~/features/household/components/use-app-shell";
import { maxInterval, recurringTextMaxLength } from "../recurring.schema";

/** What the form starts with: a saved series, a suggestion, or a refused form posted back as typed. */
export interface SeriesFormValues {
  kind: TransactionKind;
  amountMinor?: number;
  /** The amount as typed, when re-showing a refused form. */
  amount?: string;
  description: string;
  counterparty?: string | null;
  categoryId: string;
  accountId?: string;
  frequency: RecurringFrequency;
  interval: number | string;
  /** "1"–"31", "last", or "" (the start date's day). */
  day: string;
  startsOn: string;
  endsOn?: string | null;
  autoPost: boolean;
}

export interface AccountChoice {
  id: string;
  name: string;
}

/** The form value of a series' day: its day of the month, "last", or empty for weekly and yearly series. */
export function dayValue(series: {
  frequency: RecurringFrequency;
  dayOfMonth: number | null;
  lastDay: boolean;
}): string {
  if (series.frequency !== "monthly") return "";
  return series.lastDay ? "last" : series.dayOfMonth ? String(series.dayOfMonth) : "";
}

/**
 * Kind, amount, name, category, account, schedule and auto-post: shared by "add", "edit" and a suggestion's "add".
 * A plain form that works without JavaScript: the day of the month shows only while "Monthly" is chosen (CSS :has),
 * and the category list offers both kinds until the page's script narrows it to the chosen one.
 */
export function SeriesFormFields({
  values,
  errors,
  accounts,
}: {
  values: SeriesFormValues;
  errors?: Record<string, string | undefined>;
  accounts: readonly AccountChoice[];
}) {
  const { t } = useTranslation("recurring");
  const format = useFormat();
  const categories = useCategories();
  const hydrated = useHydrated();
  const id = useId();
  const [kind, setKind] = useState<TransactionKind>(values.kind);
  const [categoryId, setCategoryId] = useState(values.categoryId);
  const { decimal } = numberSeparators(format.language);
  const amount = values.amount ?? (values.amountMinor ? amountToInput(values.amountMinor, format.language) : "");
  const invalid = (field: string) => (errors?.[field] ? true : undefined);
  const describedBy = (field: string) => (errors?.[field] ? `${id}-${field}-error` : undefined);
  const kinds = hydrated ? [kind] : (["expense", "income"] as const);

  const chooseKind = (next: TransactionKind) => {
    setKind(next);
    if (categories.byId(categoryId)?.kind !== next) setCategoryId(defaultCategoryId(next));
  };

  return (
    <div className="group/series flex flex-col gap-4">
      {values.counterparty && <input type="hidden" name="counterparty" value={values.counterparty} />}
      <fieldset>
        <legend className="sr-only">{t("fields.kind")}</legend>
        <div className="grid grid-cols-2 gap-1 rounded-lg bg-secondary p-1">
          {(["expense", "income"] as const).map((option) => (
            <label key={option} className={cn(segmentClass, "h-10")}>
              <input
                type="radio"
                name="kind"
                value={option}
                checked={kind === option}
                onChange={() => chooseKind(option)}
                className="peer sr-only"
              />
              <SegmentCheck />
              {t(option === "expense" ? "fields.expense" : "fields.income")}
            </label>
          ))}
        </div>
        <FieldError message={errors?.kind} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-description`}
          label={t("fields.name")}
          name="description"
          defaultValue={values.description}
          maxLength={recurringTextMaxLength}
          placeholder={t("fields.namePlaceholder")}
          autoComplete="off"
          error={errors?.description}
        />
        <TextField
          id={`${id}-amount`}
          label={t("fields.amount", { currency: currencySymbol(format.currency, format.language) })}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          defaultValue={amount}
          placeholder={`0${decimal}00`}
          error={errors?.amount}
          required
        />
      </div>

      <div className={cn("grid gap-4", accounts.length > 1 && "sm:grid-cols-2")}>
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-category`}>{t("fields.category")}</Label>
          <select
            id={`${id}-category`}
            name="categoryId"
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            className={selectClass}
            aria-invalid={invalid("categoryId")}
            aria-describedby={describedBy("categoryId")}
          >
            {kinds.map((option) => (
              <optgroup key={option} label={t(option === "expense" ? "fields.expense" : "fields.income")}>
                {categories.ofKind(option).map((category) => (
                  <option key={category.id} value={category.id}>
                    {categories.label(category)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
          <FieldError id={`${id}-categoryId-error`} message={errors?.categoryId} />
        </div>
        {accounts.length > 1 && (
          <SelectField
            id={`${id}-account`}
            name="accountId"
            label={t("fields.account")}
            options={accounts.map((account) => ({ value: account.id, label: account.name }))}
            defaultValue={values.accountId ?? accounts[0]?.id}
            error={errors?.accountId}
          />
        )}
      </div>

      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField
          id={`${id}-frequency`}
          name="frequency"
          label={t("fields.frequency")}
          options={recurringFrequencies.map((option) => ({ value: option, label: t(`frequency.${option}`) }))}
          defaultValue={values.frequency}
          error={errors?.frequency}
        />
        <TextField
          id={`${id}-interval`}
          label={t("fields.interval")}
          hint={t("fields.intervalHint")}
          name="interval"
          type="number"
          inputMode="numeric"
          min={1}
          max={maxInterval}
          step={1}
          defaultValue={String(values.interval)}
          error={errors?.interval}
        />
        {/* Only a monthly series has a day of the month: hidden by CSS while another frequency is chosen. */}
        <SelectField
          id={`${id}-day`}
          name="day"
          label={t("fields.day")}
          options={[
            ...Array.from({ length: 31 }, (_, index) => ({ value: String(index + 1), label: String(index + 1) })),
            { value: "last", label: t("fields.lastDay") },
          ]}
          defaultValue={values.day}
          error={errors?.day}
          className="hidden group-has-[option[value=monthly]:checked]/series:flex"
        />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id={`${id}-starts-on`}
          label={t("fields.startsOn")}
          hint={t("fields.startsOnHint")}
          name="startsOn"
          type="date"
          defaultValue={values.startsOn}
          required
          error={errors?.startsOn}
        />
        <TextField
          id={`${id}-ends-on`}
          label={
            <>
              {t("fields.endsOn")} <span className="font-normal text-muted-foreground">{t("fields.optional")}</span>
            </>
          }
          name="endsOn"
          type="date"
          defaultValue={values.endsOn ?? ""}
          error={errors?.endsOn}
        />
      </div>

      <div className="flex items-start gap-3">
        <input
          id={`${id}-auto-post`}
          name="autoPost"
          type="checkbox"
          defaultChecked={values.autoPost}
          className="mt-0.5 size-5 shrink-0 accent-primary"
          aria-describedby={`${id}-autoPost-hint`}
        />
        <div className="flex flex-col gap-0.5">
          <Label htmlFor={`${id}-auto-post`}>{t("fields.autoPost")}</Label>
          <p id={`${id}-autoPost-hint`} className="text-xs text-muted-foreground">
            {t("fields.autoPostHint")}
          </p>
        </div>
      </div>
    </div>
  );
}
