import { z } from "zod";
import { isTransactionKind } from "~/domain/categories";
import type { Language } from "~/domain/languages";
import { recurringFrequencies } from "~/domain/recurring";
import { amountField, dateField } from "~/lib/form-fields";
import { fieldErrorsOf, type MessageRule, type ParsedForm } from "~/lib/forms";
import { safeText } from "~/lib/safe-text";
import { isUuid } from "~/lib/uuid";

export const recurringTextMaxLength = 120;
export const maxInterval = 52;

/** Messages of the series form: the app namespace's shared errors, and this screen's own (`recurring:errors.…`). */
const recurringMessages: MessageRule<string> = {
  isKnown: (message): message is string => message.startsWith("errors.") || message.startsWith("recurring:errors."),
  fallback: "errors.form.invalid",
};

const optionalText = (tooLong: string) =>
  safeText
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(recurringTextMaxLength, tooLong));

/**
 * A series as the form sends it. `day` is "1"–"31" or "last" and counts for monthly series only (weekly ones repeat on
 * the start date's weekday, yearly ones on its date); left empty, a monthly series takes the start date's day.
 */
export function recurringFields(language: Language) {
  return z
    .object({
      kind: z.string({ error: "errors.kind.invalid" }).refine(isTransactionKind, "errors.kind.invalid"),
      amount: amountField(language),
      description: optionalText("errors.description.tooLong"),
      counterparty: optionalText("errors.description.tooLong").transform((value) => value || null),
      categoryId: z.string({ error: "errors.category.invalid" }).refine(isUuid, "errors.category.invalid"),
      accountId: z
        .string()
        .optional()
        .transform((value) => value?.trim() || null)
        .refine((value) => value === null || isUuid(value), "recurring:errors.account"),
      frequency: z.enum(recurringFrequencies, { error: "recurring:errors.frequency" }),
      interval: z
        .string()
        .optional()
        .transform((value) => value?.trim() || "1")
        .refine(
          (value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= maxInterval,
          "recurring:errors.interval",
        )
        .transform(Number),
      day: z
        .string()
        .optional()
        .transform((value) => value?.trim() || null)
        .refine(
          (value) =>
            value === null ||
            value === "last" ||
            (/^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 31),
          "recurring:errors.day",
        ),
      startsOn: dateField,
      endsOn: z
        .string()
        .optional()
        .transform((value) => value?.trim() || null)
        .pipe(dateField.nullable()),
      autoPost: z
        .string()
        .optional()
        .transform((value) => value === "on" || value === "true"),
    })
    .refine((value) => value.endsOn === null || value.endsOn >= value.startsOn, {
      path: ["endsOn"],
      message: "recurring:errors.endBeforeStart",
    })
    .transform(({ day, frequency, ...rest }) => ({
      ...rest,
      frequency,
      lastDay: frequency === "monthly" && day === "last",
      dayOfMonth: frequency === "monthly" && day !== null && day !== "last" ? Number(day) : null,
    }));
}

export type RecurringInput = z.output<ReturnType<typeof recurringFields>>;

export function parseRecurringForm(values: Record<string, string>, language: Language): ParsedForm<RecurringInput> {
  const result = recurringFields(language).safeParse(values);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, fieldErrors: fieldErrorsOf(result.error, { messages: recurringMessages }) };
}
