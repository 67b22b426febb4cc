import { z } from "zod";
import { maxSearchLength } from "~/domain/entry-search";
import { isUuid } from "~/lib/uuid";

/** The most entries one bulk edit changes: a larger selection is refused with this number, never cut short. */
export const bulkEditCap = 5000;

/** Messages are keys of the app namespace. */
const uuid = z.string().refine(isUuid, "search.bulk.errors.notFound");

/** The bulk bar's buttons, one intent each; "Select all that match" (`all`) takes the search (`q`) instead of the ids. */
export const bulkEditForm = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("setCategory"),
      categoryId: z.string().refine(isUuid, "search.bulk.errors.category"),
    }),
    z.object({ intent: z.literal("setPayee"), payeeId: z.string().refine(isUuid, "search.bulk.errors.payee") }),
    z.object({ intent: z.literal("makeShared") }),
    z.object({ intent: z.literal("makePersonal") }),
    z.object({ intent: z.literal("delete") }),
  ],
  { error: "search.bulk.errors.generic" },
);

/** Which entries: the ticked ones (at most the cap, and one more to tell it was passed), or all that match `q`. */
export const bulkSelectionForm = z.object({
  q: z.string().trim().max(maxSearchLength).default(""),
  all: z.literal("1").optional(),
  entryId: z
    .array(uuid)
    .max(bulkEditCap + 1, "search.bulk.errors.tooMany")
    .default([]),
});

export const undoBulkEditForm = z.object({ intent: z.literal("undoBulk"), bulkEditId: uuid });

export type BulkEditAction = z.infer<typeof bulkEditForm>["intent"];
