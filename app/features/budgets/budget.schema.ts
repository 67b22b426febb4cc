import { z } from "zod";
import { budgetScopes } from "~/domain/budgets";
import type { Language } from "~/domain/languages";
import { isMonthKey } from "~/domain/periods";
import { amountField, appMessages } from "~/lib/form-fields";
import { fieldErrorsOf, type ParsedForm } from "~/lib/forms";
import { isUuid } from "~/lib/uuid";

const categoryField = z.string({ error: "errors.category.invalid" }).refine(isUuid, "errors.category.invalid");
const monthField = z.string({ error: "errors.form.invalid" }).refine(isMonthKey, "errors.form.invalid");
const scopeField = z.enum(budgetScopes, { error: "errors.form.invalid" });

/** "Set a budget": the limit (zero allowed: spend nothing here), from this month on or only this month, rollover. */
function budgetFields(language: Language) {
  return z.object({
    categoryId: categoryField,
    month: monthField,
    amount: amountField(language, { allowZero: true }),
    scope: scopeField,
    // A checkbox: "on" when ticked, absent when not.
    rollover: z
      .enum(["on"], { error: "errors.form.invalid" })
      .optional()
      .transform((value) => value === "on"),
  });
}

export type BudgetInput = z.output<ReturnType<typeof budgetFields>>;

export function parseBudgetForm(values: Record<string, string>, language: Language): ParsedForm<BudgetInput> {
  const result = budgetFields(language).safeParse(values);
  if (result.success) return { ok: true, value: result.data };
  const fieldErrors = fieldErrorsOf(result.error, { messages: appMessages });
  // A budget may be zero, so the amount's only sign problem is a minus.
  if (fieldErrors.amount === "errors.amount.notPositive") fieldErrors.amount = "budgets:errors.negative";
  return { ok: false, fieldErrors };
}

const removeFields = z.object({ categoryId: categoryField, month: monthField, scope: scopeField });

export function parseRemoveBudgetForm(values: Record<string, string>): ParsedForm<z.output<typeof removeFields>> {
  const result = removeFields.safeParse(values);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, fieldErrors: fieldErrorsOf(result.error, { messages: appMessages }) };
}
