import { lazy, Suspense, useId, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { statementDateFormats } from "~/domain/statements/dates";
import { useHydrated } from "~/lib/use-hydrated";
import { useTranslation } from "~/i18n/react";
import { descriptionSlots, mappingParameter, type AmountMode, type MappingFormValues } from "../mapping-form";
import type { ImportProblem } from "../statement-import.server";
import { ImportProblemMessage } from "./import-problem";

// The live reading pulls in the CSV reader; it loads only in the browser, once the step is on screen.
const MappingLivePreview = lazy(() => import("./mapping-live-preview"));

const selectClass = "h-10 w-full rounded-md border border-input bg-card px-3 text-sm shadow-xs";

interface MappingStepProps {
  draftId: string;
  fileName: string;
  headers: string[];
  sample: string[][];
  values: MappingFormValues;
  incomplete: boolean;
  problem: ImportProblem | null;
}

/**
 * "Which column is which?" for a CSV no preset knows: a GET form back to the preview, so without JavaScript the
 * answer is one request; with it, the first rows are read live as the selects change.
 */
export function MappingStep({
  draftId,
  fileName,
  headers,
  sample,
  values: initial,
  incomplete,
  problem,
}: MappingStepProps) {
  const { t } = useTranslation("money");
  const id = useId();
  const hydrated = useHydrated();
  const [values, setValues] = useState(initial);
  const width = Math.max(headers.length, ...sample.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, index) => ({
    value: String(index),
    label: headers[index] || t("import.mapping.column", { number: index + 1 }),
  }));
  const set = (field: keyof MappingFormValues, value: string) =>
    setValues((previous) => ({ ...previous, [field]: value }));
  // Without JavaScript every amount field stays visible; the chosen way of writing amounts decides which are read.
  const shows = (mode: AmountMode[]) => !hydrated || mode.includes(values.amountMode);

  const columnSelect = (
    field: Exclude<keyof MappingFormValues, "description" | "amountMode" | "dateFormat" | "decimal" | "debitValue">,
    label: string,
    optional: boolean,
  ) => (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={`${id}-${field}`} className="text-sm font-medium">
        {label}
      </label>
      <select
        id={`${id}-${field}`}
        name={mappingParameter[field]}
        value={values[field]}
        onChange={(event) => set(field, event.currentTarget.value)}
        className={selectClass}
      >
        {(optional || values[field] === "") && <option value="">{t("import.mapping.none")}</option>}
        {columns.map((column) => (
          <option key={column.value} value={column.value}>
            {column.label}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="flex flex-col gap-5">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight md:text-3xl">{t("import.mapping.title")}</h1>
        <p className="mt-1 text-sm text-muted-foreground">{t("import.mapping.text")}</p>
        <p className="mt-1 break-words text-sm text-muted-foreground">{fileName}</p>
      </div>

      <div className="flex flex-col gap-2">
        <h2 id={`${id}-sample`} className="text-lg font-semibold">
          {t("import.mapping.sample")}
        </h2>
        {/* A wide file scrolls sideways on its own, not the page; the region is focusable so the keyboard can scroll it. */}
        <div
          className="overflow-x-auto rounded-xl border bg-card"
          tabIndex={0}
          role="region"
          aria-labelledby={`${id}-sample`}
        >
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left">
                {columns.map((column) => (
                  <th key={column.value} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {sample.map((row, rowIndex) => (
                <tr key={rowIndex} className="border-b last:border-0">
                  {columns.map((column, index) => (
                    <td key={column.value} className="whitespace-nowrap px-3 py-2 text-muted-foreground">
                      {row[index] ?? ""}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>

      <Card className="p-4 sm:p-5">
        <Form method="get" action={`/app/import/${draftId}`} className="flex flex-col gap-5">
          <div className="grid gap-4 sm:grid-cols-2">
            {columnSelect("date", t("import.mapping.date"), false)}
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-dateFormat`} className="text-sm font-medium">
                {t("import.mapping.dateFormat")}
              </label>
              <select
                id={`${id}-dateFormat`}
                name={mappingParameter.dateFormat}
                value={values.dateFormat}
                onChange={(event) => set("dateFormat", event.currentTarget.value)}
                className={selectClass}
              >
                {statementDateFormats.map((dateFormat) => (
                  <option key={dateFormat} value={dateFormat}>
                    {dateFormat}
                  </option>
                ))}
              </select>
            </div>
          </div>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-sm font-medium">{t("import.mapping.amountChoice")}</legend>
            {(
              [
                ["signed", t("import.mapping.oneColumn")],
                ["debitCredit", t("import.mapping.twoColumns")],
                ["indicator", t("import.mapping.markerColumn")],
              ] as const
            ).map(([mode, label]) => (
              <label key={mode} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={mappingParameter.amountMode}
                  value={mode}
                  checked={values.amountMode === mode}
                  onChange={() => set("amountMode", mode)}
                  className="size-4 accent-primary"
                />
                {label}
              </label>
            ))}
            <div className="grid gap-4 sm:grid-cols-2">
              {shows(["signed", "indicator"]) && columnSelect("amount", t("import.mapping.amount"), true)}
              {shows(["debitCredit"]) && columnSelect("debit", t("import.mapping.debit"), true)}
              {shows(["debitCredit"]) && columnSelect("credit", t("import.mapping.credit"), true)}
              {shows(["indicator"]) && columnSelect("indicator", t("import.mapping.indicator"), true)}
              {shows(["indicator"]) && (
                <div className="flex flex-col gap-1.5">
                  <label htmlFor={`${id}-debitValue`} className="text-sm font-medium">
                    {t("import.mapping.debitValue")}
                  </label>
                  <Input
                    id={`${id}-debitValue`}
                    name={mappingParameter.debitValue}
                    value={values.debitValue}
                    maxLength={20}
                    onChange={(event) => set("debitValue", event.currentTarget.value)}
                  />
                </div>
              )}
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-1.5">
              <label htmlFor={`${id}-decimal`} className="text-sm font-medium">
                {t("import.mapping.decimal")}
              </label>
              <select
                id={`${id}-decimal`}
                name={mappingParameter.decimal}
                value={values.decimal}
                onChange={(event) => set("decimal", event.currentTarget.value)}
                className={selectClass}
              >
                <option value=",">{t("import.mapping.decimalComma")}</option>
                <option value=".">{t("import.mapping.decimalPoint")}</option>
              </select>
            </div>
          </div>

          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t("import.mapping.description")}</legend>
            <div className="grid gap-3 sm:grid-cols-3">
              {Array.from({ length: descriptionSlots }, (_, slot) => (
                <div key={slot}>
                  <label htmlFor={`${id}-description-${slot}`} className="sr-only">
                    {`${t("import.mapping.description")} ${slot + 1}`}
                  </label>
                  <select
                    id={`${id}-description-${slot}`}
                    name={mappingParameter.description}
                    value={values.description[slot] ?? ""}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setValues((previous) => ({
                        ...previous,
                        description: previous.description.map((current, at) => (at === slot ? value : current)),
                      }));
                    }}
                    className={selectClass}
                  >
                    <option value="">{t("import.mapping.none")}</option>
                    {columns.map((column) => (
                      <option key={column.value} value={column.value}>
                        {column.label}
                      </option>
                    ))}
                  </select>
                </div>
              ))}
            </div>
          </fieldset>

          <div className="grid gap-4 sm:grid-cols-3">
            {columnSelect("counterparty", t("import.mapping.counterparty"), true)}
            {columnSelect("counterpartyIban", t("import.mapping.counterpartyIban"), true)}
            {columnSelect("reference", t("import.mapping.reference"), true)}
          </div>

          {incomplete && (
            <p
              className="rounded-lg border border-destructive/30 bg-destructive/5 p-3 text-sm font-medium text-destructive"
              role="alert"
            >
              {t("import.mapping.missing")}
            </p>
          )}
          {problem && <ImportProblemMessage problem={problem} />}

          {hydrated && (
            <Suspense fallback={null}>
              <MappingLivePreview headers={headers} sample={sample} values={values} />
            </Suspense>
          )}

          <Button type="submit" size="lg" className="sm:self-start">
            {t("import.mapping.apply")}
          </Button>
        </Form>
      </Card>
    </div>
  );
}
