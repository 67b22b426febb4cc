import { z } from "zod";
import { isTransactionKind } from "~/domain/categories";
import type { Language } from "~/domain/languages";
import { amountToInput, parseAmount } from "~/domain/money";
import { remainingMinor, splitEvenly } from "~/domain/splits";
import { amountField, appMessages, dateField } from "~/lib/form-fields";
import { fieldErrorsOf, type ParsedForm } from "~/lib/forms";
import { isUuid } from "~/lib/uuid";

export const descriptionMaxLength = 120;

/** `digits`: the minor digits of the entry's currency (ISO 4217), in which its amount is typed. */
export function transactionFields(language: Language, digits = 2) {
  return z.object({
    kind: z.string().refine(isTransactionKind, "errors.kind.invalid"),
    amount: amountField(language, { digits }),
    occurredOn: dateField,
    description: z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim())
      .pipe(z.string().max(descriptionMaxLength, "errors.description.tooLong")),
    categoryId: z.string({ error: "errors.category.invalid" }).refine(isUuid, "errors.category.invalid"),
    // Asked only in households of more than one member; absent means the account's default and the entering member.
    shared: z
      .enum(["1", "0"], { error: "errors.form.invalid" })
      .optional()
      .transform((value) => (value === undefined ? undefined : value === "1")),
    memberUserId: z.string().min(1, "errors.form.invalid").max(64, "errors.form.invalid").optional(),
    // Made by the browser when the form (or the offline outbox) was filled: the same entry sent twice is added once.
    // Empty from a form posted without JavaScript, which makes none.
    clientId: z
      .string()
      .optional()
      .transform((value) => value || undefined)
      .refine((value) => value === undefined || isUuid(value), "errors.form.invalid"),
  });
}

export type TransactionInput = z.output<ReturnType<typeof transactionFields>>;

/** Parses an add / edit form. A zero or negative amount gets a message naming the kind ("An expense must be more than 0"). */
export function parseTransactionForm(
  values: Record<string, string>,
  language: Language,
  digits = 2,
): ParsedForm<TransactionInput> {
  const result = transactionFields(language, digits).safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors = fieldErrorsOf(result.error, { messages: appMessages });
  if (fieldErrors.amount === "errors.amount.notPositive" && isTransactionKind(values.kind)) {
    fieldErrors.amount =
      values.kind === "income" ? "errors.amount.notPositiveIncome" : "errors.amount.notPositiveExpense";
  }
  return { ok: false, fieldErrors };
}

/** A split form's filled line, as posted. */
export interface LineInput {
  categoryId: string;
  amountMinor: number;
  /** Absent where the form does not ask (a household of one). */
  shared?: boolean;
  note: string;
}

export const lineNoteMaxLength = 120;
/** More lines than any receipt needs; a post with more is refused, not cut. */
export const maxLines = 30;

/** A line row of a split form as it was typed (unused rows too), to show it again. */
export interface PostedLine {
  categoryId: string;
  amount: string;
  /** "1" shared, "0" personal, "" as the entry. */
  shared: string;
  note: string;
}

/**
 * Every line row of a split form (`lineCategoryId`, `lineAmount`, `lineShared`, `lineNote`, one of each per row, in
 * order; behind `prefix` where one form holds several splits, as the import preview does). Undefined when the form had
 * no split part (`split` absent); null when the rows do not line up or are more than a form can hold.
 */
export function postedLineRows(form: FormData, prefix = ""): PostedLine[] | null | undefined {
  if (form.get(`${prefix}split`) !== "1") return undefined;
  const text = (name: string) =>
    form.getAll(`${prefix}${name}`).map((value) => (typeof value === "string" ? value : ""));
  const categories = text("lineCategoryId");
  const amounts = text("lineAmount");
  const shared = text("lineShared");
  const notes = text("lineNote");
  if (amounts.length > maxLines * 2 || categories.length !== amounts.length) return null;
  return amounts.map((amount, index) => ({
    categoryId: categories[index] ?? "",
    amount,
    shared: shared[index] ?? "",
    note: notes[index] ?? "",
  }));
}

/**
 * The line rows of a split form, read (postedLineRows). A row without an amount is an unused row. Undefined when the
 * form had no split part: the entry keeps its lines. Two or more filled rows split the entry; one or none make it one
 * line again (un-split). The lines must add up to the entry's amount, when it is known here.
 */
export function parseLineRows(
  form: FormData,
  language: Language,
  entryMinor: number | undefined,
  prefix = "",
  digits = 2,
): { ok: true; lines: LineInput[] | undefined } | { ok: false; fieldErrors: Record<string, string> } {
  const rows = postedLineRows(form, prefix);
  if (rows === undefined) return { ok: true, lines: undefined };
  if (rows === null) return { ok: false, fieldErrors: { lines: "errors.form.invalid" } };
  const lines: LineInput[] = [];
  for (const row of rows) {
    if (!row.amount.trim()) continue;
    const amount = parseAmount(row.amount, language, { digits });
    if (!amount.ok) return { ok: false, fieldErrors: { lines: `errors.lines.amount` } };
    if (!isUuid(row.categoryId)) return { ok: false, fieldErrors: { lines: "errors.category.invalid" } };
    const note = row.note.trim();
    if (note.length > lineNoteMaxLength) return { ok: false, fieldErrors: { lines: "errors.lines.noteTooLong" } };
    lines.push({
      categoryId: row.categoryId,
      amountMinor: amount.minor,
      shared: row.shared === "1" ? true : row.shared === "0" ? false : undefined,
      note,
    });
  }
  if (lines.length > maxLines) return { ok: false, fieldErrors: { lines: "errors.form.invalid" } };
  if (lines.length < 2) return { ok: true, lines: [] };
  if (
    entryMinor !== undefined &&
    remainingMinor(
      entryMinor,
      lines.map((line) => line.amountMinor),
    ) !== 0
  )
    return { ok: false, fieldErrors: { lines: "errors.lines.notAddingUp" } };
  return { ok: true, lines };
}

/**
 * "Split evenly" pressed before (or without) JavaScript: the rows in use — or the first two when fewer are — share the
 * amount as evenly as cents allow, as the script does in place (domain/splits.ts). Returns the rows in use.
 */
export function linesSharedEvenly(
  rows: PostedLine[],
  totalMinor: number,
  language: Language,
  digits = 2,
): PostedLine[] {
  const shared = rows.slice(0, maxLines).map((row) => ({ ...row }));
  const used = shared.flatMap((row, index) => (row.amount.trim() ? [index] : []));
  const targets = used.length >= 2 ? used : [0, 1].filter((index) => index < shared.length);
  const amounts = splitEvenly(totalMinor, targets.length);
  targets.forEach((rowIndex, index) => {
    const row = shared[rowIndex];
    if (row) row.amount = amountToInput(amounts[index] ?? 0, language, digits);
  });
  return shared.filter((line) => line.amount.trim() !== "");
}
