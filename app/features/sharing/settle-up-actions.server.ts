import { data } from "react-router";
import { z } from "zod";
import { categorySharings } from "~/domain/categories";
import { isShareMethod } from "~/domain/fair-share";
import { setCategorySharing } from "~/features/entries/categories.server";
import { parseAmount } from "~/domain/money";
import { isMonthKey } from "~/domain/periods";
import { forAction, requireAppContext } from "~/features/household/app-context.server";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { markMonthSettled, requestSettleUp, setShareMethod, setSharedAlert, undoSettlement } from "./settle-up.server";

export type SettleUpActionResult =
  | {
      ok: true;
      intent: string;
      /** "ask": false when this member had already asked for the month. */
      asked?: boolean;
      /** "settle": what was recorded, so the toast can offer to take it back. */
      settlementIds?: string[];
    }
  | { ok: false; intent: string; fieldErrors: Record<string, string | undefined> };

const settleUpIntents = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("settle"),
    confirmedMinor: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  }),
  z.object({ intent: z.literal("undo"), settlementId: z.uuid() }),
  z.object({ intent: z.literal("ask") }),
  z.object({ intent: z.literal("alert") }),
  z.object({ intent: z.literal("method") }),
  z.object({ intent: z.literal("categories") }),
]);

/** "What starts shared": a category id and its choice, posted in pairs. */
const categoryChoices = z.array(z.object({ categoryId: z.uuid(), sharing: z.enum(categorySharings) })).max(500);

/**
 * The settle-up page's forms: "Mark as settled" for a month (with the amount the member confirmed), its undo, "Ask … to settle up", the share method (with fixed
 * percents, one per member), the amount from which a shared expense tells the others (empty: never), and which
 * categories start shared.
 */
export async function handleSettleUpAction(request: Request) {
  const context = await requireAppContext(request);
  const { values, form } = await requireForm(request);
  const householdId = values.householdId || context.householdId;
  const posted = postedIntent(values, settleUpIntents);
  const userId = context.user.id;
  // A free household is refused like a read-only partner (403), every other refusal is the form's (400).
  const answer = (result: SettleUpActionResult) =>
    data(result, {
      status: result.ok ? 200 : result.fieldErrors.form === "sharing:errors.premiumRequired" ? 403 : 400,
    });

  return forAction(async () => {
    if (!posted)
      return answer({ ok: false, intent: values.intent ?? "", fieldErrors: { form: "errors.form.invalid" } });
    const { intent } = posted;
    switch (intent) {
      case "settle":
      case "ask": {
        const month = values.month;
        if (!isMonthKey(month))
          return answer({ ok: false, intent, fieldErrors: { form: "sharing:errors.monthInvalid" } });
        if (intent === "ask") {
          const asked = await requestSettleUp({ userId, householdId, month });
          return answer(
            asked.ok ? { ok: true, intent, asked: asked.asked } : { ok: false, intent, fieldErrors: asked.fieldErrors },
          );
        }
        const confirmedMinor = posted.intent === "settle" ? posted.confirmedMinor : 0;
        const result = await markMonthSettled({ userId, householdId, month, confirmedMinor });
        return answer(
          result.ok
            ? { ok: true, intent, settlementIds: result.settlementIds }
            : { ok: false, intent, fieldErrors: result.fieldErrors },
        );
      }
      case "undo": {
        const result = await undoSettlement({ userId, householdId, settlementId: posted.settlementId });
        return answer(result.ok ? { ok: true, intent } : { ok: false, intent, fieldErrors: result.fieldErrors });
      }
      case "alert": {
        const text = (values.sharedAlert ?? "").trim();
        const parsed = text ? parseAmount(text, context.language) : null;
        if (parsed && !parsed.ok)
          return answer({ ok: false, intent, fieldErrors: { sharedAlert: `errors.amount.${parsed.error}` } });
        const result = await setSharedAlert({ userId, householdId, amountMinor: parsed ? parsed.minor : null });
        return answer(result.ok ? { ok: true, intent } : { ok: false, intent, fieldErrors: result.fieldErrors });
      }
      case "categories": {
        const sharings = form.getAll("sharing").map(String);
        const choices = categoryChoices.safeParse(
          form
            .getAll("categoryId")
            .map((categoryId, index) => ({ categoryId: String(categoryId), sharing: sharings[index] })),
        );
        if (!choices.success) return answer({ ok: false, intent, fieldErrors: { form: "errors.form.invalid" } });
        const result = await setCategorySharing({ userId, householdId, choices: choices.data });
        return answer(result.ok ? { ok: true, intent } : { ok: false, intent, fieldErrors: result.fieldErrors });
      }
      case "method": {
        const method = values.method;
        if (!isShareMethod(method))
          return answer({ ok: false, intent, fieldErrors: { method: "sharing:errors.methodInvalid" } });
        const memberIds = form.getAll("memberId").map(String);
        const given = form.getAll("percent").map(String);
        const percents: Record<string, number> = {};
        memberIds.forEach((memberId, index) => {
          const text = (given[index] ?? "").trim();
          percents[memberId] = /^\d{1,3}$/.test(text) ? Number(text) : Number.NaN;
        });
        const result = await setShareMethod({ userId, householdId, method, percents });
        return answer(result.ok ? { ok: true, intent } : { ok: false, intent, fieldErrors: result.fieldErrors });
      }
    }
  });
}
