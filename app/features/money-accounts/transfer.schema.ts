import { z } from "zod";
import type { Language } from "~/domain/languages";
import { amountField, appMessages, dateField } from "~/lib/form-fields";
import { fieldErrorsOf, type FieldErrors, type ParsedForm } from "~/lib/forms";
import { safeText } from "~/lib/safe-text";
import { isUuid } from "~/lib/uuid";

export const transferDescriptionMaxLength = 120;

const accountIdField = z.string({ error: "errors.transfer.account" }).refine(isUuid, "errors.transfer.account");

const descriptionField = safeText
  .optional()
  .transform((value) => (value ?? "").trim())
  .pipe(z.string().max(transferDescriptionMaxLength, "errors.description.tooLong"));

/**
 * "Move money": from the page's account to another, an amount typed in the reader's language, a day, a note; and,
 * between accounts of two currencies, the amount that arrived (left empty otherwise: the use case decides).
 */
function transferFields(language: Language, digits: TransferDigits) {
  return z
    .object({
      fromAccountId: accountIdField,
      toAccountId: accountIdField,
      amount: amountField(language, { digits: digits.from }),
      receivedAmount: z
        .string()
        .optional()
        .transform((value) => value?.trim() || undefined)
        .pipe(amountField(language, { digits: digits.to }).optional()),
      occurredOn: dateField,
      description: descriptionField,
    })
    .refine((value) => value.fromAccountId !== value.toAccountId, {
      path: ["toAccountId"],
      message: "errors.transfer.sameAccount",
    });
}

export type TransferInput = z.output<ReturnType<typeof transferFields>>;

/** The minor digits of each account's currency (ISO 4217), in which its side's amount is typed. */
export interface TransferDigits {
  from: number;
  to: number;
}

/** Messages the shared rules word generally, said the way this form means them. */
function transferFieldErrors(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = fieldErrorsOf(error, { messages: appMessages });
  if (fieldErrors.amount === "errors.amount.notPositive") fieldErrors.amount = "errors.transfer.notPositive";
  if (fieldErrors.receivedAmount === "errors.amount.notPositive")
    fieldErrors.receivedAmount = "errors.transfer.notPositive";
  if (error.issues.some((issue) => issue.path[0] === "description" && issue.message === "INVALID_CHARACTERS"))
    fieldErrors.description = "errors.transfer.characters";
  return fieldErrors;
}

export function parseTransferForm(
  values: Record<string, string>,
  language: Language,
  digits: TransferDigits = { from: 2, to: 2 },
): ParsedForm<TransferInput> {
  const result = transferFields(language, digits).safeParse(values);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, fieldErrors: transferFieldErrors(result.error) };
}
