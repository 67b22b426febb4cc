import { parseStatementAmount } from "~/domain/statements/amounts";
import { dateText, isStatementDateFormat, parseStatementDate } from "~/domain/statements/dates";
import { useFormat } from "~/features/household/components/use-app-shell";
import { useTranslation } from "~/i18n/react";
import type { MappingFormValues } from "../mapping-form";
import { ImportProblemMessage } from "./import-problem";

type LiveRow = { bookedOn: string; amountMinor: number; text: string };
type LiveRead =
  | { ok: true; rows: LiveRow[] }
  | { ok: false; code: "INVALID_DATE" | "INVALID_AMOUNT"; element: string; value: string }
  | undefined;

/**
 * The sample rows read with the selects as they stand, by the same date and amount readers the server uses. (The
 * whole CSV reader stays on the server: its parser needs Node's Buffer; the sample is already split into cells.)
 */
function readSample(
  sample: string[][],
  headers: string[],
  values: MappingFormValues,
  columnLabel: (index: number) => string,
): LiveRead {
  const at = (value: string) => (/^\d{1,3}$/.test(value) ? Number(value) : undefined);
  const date = at(values.date);
  const amount = at(values.amount);
  const debit = at(values.debit);
  const credit = at(values.credit);
  const indicator = at(values.indicator);
  const descriptions = values.description.flatMap((value) => at(value) ?? []);
  const counterparty = at(values.counterparty);
  const decimal = values.decimal === "." ? "." : ",";
  const amountsChosen =
    values.amountMode === "debitCredit"
      ? debit !== undefined && credit !== undefined
      : amount !== undefined &&
        (values.amountMode !== "indicator" || (indicator !== undefined && values.debitValue.trim() !== ""));
  if (date === undefined || !amountsChosen || descriptions.length === 0 || !isStatementDateFormat(values.dateFormat))
    return undefined;
  const marker = values.debitValue.trim().toLowerCase();
  const rows: LiveRow[] = [];
  for (const cells of sample) {
    const cell = (index: number | undefined) => (index === undefined ? "" : (cells[index] ?? "").trim());
    // Some exports add the time of day to the date.
    const bookedOn = parseStatementDate(dateText(cell(date)), values.dateFormat);
    if (!bookedOn)
      return { ok: false, code: "INVALID_DATE", element: headers[date] || columnLabel(date), value: cell(date) };
    const read = (index: number | undefined) => {
      const text = cell(index);
      return text ? parseStatementAmount(text, decimal) : 0;
    };
    let amountMinor: number | undefined;
    if (values.amountMode === "debitCredit") {
      const out = read(debit);
      const into = read(credit);
      amountMinor = out === undefined || into === undefined ? undefined : Math.abs(into) - Math.abs(out);
    } else {
      const value = read(amount);
      amountMinor =
        value === undefined || values.amountMode !== "indicator"
          ? value
          : cell(indicator).toLowerCase() === marker
            ? -Math.abs(value)
            : Math.abs(value);
    }
    const amountColumn = values.amountMode === "debitCredit" ? debit! : amount!;
    if (amountMinor === undefined)
      return {
        ok: false,
        code: "INVALID_AMOUNT",
        element: headers[amountColumn] || columnLabel(amountColumn),
        value: cell(amountColumn),
      };
    rows.push({
      bookedOn,
      amountMinor,
      text: [...descriptions.map(cell), cell(counterparty)].filter(Boolean).join(" · "),
    });
  }
  return { ok: true, rows };
}

export default function MappingLivePreview({
  headers,
  sample,
  values,
}: {
  headers: string[];
  sample: string[][];
  values: MappingFormValues;
}) {
  const { t } = useTranslation("money");
  const format = useFormat();
  const read = readSample(sample, headers, values, (index) => t("import.mapping.column", { number: index + 1 }));
  return (
    <section aria-labelledby="mapping-live" aria-live="polite" className="flex flex-col gap-2">
      <h2 id="mapping-live" className="text-sm font-semibold">
        {t("import.mapping.parsed")}
      </h2>
      {!read && <p className="text-sm text-muted-foreground">{t("import.mapping.missing")}</p>}
      {read && !read.ok && (
        <ImportProblemMessage
          problem={{ kind: "file", error: { code: read.code, element: read.element, value: read.value } }}
        />
      )}
      {read?.ok && (
        <ul className="divide-y rounded-lg border text-sm">
          {read.rows.slice(0, 5).map((row, index) => (
            <li key={index} className="flex items-baseline gap-3 px-3 py-2">
              <span className="shrink-0 tabular-nums text-muted-foreground">{format.date(row.bookedOn, "short")}</span>
              <span className="min-w-0 flex-1 truncate">{row.text}</span>
              <span
                className={
                  row.amountMinor >= 0
                    ? "shrink-0 font-semibold tabular-nums text-emerald-700"
                    : "shrink-0 font-semibold tabular-nums"
                }
              >
                {`${row.amountMinor >= 0 ? "+" : "−"}${format.money(Math.abs(row.amountMinor))}`}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
