import { data } from "react-router";
import { z } from "zod";
import { forAction, requireAppContext } from "~/features/household/app-context.server";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { conflictAnswer } from "~/features/platform/row-version.server";
import {
  accountCurrencyOf,
  createAccount,
  setAccountArchived,
  updateAccount,
  type CurrentAccount,
} from "./accounts.server";
import { parseAccountForm } from "./account.schema";

export type AccountActionResult =
  | { ok: true; intent: string; accountId: string }
  | {
      ok: false;
      intent: string;
      accountId?: string;
      fieldErrors: Record<string, string | undefined>;
      values?: Record<string, string>;
      current?: CurrentAccount;
    };

/** The fields a refused form posts back, so a page without JavaScript shows them again beside their messages. */
const formFields = ["name", "kind", "iban", "openingBalance", "openingOn", "defaultShared"] as const;

const accountIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create") }),
  z.object({ intent: z.literal("update") }),
  z.object({ intent: z.literal("archive") }),
  z.object({ intent: z.literal("unarchive") }),
]);

/** Every form of the Accounts page posts here: create, update, archive, unarchive. */
export async function handleAccountAction(request: Request) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  const householdId = values.householdId || context.householdId;
  const posted = postedIntent(values, accountIntents);
  const accountId = values.accountId ?? "";
  const userId = context.user.id;
  const answer = (result: AccountActionResult) => data(result, { status: result.ok ? 200 : 400 });
  const echoed = () => Object.fromEntries(formFields.map((field) => [field, values[field] ?? ""]));

  return forAction(async () => {
    if (!posted)
      return answer({ ok: false, intent: values.intent ?? "", fieldErrors: { form: "errors.form.invalid" } });
    const { intent } = posted;
    switch (intent) {
      case "create":
      case "update": {
        // An account's opening balance is in its currency's minor digits: the one it keeps, or the new one's.
        const currency =
          intent === "update" ? await accountCurrencyOf(householdId, accountId) : (values.currency ?? undefined);
        const parsed = parseAccountForm(values, context.language, currency);
        if (!parsed.ok)
          return answer({ ok: false, intent, accountId, fieldErrors: parsed.fieldErrors, values: echoed() });
        const result =
          intent === "create"
            ? await createAccount({ userId, householdId, input: parsed.value })
            : await updateAccount({ userId, householdId, accountId, version: values.version, input: parsed.value });
        if ("conflict" in result)
          return conflictAnswer(result, (form, current): AccountActionResult => ({
            ok: false,
            intent,
            accountId,
            fieldErrors: { form },
            values: echoed(),
            current,
          }));
        return answer(
          result.ok
            ? { ok: true, intent, accountId: result.accountId }
            : { ok: false, intent, accountId, fieldErrors: result.fieldErrors, values: echoed() },
        );
      }
      case "archive":
      case "unarchive": {
        const result = await setAccountArchived({ userId, householdId, accountId, archived: intent === "archive" });
        return answer(
          result.ok
            ? { ok: true, intent, accountId }
            : { ok: false, intent, accountId, fieldErrors: { form: result.error } },
        );
      }
    }
  });
}
