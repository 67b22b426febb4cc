import { z } from "zod";
import type { Language } from "~/domain/languages";
import { amountField, appMessages, dateField } from "~/lib/form-fields";
import { fieldErrorsOf, type ParsedForm } from "~/lib/forms";

export const goalNameMaxLength = 60;

export function goalFields(language: Language) {
  return z.object({
    name: z
      .string({ error: "errors.goalName.required" })
      .transform((value) => value.trim())
      .pipe(z.string().min(1, "errors.goalName.required").max(goalNameMaxLength, "errors.goalName.tooLong")),
    target: amountField(language),
    deadline: z
      .string()
      .optional()
      .transform((value) => value?.trim() || null)
      .pipe(dateField.nullable()),
    /** The account the goal follows; empty: money added by hand. */
    accountId: z
      .string()
      .optional()
      .transform((value) => value?.trim() || null)
      .pipe(z.uuid({ error: "errors.form.invalid" }).nullable()),
  });
}

export type GoalInput = z.output<ReturnType<typeof goalFields>>;

export function parseGoalForm(values: Record<string, string>, language: Language): ParsedForm<GoalInput> {
  const result = goalFields(language).safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors = fieldErrorsOf(result.error, { messages: appMessages });
  if (fieldErrors.target === "errors.amount.notPositive") fieldErrors.target = "errors.amount.notPositiveTarget";
  return { ok: false, fieldErrors };
}

export function contributionFields(language: Language) {
  return z.object({
    direction: z.enum(["add", "withdraw"], { error: "errors.form.invalid" }),
    amount: amountField(language),
  });
}

export function parseContributionForm(
  values: Record<string, string>,
  language: Language,
): ParsedForm<z.output<ReturnType<typeof contributionFields>>> {
  const result = contributionFields(language).safeParse(values);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, fieldErrors: fieldErrorsOf(result.error, { messages: appMessages }) };
}
