// Types only: the CSV reader itself (csv-parse) needs Node's Buffer and stays on the server.
import type { CsvColumn, SuggestedMapping } from "~/domain/statements/csv";
import { isStatementDateFormat, statementDateFormats } from "~/domain/statements/dates";
import { isOneOf } from "~/lib/one-of";

/**
 * The mapping step's form: what the selects hold (column positions as text, "" for none) and how it becomes a
 * `CsvMapping`. Pure, so the page parses the first rows live in the browser with the very mapping the server gets.
 */

export const amountModes = ["signed", "debitCredit", "indicator"] as const;
export type AmountMode = (typeof amountModes)[number];

/** Description columns the form offers (joined with spaces). */
export const descriptionSlots = 3;

export interface MappingFormValues {
  date: string;
  amountMode: AmountMode;
  amount: string;
  debit: string;
  credit: string;
  indicator: string;
  /** The marker meaning money out ("Af", "D", "DR"). */
  debitValue: string;
  description: string[];
  counterparty: string;
  counterpartyIban: string;
  reference: string;
  dateFormat: string;
  decimal: string;
}

/** The query parameter names the form submits (a GET form, so the preview is a link and works without JavaScript). */
export const mappingParameter = {
  date: "date",
  amountMode: "amountMode",
  amount: "amount",
  debit: "debit",
  credit: "credit",
  indicator: "indicator",
  debitValue: "debitValue",
  description: "description",
  counterparty: "counterparty",
  counterpartyIban: "counterpartyIban",
  reference: "reference",
  dateFormat: "dateFormat",
  decimal: "decimal",
} as const satisfies Record<keyof MappingFormValues, string>;

/** A suggested column's position (suggestions always carry one; a header alone is looked up as written). */
function position(column: CsvColumn | undefined, headers: readonly string[]): string {
  if (!column) return "";
  const index = column.index ?? (column.header === undefined ? -1 : headers.indexOf(column.header));
  return index >= 0 ? String(index) : "";
}

/** The selects preset from what the file suggested. */
export function formValuesFromSuggestion(suggestion: SuggestedMapping, headers: readonly string[]): MappingFormValues {
  const { mapping } = suggestion;
  const counterparty = Array.isArray(mapping.counterparty)
    ? mapping.counterparty[0]
    : mapping.counterparty?.outgoing[0];
  const description = (mapping.description ?? []).slice(0, descriptionSlots).map((column) => position(column, headers));
  return {
    date: position(mapping.date, headers),
    amountMode: mapping.indicator ? "indicator" : mapping.debit || mapping.credit ? "debitCredit" : "signed",
    amount: position(mapping.amount, headers),
    debit: position(mapping.debit, headers),
    credit: position(mapping.credit, headers),
    indicator: position(mapping.indicator?.column, headers),
    debitValue: mapping.indicator?.debitValues[0] ?? "",
    description: Array.from({ length: descriptionSlots }, (_, slot) => description[slot] ?? ""),
    counterparty: position(counterparty, headers),
    counterpartyIban: position(mapping.counterpartyIban, headers),
    reference: position(mapping.reference, headers),
    dateFormat: mapping.dateFormat ?? statementDateFormats[0],
    decimal: mapping.decimal ?? ",",
  };
}

/** The form as submitted, or undefined when the address carries no mapping (the step's first visit). */
export function formValuesFromQuery(query: URLSearchParams): MappingFormValues | undefined {
  if (!query.has(mappingParameter.date) || !query.has(mappingParameter.dateFormat)) return undefined;
  const text = (name: string) => (query.get(name) ?? "").slice(0, 100);
  const mode = text(mappingParameter.amountMode);
  const description = query.getAll(mappingParameter.description).slice(0, descriptionSlots);
  return {
    date: text(mappingParameter.date),
    amountMode: isOneOf(amountModes, mode) ? mode : "signed",
    amount: text(mappingParameter.amount),
    debit: text(mappingParameter.debit),
    credit: text(mappingParameter.credit),
    indicator: text(mappingParameter.indicator),
    debitValue: text(mappingParameter.debitValue),
    description: Array.from({ length: descriptionSlots }, (_, slot) => description[slot] ?? ""),
    counterparty: text(mappingParameter.counterparty),
    counterpartyIban: text(mappingParameter.counterpartyIban),
    reference: text(mappingParameter.reference),
    dateFormat: text(mappingParameter.dateFormat),
    decimal: text(mappingParameter.decimal),
  };
}

/**
 * The mapping the form describes, for `checkCsvMapping` to judge: columns by header when the file has one (so a later
 * export with its columns moved still reads), else by position. Fields left at "none" are left out.
 */
export function mappingFromFormValues(values: MappingFormValues, headers: readonly string[]): Record<string, unknown> {
  const column = (value: string): CsvColumn | undefined => {
    if (!/^\d{1,3}$/.test(value)) return undefined;
    const index = Number(value);
    return headers[index] ? { header: headers[index], index } : { index };
  };
  const columns = (list: readonly string[]) => list.flatMap((value) => column(value) ?? []);
  const mapping: Record<string, unknown> = {};
  const date = column(values.date);
  if (date) mapping.date = date;
  if (values.amountMode === "debitCredit") {
    const debit = column(values.debit);
    const credit = column(values.credit);
    if (debit) mapping.debit = debit;
    if (credit) mapping.credit = credit;
  } else {
    const amount = column(values.amount);
    if (amount) mapping.amount = amount;
    const indicator = column(values.indicator);
    // Without a marker column or value the indicator stays incomplete, so checkCsvMapping names it.
    if (values.amountMode === "indicator")
      mapping.indicator = {
        column: indicator ?? {},
        debitValues: values.debitValue.trim() ? [values.debitValue.trim()] : [],
      };
  }
  const description = columns(values.description);
  if (description.length > 0) mapping.description = description;
  const counterparty = column(values.counterparty);
  if (counterparty) mapping.counterparty = [counterparty];
  const counterpartyIban = column(values.counterpartyIban);
  if (counterpartyIban) mapping.counterpartyIban = counterpartyIban;
  const reference = column(values.reference);
  if (reference) mapping.reference = reference;
  if (isStatementDateFormat(values.dateFormat)) mapping.dateFormat = values.dateFormat;
  if (values.decimal === "," || values.decimal === ".") mapping.decimal = values.decimal;
  return mapping;
}
