import { isLanguage } from "~/domain/languages";
import { getOptionalUser } from "~/features/auth/session.server";
import { requireAppContext } from "~/features/household/app-context.server";
import { isHouseholdAccessError } from "~/features/household/errors";
import { readForm } from "~/features/platform/forms.server";
import { isUuid } from "~/lib/uuid";
import type { OutboxAnswer } from "./offline/outbox-protocol";
import { parseTransactionForm } from "./transaction.schema";
import { addTransaction } from "./transactions.server";

const answer = (body: OutboxAnswer, status: number) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store" } });

/**
 * POST /app/outbox: one entry a device kept while it was offline (decision 0028). The answer is JSON for the outbox's
 * sender, never a redirect or a page:
 * - 401 `signedOut`: the session expired; the device keeps the entry until its person signs in again;
 * - 409 `otherUser`: somebody else is signed in on the device; their session never sends another person's entry;
 * - 422 or 403 `refused`, with the form's messages: shown on the entry, which stays on the device until dealt with;
 * - 200 `saved`: added, or found under its client id (a retry after a lost answer adds nothing).
 * The household comes from the entry, not the household cookie: a switch of household in between changes nothing.
 */
export async function receiveFromOutbox(request: Request): Promise<Response> {
  const user = await getOptionalUser(request);
  if (!user) return answer({ status: "signedOut" }, 401);
  const read = await readForm(request);
  if (!read.ok) return answer({ status: "refused", fieldErrors: { form: "errors.form.invalid" } }, read.status);
  const values = read.values;
  if (values.userId !== user.id) return answer({ status: "otherUser" }, 409);
  const context = await requireAppContext(request);
  const householdId = values.householdId ?? "";
  if (!isUuid(householdId) || !isUuid(values.clientId ?? ""))
    return answer({ status: "refused", fieldErrors: { form: "errors.form.invalid" } }, 422);
  // Amounts are read in the notation they were typed in, whatever language the app is in now.
  const language = isLanguage(values.language) ? values.language : context.language;
  // New entries go to the Everyday account, in a base currency of two minor digits (as the add form).
  const parsed = parseTransactionForm(values, language, 2);
  if (!parsed.ok) return answer({ status: "refused", fieldErrors: parsed.fieldErrors }, 422);
  try {
    const result = await addTransaction({
      userId: user.id,
      householdId,
      fields: { ...parsed.value, amountMinor: parsed.value.amount },
    });
    if (!result.ok) return answer({ status: "refused", fieldErrors: result.fieldErrors }, 422);
    return answer({ status: "saved", transactionId: result.transaction.id }, 200);
  } catch (error) {
    if (!isHouseholdAccessError(error)) throw error;
    // The household was left or deleted meanwhile, or its plan no longer lets this member add.
    if (error.code === "notFound")
      return answer({ status: "refused", fieldErrors: { form: "offline.refused.householdGone" } }, 404);
    return answer({ status: "refused", fieldErrors: { form: "errors.readOnly" } }, 403);
  }
}
