import { data, redirect } from "react-router";
import { isTransactionKind } from "~/domain/categories";
import { maxPayeeText } from "~/domain/payees/payee-name";
import { hasUnsafeCharacters } from "~/lib/safe-text";
import { isUuid } from "~/lib/uuid";
import { safeAppPath } from "~/features/entries/transaction-actions.server";
import { forAction, requireAppContext } from "~/features/household/app-context.server";
import { z } from "zod";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { conflictAnswer } from "~/features/platform/row-version.server";
import { applyRulesToExisting, previewApplyRules, type ApplyCounts } from "./apply-rules.server";
import { RulesTooCostlyError } from "./rule-evaluation.server";
import { conditionValueMaxLength, parseRuleForm, ruleFormValues, type RuleFormValues } from "./rule.schema";
import { createRule, deleteRule, learnRule, moveRule, updateRule, type RuleView } from "./rules.server";

export type RuleActionResult =
  | { ok: true; intent: "create" | "update" | "delete" | "moveUp" | "moveDown"; ruleId: string }
  | { ok: true; intent: "learn"; ruleId: string | null; already: boolean }
  | { ok: true; intent: "preview" | "apply"; counts: ApplyCounts }
  | {
      ok: false;
      intent: string;
      ruleId?: string;
      fieldErrors: Record<string, string | undefined>;
      values?: RuleFormValues;
      current?: RuleView;
    };

const ruleIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("update") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("moveUp") }),
  z.object({ intent: z.literal("moveDown") }),
  z.object({ intent: z.literal("preview") }),
  z.object({ intent: z.literal("apply") }),
  z.object({ intent: z.literal("learn") }),
]);

/**
 * Every form of the Rules screen posts here — create, change, delete, move, preview and apply to existing entries —
 * and so does "Always put … in …? Yes" from the entry sheet, the edit page and the import preview (intent=learn).
 */
export async function handleRuleAction(request: Request) {
  const context = await requireAppContext(request);
  const { form, values } = await requireForm(request);
  const householdId = values.householdId || context.householdId;
  const posted = postedIntent(values, ruleIntents);
  const ruleId = values.ruleId ?? "";
  const userId = context.user.id;
  const answer = (result: RuleActionResult) => data(result, { status: result.ok ? 200 : 400 });

  return forAction(async () => {
    if (!posted)
      return answer({ ok: false, intent: values.intent ?? "", fieldErrors: { form: "errors.form.invalid" } });
    const { intent } = posted;
    switch (intent) {
      case "create":
      case "update": {
        const typed = ruleFormValues(form);
        const parsed = parseRuleForm(typed, context.language);
        if (!parsed.ok) return answer({ ok: false, intent, ruleId, fieldErrors: parsed.fieldErrors, values: typed });
        const result =
          intent === "create"
            ? await createRule({ userId, householdId, input: parsed.value })
            : await updateRule({ userId, householdId, ruleId, version: values.version, input: parsed.value });
        if ("conflict" in result)
          return conflictAnswer(result, (form, current): RuleActionResult => ({
            ok: false,
            intent,
            ruleId,
            fieldErrors: { form },
            values: typed,
            current,
          }));
        return answer(
          result.ok
            ? { ok: true, intent, ruleId: result.ruleId }
            : { ok: false, intent, ruleId, fieldErrors: result.fieldErrors, values: typed },
        );
      }
      case "delete": {
        const result = await deleteRule({ userId, householdId, ruleId, version: values.version });
        if ("conflict" in result)
          return conflictAnswer(result, (form, current): RuleActionResult => ({
            ok: false,
            intent,
            ruleId,
            fieldErrors: { form },
            current,
          }));
        return answer({ ok: true, intent, ruleId: result.ruleId });
      }
      case "moveUp":
      case "moveDown": {
        await moveRule({ userId, householdId, ruleId, direction: intent === "moveUp" ? "up" : "down" });
        return answer({ ok: true, intent, ruleId });
      }
      case "preview":
      case "apply": {
        try {
          const counts =
            intent === "preview"
              ? await previewApplyRules({ userId, householdId })
              : await applyRulesToExisting({ userId, householdId });
          return answer({ ok: true, intent, counts });
        } catch (error) {
          // The rules ran out of their time budget over the entries (issue 20): nothing was changed.
          if (error instanceof RulesTooCostlyError)
            return answer({ ok: false, intent, fieldErrors: { form: "rules:errors.applyTooCostly" } });
          throw error;
        }
      }
      case "learn": {
        const counterparty = (values.counterparty ?? "").trim();
        const categoryId = values.categoryId ?? "";
        const kind = values.kind;
        if (
          !counterparty ||
          counterparty.length > conditionValueMaxLength ||
          hasUnsafeCharacters(counterparty) ||
          !isUuid(categoryId) ||
          !isTransactionKind(kind)
        ) {
          return answer({ ok: false, intent, fieldErrors: { form: "errors.form.invalid" } });
        }
        const payeeKey = (values.payeeKey ?? "").trim();
        const payeeName = (values.payeeName ?? "").trim();
        const payee = payeeKey && payeeName ? { key: payeeKey, name: payeeName } : null;
        if (
          payee &&
          (payee.key.length > maxPayeeText ||
            payee.name.length > maxPayeeText ||
            hasUnsafeCharacters(payee.key) ||
            hasUnsafeCharacters(payee.name))
        )
          return answer({ ok: false, intent, fieldErrors: { form: "errors.form.invalid" } });
        const result = await learnRule({ userId, householdId, offer: { counterparty, categoryId, kind, payee } });
        // Without JavaScript the "Yes, always" form returns to the page it came from.
        const back = safeAppPath(values.redirectTo);
        if (result.ok && values.js !== "1" && back) throw redirect(back, 303);
        return answer(
          result.ok
            ? { ok: true, intent, ruleId: result.ruleId, already: result.already }
            : { ok: false, intent, fieldErrors: result.fieldErrors },
        );
      }
    }
  });
}
