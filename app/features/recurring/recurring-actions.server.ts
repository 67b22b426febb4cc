import { data } from "react-router";
import { z } from "zod";
import { isIsoDate } from "~/domain/periods";
import { forAction, requireAppContext } from "~/features/household/app-context.server";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { conflictAnswer } from "~/features/platform/row-version.server";
import { parseRecurringForm } from "./recurring.schema";
import {
  addSuggestedSeries,
  confirmOccurrence,
  createRecurring,
  deleteRecurring,
  removeAddedSeries,
  reopenOccurrence,
  skipOccurrence,
  updateRecurring,
  type SeriesView,
} from "./recurring.server";

export type RecurringActionResult =
  | { ok: true; intent: string; recurringId: string; dueOn?: string; changed?: boolean }
  /** "Add all" and its undo: the series set up (or removed again), which the undo posts back. */
  | { ok: true; intent: "addAll" | "undoAddAll"; recurringIds: string[] }
  | {
      ok: false;
      intent: string;
      recurringId?: string;
      dueOn?: string;
      fieldErrors: Record<string, string | undefined>;
      values?: Record<string, string>;
      current?: SeriesView;
    };

/** The fields a refused form posts back, so a page without JavaScript shows them again beside their messages. */
const formFields = [
  "kind",
  "amount",
  "description",
  "counterparty",
  "categoryId",
  "accountId",
  "frequency",
  "interval",
  "day",
  "startsOn",
  "endsOn",
  "autoPost",
] as const;

const recurringIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("update") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("confirm") }),
  z.object({ intent: z.literal("skip") }),
  z.object({ intent: z.literal("reopen") }),
  z.object({ intent: z.literal("addAll") }),
  z.object({ intent: z.literal("undoAddAll") }),
]);

/** The most suggestions or series one "Add all" (or its undo) names: far more than detection ever shows. */
const maxBatch = 200;

/** A repeated field's values (the suggestions' keys, the added series' ids), as many as one batch holds. */
function repeated(form: FormData, name: string): string[] {
  return form
    .getAll(name)
    .filter((value): value is string => typeof value === "string" && value !== "")
    .slice(0, maxBatch);
}

/**
 * Every form of the Recurring page posts here: create, update and delete a series; confirm, skip and reopen a date;
 * add every suggestion shown at once, and undo that.
 */
export async function handleRecurringAction(request: Request) {
  const context = await requireAppContext(request);
  const { form, values } = await requireForm(request);
  const householdId = values.householdId || context.householdId;
  const posted = postedIntent(values, recurringIntents);
  const recurringId = values.recurringId ?? "";
  const userId = context.user.id;
  const answer = (result: RecurringActionResult) => data(result, { status: result.ok ? 200 : 400 });
  const echoed = () => Object.fromEntries(formFields.map((field) => [field, values[field] ?? ""]));

  return forAction(async () => {
    if (!posted)
      return answer({ ok: false, intent: values.intent ?? "", fieldErrors: { form: "errors.form.invalid" } });
    const { intent } = posted;
    switch (intent) {
      case "create":
      case "update": {
        const parsed = parseRecurringForm(values, context.language);
        if (!parsed.ok)
          return answer({ ok: false, intent, recurringId, fieldErrors: parsed.fieldErrors, values: echoed() });
        const result =
          intent === "create"
            ? await createRecurring({ userId, householdId, input: parsed.value })
            : await updateRecurring({ userId, householdId, recurringId, version: values.version, input: parsed.value });
        if ("conflict" in result)
          return conflictAnswer(result, (form, current): RecurringActionResult => ({
            ok: false,
            intent,
            recurringId,
            fieldErrors: { form },
            values: echoed(),
            current,
          }));
        return answer(
          result.ok
            ? { ok: true, intent, recurringId: result.recurringId }
            : { ok: false, intent, recurringId, fieldErrors: result.fieldErrors, values: echoed() },
        );
      }
      case "delete": {
        const result = await deleteRecurring({ userId, householdId, recurringId, version: values.version });
        if ("conflict" in result)
          return conflictAnswer(result, (form, current): RecurringActionResult => ({
            ok: false,
            intent,
            recurringId,
            fieldErrors: { form },
            current,
          }));
        return answer({ ok: true, intent, recurringId });
      }
      case "addAll": {
        // The keys of the suggestions on the page; none posted (an old form), every one the server finds.
        const keys = repeated(form, "key");
        const result = await addSuggestedSeries({
          userId,
          householdId,
          today: context.today,
          keys: keys.length > 0 ? keys : null,
        });
        return answer({ ok: true, intent, recurringIds: result.recurringIds });
      }
      case "undoAddAll": {
        const recurringIds = repeated(form, "recurringId");
        await removeAddedSeries({ userId, householdId, recurringIds });
        return answer({ ok: true, intent, recurringIds });
      }
      case "confirm":
      case "skip":
      case "reopen": {
        const dueOn = values.dueOn ?? "";
        if (!isIsoDate(dueOn))
          return answer({ ok: false, intent, recurringId, fieldErrors: { form: "recurring:errors.notDue" } });
        const occurrence = { userId, householdId, recurringId, dueOn };
        const result =
          intent === "confirm"
            ? await confirmOccurrence(occurrence)
            : intent === "skip"
              ? await skipOccurrence(occurrence)
              : await reopenOccurrence(occurrence);
        return answer(
          result.ok
            ? { ok: true, intent, recurringId, dueOn, changed: result.changed }
            : { ok: false, intent, recurringId, dueOn, fieldErrors: { form: result.error } },
        );
      }
    }
  });
}
