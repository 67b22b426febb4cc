import { z } from "zod";
import { isLanguage } from "~/domain/languages";
import { isCurrency } from "~/domain/money";
import { isMonthStartDay } from "~/domain/pay-periods";
import { hasControlCharacters } from "~/lib/safe-text";

export const profileFields = z.object({
  name: z
    .string({ error: "errors.name.required" })
    .refine((value) => !hasControlCharacters(value), "errors.name.controlCharacters")
    .transform((value) => value.trim())
    .pipe(z.string().min(1, "errors.name.required").max(80, "errors.name.tooLong")),
  locale: z.string({ error: "errors.language.invalid" }).refine(isLanguage, "errors.language.invalid"),
});

export const householdFields = z.object({
  name: z
    .string({ error: "errors.householdName.required" })
    .refine((value) => !hasControlCharacters(value), "errors.householdName.controlCharacters")
    .transform((value) => value.trim())
    .pipe(z.string().min(1, "errors.householdName.required").max(60, "errors.householdName.tooLong")),
  currency: z.string({ error: "errors.currency.invalid" }).refine(isCurrency, "errors.currency.invalid"),
  /** The household's payday (1–28): the day its month starts on the dashboard. Absent: left as it is. */
  monthStartDay: z
    .string({ error: "errors.monthStartDay.invalid" })
    .regex(/^\d{1,2}$/, "errors.monthStartDay.invalid")
    .transform(Number)
    .refine(isMonthStartDay, "errors.monthStartDay.invalid")
    .optional(),
});
