import PlusIcon from "lucide-react/icons/plus";
import XIcon from "lucide-react/icons/x";
import { useId, useLayoutEffect, useRef, useState, type ElementType, type ReactNode } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { selectClass } from "~/components/ui/select-field";
import { TextField } from "~/components/ui/text-field";
import { toBcp47 } from "~/domain/languages";
import { numberSeparators } from "~/domain/money";
import { useHydrated } from "~/lib/use-hydrated";
import { FieldError, FormError } from "~/components/ui/field-error";
import { useCategories, useEntrySharing } from "~/features/entries/components/use-budget-shell";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import {
  conditionInputs,
  conditionValueMaxLength,
  maxConditions,
  operatorsFor,
  renameMaxLength,
  ruleFields,
  sharingChoices,
  splitInputs,
  splitShareKinds,
  type ConditionRowValues,
  type RuleFormValues,
  type SplitRowValues,
} from "../rule.schema";
import { maxSplitParts } from "~/domain/rules/rule-split";

const blankRow = (): ConditionRowValues => ({
  field: "counterparty",
  operator: "contains",
  value: "",
  max: "",
  account: "",
});
const rowInputs = ["field", "operator", "value", "max", "account"] as const;
const sameRow = (one: ConditionRowValues, other: ConditionRowValues) =>
  rowInputs.every((input) => one[input] === other[input]);

/** A row whose comparison does not fit its field (the field just changed) takes the field's first one. */
function fitted(row: ConditionRowValues): ConditionRowValues {
  const operators = operatorsFor(ruleFields.find((field) => field === row.field) ?? "counterparty");
  return operators.some((operator) => operator === row.operator) ? row : { ...row, operator: operators[0] ?? "equals" };
}

interface RuleFormProps {
  /** React Router's <Form> or a fetcher's. */
  Form: ElementType;
  intent: "create" | "update";
  ruleId?: string;
  values?: RuleFormValues;
  errors?: Record<string, string | undefined>;
  accounts: { id: string; name: string }[];
  submitting: boolean;
  submitLabel: string;
  /** The rule's row version when editing; left out while a conflict asks what to do. */
  version?: string;
  /** Shown instead of the submit button: a save refused because someone changed the rule meanwhile. */
  conflict?: ReactNode;
}

/**
 * A rule: condition rows (what to look at, how to compare, the value) that all must hold, then what to set. A plain
 * POST form: without JavaScript it offers one blank row more than the rule has (left blank, it is ignored) and shows
 * each row's inputs for the chosen field by CSS; with it, rows are added and removed in place.
 */
