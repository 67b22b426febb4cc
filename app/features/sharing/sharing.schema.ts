import { z } from "zod";
import { isLanguage } from "~/domain/languages";

const maxEmailLength = 254;
const emailSchema = z.string().trim().min(1).max(maxEmailLength).pipe(z.email());

/** A well-formed address, trimmed and lower-cased; null when it is not one. */
export function normaliseEmail(value: unknown): string | null {
  const parsed = emailSchema.safeParse(value);
  return parsed.success ? parsed.data.toLowerCase() : null;
}

/** The owner's invite form: an address, the language of the mail (used when the invitee has no account yet) and whether they edit. */
export const inviteForm = z.object({
  email: z
    .string({ error: "sharing.errors.invalidEmail" })
    .trim()
    .min(1, "sharing.errors.emailRequired")
    .max(maxEmailLength, "sharing.errors.invalidEmail")
    .pipe(z.email("sharing.errors.invalidEmail")),
  language: z.string({ error: "sharing.errors.invalidLanguage" }).refine(isLanguage, "sharing.errors.invalidLanguage"),
  access: z.enum(["edit", "view"], { error: "sharing.errors.generic" }).default("view"),
});

/** The owner switching a partner between editing and looking. */
export const partnerAccessForm = z.object({
  partnerUserId: z.string().min(1).max(200),
  canEdit: z.enum(["true", "false"]).transform((value) => value === "true"),
});

/** A member's own choice: the others see their personal spending entry by entry ("true") or only as category totals ("false"). */
export const personalPrivacyForm = z.object({
  personalInDetail: z.enum(["true", "false"]).transform((value) => value === "true"),
});
