import { data } from "react-router";
import { z } from "zod";
import { forAction, requireAppContext } from "~/features/household/app-context.server";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import type { BudgetScope } from "~/domain/budgets";
import { parseBudgetForm, parseRemoveBudgetForm } from "./budget.schema";
import { removeBudget, setBudget } from "./budgets.server";

export type BudgetActionResult =
  | { ok: true; intent: "set"; categoryId: string }
  /** The scope says which was removed: the running budget, or only this month's change to it. */
  | { ok: true; intent: "remove"; categoryId: string; scope: BudgetScope }
  | {
      ok: false;
      intent: string;
      categoryId: string;
      fieldErrors: Record<string, string | undefined>;
      values?: Record<string, string>;
    };

const budgetIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("set") }),
  z.object({ intent: z.literal("remove") }),
]);

/** Every budget form posts here: set a limit (from this month on or only this month) and remove one. */
export async function handleBudgetAction(request: Request) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  const householdId = values.householdId || context.householdId;
  const posted = postedIntent(values, budgetIntents);
  const categoryId = values.categoryId ?? "";
  const userId = context.user.id;
  const answer = (result: BudgetActionResult) => data(result, { status: result.ok ? 200 : 400 });

  return forAction(async () => {
    if (!posted)
      return answer({
        ok: false,
        intent: values.intent ?? "",
        categoryId,
        fieldErrors: { form: "errors.form.invalid" },
      });
    const { intent } = posted;
    switch (intent) {
      case "set": {
        const parsed = parseBudgetForm(values, context.language);
        // What was typed goes back, so a form posted without JavaScript shows it again beside the message.
        const typed = { amount: values.amount ?? "", scope: values.scope ?? "", rollover: values.rollover ?? "" };
        if (!parsed.ok)
          return answer({ ok: false, intent, categoryId, fieldErrors: parsed.fieldErrors, values: typed });
        const { amount, ...rest } = parsed.value;
        const result = await setBudget({ userId, householdId, fields: { ...rest, limitMinor: amount } });
        return answer(
          result.ok
            ? { ok: true, intent, categoryId }
            : { ok: false, intent, categoryId, fieldErrors: result.fieldErrors, values: typed },
        );
      }
      case "remove": {
        const parsed = parseRemoveBudgetForm(values);
        if (!parsed.ok) return answer({ ok: false, intent, categoryId, fieldErrors: parsed.fieldErrors });
        await removeBudget({ userId, householdId, ...parsed.value });
        return answer({ ok: true, intent, categoryId, scope: parsed.value.scope });
      }
    }
  });
}