export function RuleForm({
  Form,
  intent,
  ruleId,
  values,
  errors = {},
  accounts,
  submitting,
  submitLabel,
  version,
  conflict,
}: RuleFormProps) {
  const { t } = useTranslation("rules");
  const shell = useAppShell();
  const categories = useCategories();
  // Shared or personal is asked only in a household of two or more.
  const sharing = useEntrySharing();
  const hydrated = useHydrated();
  const id = useId();
  const [rows, setRows] = useState(() =>
    (values?.rows.length ? values.rows : [blankRow()]).map((row, index) => ({ ...row, key: index })),
  );
  const [nextKey, setNextKey] = useState(rows.length);
  // Before the script runs, a blank row stands in for "Add a condition".
  const shown = hydrated ? rows : [...rows, { ...blankRow(), key: -1 }];

  const update = (key: number, change: Partial<ConditionRowValues>) =>
    setRows((previous) =>
      previous.map((row) => (row.key === key ? { ...row, ...fitted({ ...row, ...change }) } : row)),
    );

  // What someone chose or typed before the script ran is only in the page: the rows take it over at hydration, or
  // the first re-render would put back what the server sent. A filled-in stand-in row becomes a row of its own.
  const conditionList = useRef<HTMLOListElement>(null);
  useLayoutEffect(() => {
    const list = conditionList.current;
    if (!list) return;
    const read = (input: (typeof rowInputs)[number]) =>
      Array.from(
        list.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[name="${conditionInputs[input]}"]`),
        (element) => element.value,
      );
    const [fields, operators, texts, maxes, chosenAccounts] = [
      read("field"),
      read("operator"),
      read("value"),
      read("max"),
      read("account"),
    ];
    const inPage = fields.map((field, index) =>
      fitted({
        field,
        operator: operators[index] ?? "",
        value: texts[index] ?? "",
        max: maxes[index] ?? "",
        account: chosenAccounts[index] ?? "",
      }),
    );
    const taken = rows.map((row, index) => ({ ...(inPage[index] ?? row), key: row.key }));
    const standIn = inPage[rows.length];
    if (standIn && !sameRow(standIn, blankRow()) && taken.length < maxConditions) {
      taken.push({ ...standIn, key: nextKey });
      setNextKey(nextKey + 1);
    }
    if (taken.length !== rows.length || taken.some((row, index) => !sameRow(row, rows[index]!))) setRows(taken);
    // Once, at hydration: later the rows are the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Form method="post" action="/app/rules" className="flex flex-col gap-5" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="householdId" value={shell.household.id} />
      {ruleId && <input type="hidden" name="ruleId" value={ruleId} />}
      {version && <input type="hidden" name="version" value={version} />}

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">{t("form.conditions")}</legend>
        <FieldError message={errors.conditions} />
        <ol ref={conditionList} className="flex flex-col gap-3">
          {shown.map((row, index) => (
            <ConditionRow
              key={row.key}
              id={`${id}-${row.key}`}
              number={index + 1}
              row={row}
              accounts={accounts}
              error={errors[`condition${index}`]}
              onChange={(change) => update(row.key, change)}
              onRemove={
                hydrated && rows.length > 1
                  ? () => setRows((previous) => previous.filter((candidate) => candidate.key !== row.key))
                  : undefined
              }
            />
          ))}
        </ol>
        {hydrated && rows.length < maxConditions && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            className="self-start"
            onClick={() => {
              setRows((previous) => [...previous, { ...blankRow(), key: nextKey }]);
              setNextKey((key) => key + 1);
            }}
          >
            <PlusIcon aria-hidden="true" />
            {t("form.addCondition")}
          </Button>
        )}
      </fieldset>

      <fieldset className="flex flex-col gap-3">
        <legend className="mb-1 text-sm font-semibold">{t("form.actions")}</legend>
        <FieldError message={errors.actions} />
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-category`}>{t("form.category")}</Label>
            <select
              id={`${id}-category`}
              name="categoryId"
              defaultValue={values?.categoryId ?? ""}
              className={selectClass}
              aria-invalid={errors.categoryId ? true : undefined}
            >
              <option value="">{t("form.keepCategory")}</option>
              {(["expense", "income"] as const).map((kind) => (
                <optgroup key={kind} label={t(kind === "expense" ? "form.expenseCategories" : "form.incomeCategories")}>
                  {categories.ofKind(kind).map((category) => (
                    <option key={category.id} value={category.id}>
                      {categories.label(category)}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <FieldError message={errors.categoryId} />
          </div>
          <TextField
            id={`${id}-rename`}
            label={
              <>
                {t("form.rename")} <span className="font-normal text-muted-foreground">{t("form.optional")}</span>
              </>
            }
            name="rename"
            defaultValue={values?.rename ?? ""}
            maxLength={renameMaxLength}
            autoComplete="off"
            error={errors.rename}
          />
          {accounts.length > 1 && (
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor={`${id}-transfer`}>{t("form.transfer")}</Label>
              <select
                id={`${id}-transfer`}
                name="transferAccountId"
                defaultValue={values?.transferAccountId ?? ""}
                className={selectClass}
                aria-describedby={`${id}-transfer-hint`}
              >
                <option value="">{t("form.noTransfer")}</option>
                {accounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.name}
                  </option>
                ))}
              </select>
              <p id={`${id}-transfer-hint`} className="text-xs text-muted-foreground">
                {t("form.transferHint")}
              </p>
              <FieldError message={errors.transferAccountId} />
            </div>
          )}
          {sharing ? (
            <div className="flex flex-col gap-2 sm:col-span-2">
              <Label htmlFor={`${id}-sharing`}>{t("form.sharing")}</Label>
              <select
                id={`${id}-sharing`}
                name="sharing"
                defaultValue={values?.sharing ?? ""}
                className={selectClass}
                aria-describedby={`${id}-sharing-hint`}
                aria-invalid={errors.sharing ? true : undefined}
              >
                <option value="">{t("form.keepSharing")}</option>
                {sharingChoices.map((choice) => (
                  <option key={choice} value={choice}>
                    {t(`form.sharingChoices.${choice}`)}
                  </option>
                ))}
              </select>
              <p id={`${id}-sharing-hint`} className="text-xs text-muted-foreground">
                {t("form.sharingHint")}
              </p>
              <FieldError message={errors.sharing} />
            </div>
          ) : (
            // A rule written while the household had two members keeps its sharing when edited by one.
            values?.sharing && <input type="hidden" name="sharing" value={values.sharing} />
          )}
        </div>
      </fieldset>

      <SplitParts id={`${id}-split`} rows={values?.split ?? []} errors={errors} sharing={sharing !== null} />

      {conflict ?? (
        <>
          <FormError message={errors.form} />
          <Button type="submit" disabled={submitting} className="sm:self-start">
            {submitLabel}
          </Button>
        </>
      )}
    </Form>
  );
}

interface ConditionRowProps {
  id: string;
  number: number;
  row: ConditionRowValues;
  accounts: { id: string; name: string }[];
  error?: string;
  onChange: (change: Partial<ConditionRowValues>) => void;
  onRemove?: () => void;
}

/**
 * One condition. Every row posts all five inputs (so FormData lists stay aligned row by row); CSS shows the ones the
 * chosen field and comparison use, so the row also reads right before (or without) the script.
 */
function ConditionRow({ id, number, row, accounts, error, onChange, onRemove }: ConditionRowProps) {
  const { t } = useTranslation("rules");
  const format = useFormat();
  const { decimal } = numberSeparators(format.language);
  const field = ruleFields.find((candidate) => candidate === row.field) ?? "counterparty";
  const labelled = (what: string) => `${what} (${t("form.conditionNumber", { number })})`;
  // The sentence says "counterparty contains …"; a row starts with the field, so it starts with a capital.
  const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase(toBcp47(format.language)) + text.slice(1);
  return (
    <li className="group/condition flex flex-col gap-2 rounded-lg border bg-muted/30 p-3">
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,11rem)_minmax(0,10rem)_minmax(0,1fr)_auto] sm:items-start">
        <select
          name={conditionInputs.field}
          value={field}
          onChange={(event) => onChange({ field: event.currentTarget.value })}
          className={selectClass}
          aria-label={labelled(t("form.field"))}
        >
          {ruleFields.map((option) => (
            <option key={option} value={option}>
              {capitalised(t(`fields.${option}`))}
            </option>
          ))}
        </select>
        <select
          name={conditionInputs.operator}
          value={row.operator}
          onChange={(event) => onChange({ operator: event.currentTarget.value })}
          className={cn(selectClass, "group-has-[option[value=account]:checked]/condition:hidden")}
          aria-label={labelled(t("form.operator"))}
        >
          {operatorsFor(field).map((operator) => (
            <option key={operator} value={operator}>
              {t(
                field === "amount"
                  ? `amountOperators.${operator === "between" ? "between" : "equals"}`
                  : `operators.${operator}`,
              )}
            </option>
          ))}
        </select>
        <div className="flex min-w-0 flex-col gap-2 sm:flex-row sm:items-center">
          <Input
            name={conditionInputs.value}
            value={row.value}
            onChange={(event) => onChange({ value: event.currentTarget.value })}
            maxLength={conditionValueMaxLength}
            autoComplete="off"
            spellCheck={false}
            placeholder={field === "amount" ? `0${decimal}00` : ""}
            inputMode={field === "amount" ? "decimal" : undefined}
            className="group-has-[option[value=account]:checked]/condition:hidden"
            aria-label={labelled(t("form.value"))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <span
            className="hidden shrink-0 text-sm text-muted-foreground group-has-[option[value=between]:checked]/condition:inline"
            aria-hidden="true"
          >
            {t("form.and")}
          </span>
          <Input
            name={conditionInputs.max}
            value={row.max}
            onChange={(event) => onChange({ max: event.currentTarget.value })}
            autoComplete="off"
            inputMode="decimal"
            placeholder={`0${decimal}00`}
            className="hidden group-has-[option[value=between]:checked]/condition:block"
            aria-label={labelled(t("form.max"))}
          />
          <select
            name={conditionInputs.account}
            value={row.account}
            onChange={(event) => onChange({ account: event.currentTarget.value })}
            className={cn(selectClass, "hidden group-has-[option[value=account]:checked]/condition:block")}
            aria-label={labelled(t("form.account"))}
          >
            <option value="">{t("form.chooseAccount")}</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        </div>
        {onRemove && (
          <Button
            type="button"
            variant="ghost"
            size="icon"
            onClick={onRemove}
            aria-label={t("form.removeCondition", { number })}
          >
            <XIcon aria-hidden="true" />
          </Button>
        )}
      </div>
      {field !== "amount" && field !== "account" && row.operator === "regex" && (
        <p className="text-xs text-muted-foreground">{t("form.regexHint")}</p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </li>
  );
}

/** How many part rows the split offers: the filled ones and at least one blank, three at first, six at most. */
function splitRowsToShow(filled: number): number {
  return Math.min(maxSplitParts, Math.max(3, filled + 1));
}

const blankPart: SplitRowValues = { categoryId: "", by: "percent", value: "", sharing: "" };

interface SplitPartsProps {
  id: string;
  rows: readonly SplitRowValues[];
  errors: Record<string, string | undefined>;
  /** Shared or personal is asked only in a household of two or more. */
  sharing: boolean;
}

/**
 * "Split the amount": part rows of category, share (a percentage, a fixed amount, or the rest) and, in a household of
 * two, shared or personal. A disclosure that opens without JavaScript; blank rows are ignored, and CSS hides the value
 * of the part that takes the rest.
 */
function SplitParts({ id, rows, errors, sharing }: SplitPartsProps) {
  const { t } = useTranslation("rules");
  const format = useFormat();
  const categories = useCategories();
  const { decimal } = numberSeparators(format.language);
  // A refused form comes back with the blank rows it posted: the filled ones are shown again, then fresh blanks.
  const filled = rows.filter((row) => row.categoryId || row.value.trim());
  const shown = Array.from({ length: splitRowsToShow(filled.length) }, (_, index) => filled[index] ?? blankPart);
  const hasError = errors.split !== undefined || shown.some((_row, index) => errors[`split${index}`] !== undefined);
  return (
    <details open={rows.length > 0 || hasError} className="group/split rounded-lg border p-3">
      <summary className="cursor-pointer text-sm font-semibold">
        {t("form.split.title")} <span className="font-normal text-muted-foreground">{t("form.optional")}</span>
      </summary>
      <div className="mt-3 flex flex-col gap-3">
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {t("form.split.hint")}
        </p>
        <FieldError message={errors.split} />
        <ol className="flex flex-col gap-3">
          {shown.map((row, index) => {
            const labelled = (what: string) => `${what} (${t("form.split.partNumber", { number: index + 1 })})`;
            const error = errors[`split${index}`];
            return (
              <li key={index} className="group/part flex flex-col gap-2 rounded-lg border bg-muted/30 p-3">
                <div className="grid grid-cols-1 gap-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,9rem)_minmax(0,7rem)] sm:items-start">
                  <select
                    name={splitInputs.categoryId}
                    defaultValue={row.categoryId}
                    className={selectClass}
                    aria-label={labelled(t("form.split.category"))}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-${index}-error` : `${id}-hint`}
                  >
                    <option value="">{t("form.split.chooseCategory")}</option>
                    {(["expense", "income"] as const).map((kind) => (
                      <optgroup
                        key={kind}
                        label={t(kind === "expense" ? "form.expenseCategories" : "form.incomeCategories")}
                      >
                        {categories.ofKind(kind).map((category) => (
                          <option key={category.id} value={category.id}>
                            {categories.label(category)}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                  <select
                    name={splitInputs.by}
                    defaultValue={row.by || "percent"}
                    className={selectClass}
                    aria-label={labelled(t("form.split.by"))}
                  >
                    {splitShareKinds.map((kind) => (
                      <option key={kind} value={kind}>
                        {t(`form.split.shareKinds.${kind}`)}
                      </option>
                    ))}
                  </select>
                  <div className="flex items-center gap-2 group-has-[option[value=rest]:checked]/part:hidden">
                    <Input
                      name={splitInputs.value}
                      defaultValue={row.value}
                      autoComplete="off"
                      inputMode="decimal"
                      placeholder={`0${decimal}00`}
                      className="group-has-[option[value=percent]:checked]/part:placeholder:text-transparent"
                      aria-label={labelled(t("form.split.value"))}
                      aria-invalid={error ? true : undefined}
                    />
                    <span
                      className="hidden text-sm text-muted-foreground group-has-[option[value=percent]:checked]/part:inline"
                      aria-hidden="true"
                    >
                      %
                    </span>
                  </div>
                  {sharing ? (
                    <select
                      name={splitInputs.sharing}
                      defaultValue={row.sharing}
                      className={cn(selectClass, "sm:col-span-3")}
                      aria-label={labelled(t("form.split.sharing"))}
                    >
                      <option value="">{t("form.split.asEntry")}</option>
                      {sharingChoices.map((choice) => (
                        <option key={choice} value={choice}>
                          {t(`form.sharingChoices.${choice}`)}
                        </option>
                      ))}
                    </select>
                  ) : (
                    // Rows stay aligned: every row posts its sharing, kept as it was written.
                    <input type="hidden" name={splitInputs.sharing} value={row.sharing} />
                  )}
                </div>
                <FieldError id={`${id}-${index}-error`} message={error} />
              </li>
            );
          })}
        </ol>
      </div>
    </details>
  );
}
