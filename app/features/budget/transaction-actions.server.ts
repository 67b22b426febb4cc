import { data, redirect } from "react-router";
import { z } from "zod";
import { isTransactionKind } from "~/domain/categories";
import { maxAmountMinor } from "~/domain/money";
import { isIsoDate, monthOf } from "~/domain/periods";
import { isUuid } from "~/lib/uuid";
import { forAction, requireAppContext } from "~/features/household/app-context.server";
import { requireForm } from "~/features/platform/forms.server";
import { appMessages } from "~/lib/form-fields";
import { fieldErrorsOf } from "~/lib/forms";
import { descriptionMaxLength, parseTransactionForm } from "./transaction.schema";
import { addTransaction, deleteTransaction, restoreTransaction, updateTransaction, type TransactionView } from "./transactions.server";

/** Where a form without JavaScript lands afterwards: a path inside /app, never another site. */
export function safeAppPath(value: string | undefined | null): string | undefined {
  if (!value || !value.startsWith("/app") || value.startsWith("//") || value.includes("\\")) return undefined;
  return value;
}

export function listPath(transaction: Pick<TransactionView, "kind" | "occurredOn">): string {
  return `/app/${transaction.kind === "income" ? "income" : "expenses"}?month=${monthOf(transaction.occurredOn)}`;
}

const restoreFields = z.object({
  kind: z.string().refine(isTransactionKind).transform((value) => value as "income" | "expense"),
  amountMinor: z.coerce.number().int().positive().max(maxAmountMinor),
  occurredOn: z.string().refine(isIsoDate),
  description: z.string().max(descriptionMaxLength).default(""),
  categoryId: z.string().refine(isUuid),
});

export type TransactionActionResult =
  | { ok: true; intent: "add" | "update" | "delete" | "restore"; transaction: TransactionView }
  | { ok: false; intent?: string; fieldErrors: Record<string, string | undefined>; values?: Record<string, string> };

/**
 * The one action behind every entry form (quick entry sheet, edit sheet, the plain pages):
 * add, update, delete (answering with the entry, for undo) and restore.
 * From a fetcher (js=1) it answers with data; a plain form POST gets a redirect, or the page again with messages.
 */
export async function handleTransactionAction(request: Request, transactionId?: string) {
  const context = await requireAppContext(request);
  const { values } = await requireForm(request);
  const householdId = values.householdId || context.householdId;
  const viaScript = values.js === "1";
  const intent = values.intent ?? "add";
  const userId = context.user.id;

  const refused = (fieldErrors: Record<string, string | undefined>) =>
    data<TransactionActionResult>({ ok: false, intent, fieldErrors, values: { ...values, householdId } }, { status: 400 });
  const done = (transaction: TransactionView, fallback: string) => {
    if (viaScript) return data<TransactionActionResult>({ ok: true, intent: intent as "add", transaction });
    throw redirect(safeAppPath(values.redirectTo) ?? fallback, 303);
  };

  return forAction(async () => {
    if (intent === "add" || intent === "update") {
      const parsed = parseTransactionForm(values, context.language);
      if (!parsed.ok) return refused(parsed.fieldErrors);
      const fields = { ...parsed.value, amountMinor: parsed.value.amount };
      const result =
        intent === "add" || !transactionId
          ? await addTransaction({ userId, householdId, fields })
          : await updateTransaction({ userId, householdId, transactionId, fields });
      if (!result.ok) return refused(result.fieldErrors);
      return done(result.transaction, listPath(result.transaction));
    }
    if (intent === "delete" && transactionId) {
      const deleted = await deleteTransaction({ userId, householdId, transactionId });
      return done(deleted, listPath(deleted));
    }
    if (intent === "restore" && transactionId) {
      const parsed = restoreFields.safeParse(values);
      if (!parsed.success) return refused(fieldErrorsOf(parsed.error, { messages: appMessages }));
      const result = await restoreTransaction({ userId, householdId, transactionId, fields: parsed.data });
      if (!result.ok) return refused(result.fieldErrors);
      return done(result.transaction, listPath(result.transaction));
    }
    return refused({ form: "errors.form.invalid" });
  });
}
