import { z } from "zod";
import { isUuid } from "~/lib/uuid";

/** The longest payee name the Payees screen takes. */
export const payeeNameMaxLength = 80;

/** One run of whitespace or control characters becomes one space: a name is one line. */
export function tidyPayeeName(value: string): string {
  return value
    .normalize("NFC")
    .replace(/[\s\p{Cc}]+/gu, " ")
    .trim();
}

/** Messages are keys of the payees namespace. */
const payeeId = z.string({ error: "errors.notFound" }).refine(isUuid, "errors.notFound");

export const renamePayeeForm = z.object({
  payeeId,
  name: z
    .string({ error: "errors.nameRequired" })
    .transform(tidyPayeeName)
    .pipe(z.string().min(1, "errors.nameRequired").max(payeeNameMaxLength, "errors.nameTooLong")),
});

/** A category of the payee's memory; empty clears it. */
const remembered = z
  .union([z.literal(""), z.string().refine(isUuid, "errors.category")], { error: "errors.category" })
  .transform((value) => value || null);

export const payeeMemoryForm = z.object({
  payeeId,
  expenseCategoryId: remembered,
  incomeCategoryId: remembered,
  /** Shared or personal for its new expenses; empty: as their category says; left out (a household of one): kept. */
  sharing: z
    .enum(["", "shared", "personal"], { error: "errors.generic" })
    .optional()
    .transform((value) => (value === undefined ? undefined : value || null)),
});

export const mergePayeeForm = z
  .object({
    payeeId,
    intoId: z.string({ error: "errors.mergeTarget" }).refine(isUuid, "errors.mergeTarget"),
  })
  .refine((form) => form.payeeId !== form.intoId, { message: "errors.mergeSelf", path: ["intoId"] });

export const undoMergeForm = z.object({ payeeId });
