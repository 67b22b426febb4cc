import { z } from "zod";
import { isTransactionKind } from "~/domain/categories";
import type { Language } from "~/domain/languages";
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
