import { data } from "react-router";
import { z } from "zod";
import { forAction, requireAppContext } from "~/features/household/app-context.server";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { minorDigits } from "~/domain/money";
import { accountCurrencyOf } from "./accounts.server";
import { parseTransferForm } from "./transfer.schema";
import { createTransfer, deleteTransfer, restoreTransfer, type TransferView } from "./transfers.server";

export type TransferActionResult =
  | { ok: true; intent: "transfer" | "deleteTransfer" | "restoreTransfer"; transfer: TransferView }
  | { ok: false; intent: string; fieldErrors: Record<string, string | undefined>; values?: Record<string, string> };

/** The fields a refused "Move money" form posts back, so a page without JavaScript shows them again. */
const formFields = ["toAccountId", "amount", "receivedAmount", "occurredOn", "description"] as const;

const transferIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("transfer") }),
  z.object({ intent: z.literal("deleteTransfer") }),
  z.object({ intent: z.literal("restoreTransfer") }),
]);

/** Every form of an account's page posts here: move money from it, delete a transfer, undo that delete. */
export async function handleTransferAction(request: Request, accountId: string) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  const householdId = values.householdId || context.householdId;
  const posted = postedIntent(values, transferIntents);
  const userId = context.user.id;
  const answer = (result: TransferActionResult) => data(result, { status: result.ok ? 200 : 400 });

  return forAction(async () => {
    if (!posted)
      return answer({ ok: false, intent: values.intent ?? "", fieldErrors: { form: "errors.form.invalid" } });
    const { intent } = posted;
    switch (intent) {
      case "transfer": {
        const echoed = Object.fromEntries(formFields.map((field) => [field, values[field] ?? ""]));
        // The money leaves the account whose page this is, whatever the form says; each side's amount is typed in
        // its account's currency's minor digits (an unknown account is refused later, by the use case).
        const [fromCurrency, toCurrency] = await Promise.all([
          accountCurrencyOf(householdId, accountId),
          accountCurrencyOf(householdId, values.toAccountId ?? ""),
        ]);
        const digits = { from: minorDigits(fromCurrency ?? ""), to: minorDigits(toCurrency ?? "") };
        const parsed = parseTransferForm({ ...values, fromAccountId: accountId }, context.language, digits);
        if (!parsed.ok) return answer({ ok: false, intent, fieldErrors: parsed.fieldErrors, values: echoed });
        const { amount, receivedAmount, ...rest } = parsed.value;
        const result = await createTransfer({
          userId,
          householdId,
          fields: { ...rest, amountMinor: amount, toAmountMinor: receivedAmount },
        });
        return answer(
          result.ok
            ? { ok: true, intent, transfer: result.transfer }
            : { ok: false, intent, fieldErrors: result.fieldErrors, values: echoed },
        );
      }
      case "deleteTransfer": {
        const deleted = await deleteTransfer({ userId, householdId, transferId: values.transferId ?? "" });
        return answer({ ok: true, intent, transfer: deleted });
      }
      case "restoreTransfer": {
        // Only the transfer's id: the server puts back the copy it kept when this member deleted it.
        const restored = await restoreTransfer({ userId, householdId, transferId: values.transferId ?? "" });
        if (!restored.ok)
          return data<TransferActionResult>({ ok: false, intent, fieldErrors: restored.fieldErrors }, { status: 404 });
        return answer({ ok: true, intent, transfer: restored.transfer });
      }
    }
  });
}
