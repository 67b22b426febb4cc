import { z } from "zod";
import { isValidIban, normaliseIban } from "~/domain/iban";
import type { Language } from "~/domain/languages";
import { isAccountCurrency, minorDigits, parseAmount } from "~/domain/money";
import { amountErrorKey, appMessages, dateField } from "~/lib/form-fields";
import { fieldErrorsOf, type ParsedForm } from "~/lib/forms";
import { safeText } from "~/lib/safe-text";

export const accountKinds = ["checking", "savings", "credit_card", "cash"] as const;
export type AccountKind = (typeof accountKinds)[number];
export const accountNameMaxLength = 60;

/** An opening balance may be below zero (a credit card owes money): a leading minus sign, then the reader's amount. */
function signedAmountField(language: Language, digits: number) {
  return z
    .string()
    .optional()
    .transform((value, context) => {
      const text = (value ?? "").trim();
      if (!text) return 0;
      const negative = /^[-−–]/.test(text);
      const parsed = parseAmount(negative ? text.slice(1) : text, language, { digits });
      if (parsed.ok) return negative ? -parsed.minor : parsed.minor;
      if (parsed.error === "notPositive") return 0;
      context.addIssue({ code: "custom", message: amountErrorKey(parsed.error, digits) });
      return z.NEVER;
    });
}

/** `digits`: the account's currency's minor digits, for the opening balance. */
export function accountFields(language: Language, digits = 2) {
  return z.object({
    name: safeText
      .transform((value) => value.trim())
      .pipe(z.string().min(1, "errors.accountName.required").max(accountNameMaxLength, "errors.accountName.tooLong")),
    kind: z.enum(accountKinds, { error: "errors.form.invalid" }),
    /** Only when adding an account: its entries, balance and statements are in it for good. Absent: the household's. */
    currency: z.string().refine(isAccountCurrency, "errors.form.invalid").optional(),
    iban: safeText
      .optional()
      .transform((value) => (value?.trim() ? normaliseIban(value) : null))
      .refine((value) => value === null || isValidIban(value), "errors.iban.invalid"),
    openingBalance: signedAmountField(language, digits),
    openingOn: z
      .string()
      .optional()
      .transform((value) => value?.trim() || null)
      .pipe(dateField.nullable()),
    /**
     * Whether the account's new expenses start out shared ("1", a joint account) or personal ("0"). Only a household
     * of two or more is asked: left out, a new account is personal and an edit keeps what the account had.
     */
    defaultShared: z
      .enum(["1", "0"], { error: "errors.form.invalid" })
      .optional()
      .transform((value) => (value === undefined ? undefined : value === "1")),
  });
}

export type AccountInput = z.output<ReturnType<typeof accountFields>>;

/**
 * An account's form. `currency`: the account's, whose minor digits the opening balance is read in; absent, the one the
 * form posts (a new account), else two digits (the household's).
 */
export function parseAccountForm(
  values: Record<string, string>,
  language: Language,
  currency: string | undefined = values.currency,
): ParsedForm<AccountInput> {
  const digits = currency && isAccountCurrency(currency) ? minorDigits(currency) : 2;
  const result = accountFields(language, digits).safeParse(values);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, fieldErrors: fieldErrorsOf(result.error, { messages: appMessages }) };
}
