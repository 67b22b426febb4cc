import { z } from "zod";
import { isTransactionKind } from "~/domain/categories";
import type { Language } from "~/domain/languages";
import { parseAmount } from "~/domain/money";
import { isIsoDate } from "~/domain/periods";
import { isUuid } from "~/lib/uuid";

/** Messages are translation keys in the app namespace, so forms show them in the reader's language. */
export const descriptionMaxLength = 120;

/** Validates an amount typed in the reader's language; the message key says what is wrong. */
export function amountField(language: Language, kindKey = "amount") {
  return z.string({ error: `errors.${kindKey}.required` }).transform((value, context) => {
    const parsed = parseAmount(value, language);
    if (parsed.ok) return parsed.minor;
    context.addIssue({ code: "custom", message: `errors.amount.${parsed.error}` });
    return z.NEVER;
  });
}

export const dateField = z.string({ error: "errors.date.invalid" }).refine(isIsoDate, "errors.date.invalid");

export function transactionFields(language: Language) {
  return z.object({
    kind: z.string().refine(isTransactionKind, "errors.kind.invalid").transform((value) => value as "income" | "expense"),
    amount: amountField(language),
    occurredOn: dateField,
    description: z
      .string()
      .optional()
      .transform((value) => (value ?? "").trim())
      .pipe(z.string().max(descriptionMaxLength, "errors.description.tooLong")),
    categoryId: z.string({ error: "errors.category.invalid" }).refine(isUuid, "errors.category.invalid"),
  });
}

export type TransactionInput = z.output<ReturnType<typeof transactionFields>>;

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per field, from a failed zod parse. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "form");
    errors[field] ??= issue.message.startsWith("errors.") ? issue.message : "errors.form.invalid";
  }
  return errors;
}

export type ParsedForm<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors };

/** Parses an add / edit form. A zero or negative amount gets a message naming the kind ("An expense must be more than 0"). */
export function parseTransactionForm(values: Record<string, string>, language: Language): ParsedForm<TransactionInput> {
  const result = transactionFields(language).safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors = fieldErrorsOf(result.error);
  if (fieldErrors.amount === "errors.amount.notPositive" && isTransactionKind(values.kind)) {
    fieldErrors.amount = values.kind === "income" ? "errors.amount.notPositiveIncome" : "errors.amount.notPositiveExpense";
  }
  return { ok: false, fieldErrors };
}
