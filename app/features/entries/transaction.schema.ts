import { z } from "zod";
import { isTransactionKind } from "~/domain/categories";
import type { Language } from "~/domain/languages";
import { parseAmount } from "~/domain/money";
import { remainingMinor } from "~/domain/splits";
import { amountField, appMessages, dateField } from "~/lib/form-fields";
import { fieldErrorsOf, type ParsedForm } from "~/lib/forms";
import { isUuid } from "~/lib/uuid";

export const descriptionMaxLength = 120;

export function transactionFields(language: Language) {
  return z.object({
    kind: z.string().refine(isTransactionKind, "errors.kind.invalid"),
    amount: amountField(language),
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
  });
}

export type TransactionInput = z.output<ReturnType<typeof transactionFields>>;

/** Parses an add / edit form. A zero or negative amount gets a message naming the kind ("An expense must be more than 0"). */
export function parseTransactionForm(values: Record<string, string>, language: Language): ParsedForm<TransactionInput> {
  const result = transactionFields(language).safeParse(values);
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

/**
 * The line rows of a split form (`lineCategoryId`, `lineAmount`, `lineShared`, `lineNote`, one of each per row, in
 * order). A row without an amount is an unused row. Undefined when the form had no split part (`split` absent): the
 * entry keeps its lines. Two or more filled rows split the entry; one or none make it one line again (un-split). The
 * lines must add up to the entry's amount.
 */
export function parseLineRows(
  form: FormData,
  language: Language,
  entryMinor: number | undefined,
): { ok: true; lines: LineInput[] | undefined } | { ok: false; fieldErrors: Record<string, string> } {
  if (form.get("split") !== "1") return { ok: true, lines: undefined };
  const text = (name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const categories = text("lineCategoryId");
  const amounts = text("lineAmount");
  const shared = text("lineShared");
  const notes = text("lineNote");
  if (amounts.length > maxLines * 2 || categories.length !== amounts.length)
    return { ok: false, fieldErrors: { lines: "errors.form.invalid" } };
  const lines: LineInput[] = [];
  for (const [index, typed] of amounts.entries()) {
    if (!typed.trim()) continue;
    const amount = parseAmount(typed, language);
    if (!amount.ok) return { ok: false, fieldErrors: { lines: `errors.lines.amount` } };
    const categoryId = categories[index] ?? "";
    if (!isUuid(categoryId)) return { ok: false, fieldErrors: { lines: "errors.category.invalid" } };
    const note = (notes[index] ?? "").trim();
    if (note.length > lineNoteMaxLength) return { ok: false, fieldErrors: { lines: "errors.lines.noteTooLong" } };
    const sharing = shared[index];
    lines.push({
      categoryId,
      amountMinor: amount.minor,
      shared: sharing === "1" ? true : sharing === "0" ? false : undefined,
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
