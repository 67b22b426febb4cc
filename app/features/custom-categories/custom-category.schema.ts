import { z } from "zod";
import { isTransactionKind } from "~/domain/categories";
import { categoryNameMaxLength, isCategoryColor, isCategoryIcon, tidyCategoryName } from "~/domain/custom-categories";
import { fieldErrorsOf, type FieldErrors } from "~/lib/forms";
import { isUuid } from "~/lib/uuid";

/** Messages are keys of the premium namespace. */
const name = z
  .string({ error: "categories.errors.nameRequired" })
  .transform(tidyCategoryName)
  .pipe(
    z.string().min(1, "categories.errors.nameRequired").max(categoryNameMaxLength, "categories.errors.nameTooLong"),
  );
const color = z.string({ error: "categories.errors.color" }).refine(isCategoryColor, "categories.errors.color");
const icon = z.string({ error: "categories.errors.icon" }).refine(isCategoryIcon, "categories.errors.icon");

export const createCategoryForm = z.object({
  kind: z.string({ error: "categories.errors.kind" }).refine(isTransactionKind, "categories.errors.kind"),
  name,
  color,
  icon,
});

export const updateCategoryForm = z.object({
  categoryId: z.string().refine(isUuid, "categories.errors.notFound"),
  name,
  color,
  icon,
});

const categoryFields = ["kind", "name", "color", "icon"] as const;

export type CategoryFieldErrors = FieldErrors<(typeof categoryFields)[number] | "form">;

/** A message beside the field it is about; a problem with anything else (an unknown category) is the form's. */
export function categoryFieldErrors(error: z.ZodError): CategoryFieldErrors {
  return fieldErrorsOf(error, { fields: categoryFields });
}
