import { z } from "zod";
import { isLanguage } from "~/domain/languages";
import { isCurrency } from "~/domain/money";
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
});
