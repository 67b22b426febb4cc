import { z } from "zod";
import type { Language } from "~/domain/languages";
import { parseAmount, type AmountError } from "~/domain/money";
import { isIsoDate } from "~/domain/periods";
import type { MessageRule } from "./forms";

/**
 * Fields the forms of /app share (entries, goals, settings). Their messages are keys of the app namespace
 * ("errors.…"), so the form shows them in the reader's language.
 */

/** Messages of an /app form: the app namespace's error keys; anything else is the generic "invalid form". */
export const appMessages: MessageRule<string> = {
  isKnown: (message): message is string => message.startsWith("errors."),
  fallback: "errors.form.invalid",
};

/**
 * An amount typed in the reader's language, as minor units (`digits` of them: the currency's, two unless said); the
 * message key says what is wrong.
 */
export function amountField(language: Language, options: { allowZero?: boolean; digits?: number } = {}) {
  return z.string({ error: "errors.amount.required" }).transform((value, context) => {
    const parsed = parseAmount(value, language, options);
    if (parsed.ok) return parsed.minor;
    context.addIssue({ code: "custom", message: amountErrorKey(parsed.error, options.digits) });
    return z.NEVER;
  });
}

/** The message of an amount that could not be read; too many decimals names how many the currency has. */
export function amountErrorKey(error: AmountError, digits = 2): string {
  if (error === "tooManyDecimals" && (digits === 0 || digits === 3)) return `errors.amount.tooManyDecimals${digits}`;
  return `errors.amount.${error}`;
}

/** A calendar day, YYYY-MM-DD. */
export const dateField = z.string({ error: "errors.date.invalid" }).refine(isIsoDate, "errors.date.invalid");
