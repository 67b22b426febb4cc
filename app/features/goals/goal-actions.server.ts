import { data } from "react-router";
import { forAction, requireAppContext } from "~/features/household/app-context.server";
import { z } from "zod";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { conflictAnswer } from "~/features/platform/row-version.server";
import { contributeToGoal, createGoal, setGoalArchived, updateGoal, type CurrentGoal } from "./goals.server";
import { parseContributionForm, parseGoalForm } from "./goal.schema";

export type GoalActionResult =
  | { ok: true; intent: string; goalId: string; amountMinor?: number; reached?: boolean }
  | {
      ok: false;
      intent: string;
      goalId?: string;
      fieldErrors: Record<string, string | undefined>;
      current?: CurrentGoal;
    };

const goalIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("update") }),
  z.object({ intent: z.literal("archive") }),
  z.object({ intent: z.literal("restore") }),
  z.object({ intent: z.literal("contribute") }),
]);

/** Every goal form posts here: create, update, archive, restore, add or withdraw money. */
export async function handleGoalAction(request: Request) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  const householdId = values.householdId || context.householdId;
  const posted = postedIntent(values, goalIntents);
  const goalId = values.goalId ?? "";
  const userId = context.user.id;
  const answer = (result: GoalActionResult) => data(result, { status: result.ok ? 200 : 400 });

  return forAction(async () => {
    if (!posted)
      return answer({ ok: false, intent: values.intent ?? "", fieldErrors: { form: "errors.form.invalid" } });
    const { intent } = posted;
    switch (intent) {
      case "create":
      case "update": {
        const parsed = parseGoalForm(values, context.language);
        if (!parsed.ok) return answer({ ok: false, intent, goalId, fieldErrors: parsed.fieldErrors });
        const fields = {
          name: parsed.value.name,
          targetMinor: parsed.value.target,
          deadline: parsed.value.deadline,
          accountId: parsed.value.accountId,
        };
        const result =
          intent === "create"
            ? await createGoal({ userId, householdId, fields })
            : await updateGoal({ userId, householdId, goalId, version: values.version, fields });
        if ("conflict" in result)
          return conflictAnswer(result, (form, current): GoalActionResult => ({
            ok: false,
            intent,
            goalId,
            fieldErrors: { form },
            current,
          }));
        return answer(
          result.ok
            ? { ok: true, intent, goalId: result.goalId }
            : { ok: false, intent, goalId, fieldErrors: result.fieldErrors },
        );
      }
      case "archive":
      case "restore": {
        const result = await setGoalArchived({ userId, householdId, goalId, archived: intent === "archive" });
        return answer(
          result.ok ? { ok: true, intent, goalId } : { ok: false, intent, goalId, fieldErrors: result.fieldErrors },
        );
      }
      case "contribute": {
        const parsed = parseContributionForm(values, context.language);
        if (!parsed.ok) return answer({ ok: false, intent, goalId, fieldErrors: parsed.fieldErrors });
        const amountMinor = parsed.value.direction === "withdraw" ? -parsed.value.amount : parsed.value.amount;
        const result = await contributeToGoal({ userId, householdId, goalId, amountMinor, occurredOn: context.today });
        return answer(
          result.ok
            ? { ok: true, intent, goalId, amountMinor, reached: result.reached }
            : { ok: false, intent, goalId, fieldErrors: result.fieldErrors },
        );
      }
    }
  });
}
