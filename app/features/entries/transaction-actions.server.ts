import { data, redirect } from "react-router";
import { z } from "zod";
import { minorDigits, numberSeparators } from "~/domain/money";
import { monthOf } from "~/domain/periods";
import { parseRate } from "~/domain/rates";
import type { LearnOffer } from "~/domain/rules/rule-types";
import { HouseholdAccessError } from "~/features/household/errors";
import { forAction, requireAppContext } from "~/features/household/app-context.server";
import { postedIntent, requireForm } from "~/features/platform/forms.server";
import { conflictAnswer } from "~/features/platform/row-version.server";
import {
  linesSharedEvenly,
  parseLineRows,
  parseTransactionForm,
  postedLineRows,
  type PostedLine,
} from "./transaction.schema";
import {
  addTransaction,
  deleteTransaction,
  entryCurrencyOf,
  getTransaction,
  restoreTransaction,
  setTransactionRate,
  updateTransaction,
  type TransactionView,
} from "./transactions.server";

/** Where a form without JavaScript lands afterwards: a path inside /app, never another site. */
export function safeAppPath(value: string | undefined | null): string | undefined {
  if (!value || !value.startsWith("/app") || value.startsWith("//") || value.includes("\\")) return undefined;
  return value;
}

export function listPath(transaction: Pick<TransactionView, "kind" | "occurredOn">): string {
  return `/app/${transaction.kind === "income" ? "income" : "expenses"}?month=${monthOf(transaction.occurredOn)}`;
}

export type TransactionActionResult =
  | {
      ok: true;
      intent: "add" | "update" | "delete" | "restore" | "rate";
      transaction: TransactionView;
      /** After a change of category: "Always put <counterparty> in <category>?" (see `offerToLearn`). */
      learnOffer?: LearnOffer;
      /** Where a plain form goes after answering the offer. */
      redirectTo?: string;
    }
  | {
      ok: false;
      intent?: string;
      fieldErrors: Record<string, string | undefined>;
      values?: Record<string, string>;
      /** A save or delete based on an old version: the entry as it is now (features/platform/row-version.server.ts). */
      current?: TransactionView;
      /** A split form's line rows as typed, to show them again. */
      lines?: PostedLine[];
    };

/** One line row of a split form as it was typed. */
/** The line rows in use (with an amount), to show them again. */
function postedLines(form: FormData): PostedLine[] | undefined {
  return postedLineRows(form)?.filter((line) => line.amount.trim() !== "");
}

/** A form that names no intent adds an entry. */
const transactionIntents = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add") }),
  z.object({ intent: z.literal("update") }),
  z.object({ intent: z.literal("delete") }),
  z.object({ intent: z.literal("restore") }),
  z.object({ intent: z.literal("rate") }),
]);
type TransactionIntent = z.infer<typeof transactionIntents>["intent"];

interface TransactionActionOptions {
  /**
   * Asked after a save that changed an entry's category: the rules feature (above this one) says whether to offer a
   * rule for the entry's counterparty. A plain form then shows the offer instead of being sent back to the list.
   */
  offerToLearn?: (saved: { userId: string; householdId: string; transactionId: string }) => Promise<LearnOffer | null>;
}

/**
 * The one action behind every entry form (quick entry sheet, edit sheet, the plain pages):
 * add, update, delete (answering with the entry, for undo) and restore.
 * From a fetcher (js=1) it answers with data; a plain form POST gets a redirect, or the page again with messages.
 * Update and delete carry the entry's `version`: one based on an old version answers 409 with the entry as it is now
 * (404 once it is gone), for the form's conflict notice.
 */
export async function handleTransactionAction(
  request: Request,
  transactionId?: string,
  options: TransactionActionOptions = {},
) {
  const context = await requireAppContext(request);
  const { values, form } = await requireForm(request);
  const householdId = values.householdId || context.householdId;
  const viaScript = values.js === "1";
  const intent = values.intent ?? "add";
  const posted = postedIntent({ ...values, intent }, transactionIntents);
  const userId = context.user.id;

  const refused = (fieldErrors: Record<string, string | undefined>) =>
    data<TransactionActionResult>(
      { ok: false, intent, fieldErrors, values: { ...values, householdId }, lines: postedLines(form) },
      { status: 400 },
    );
  const conflict = (form: string, current?: TransactionView): TransactionActionResult => ({
    ok: false,
    intent,
    fieldErrors: { form },
    values: { ...values, householdId },
    current,
  });
  const done = (known: TransactionIntent, transaction: TransactionView, fallback: string) => {
    if (viaScript) return data<TransactionActionResult>({ ok: true, intent: known, transaction });
    throw redirect(safeAppPath(values.redirectTo) ?? fallback, 303);
  };

  return forAction(async () => {
    if (!posted) return refused({ form: "errors.form.invalid" });
    const known = posted.intent;
    switch (known) {
      case "add":
      case "update": {
        // An entry's amount is typed in its currency's minor digits: a new one goes to the Everyday account, in a
        // base currency (two digits); an imported one keeps its account's (the yen none, the dinar three).
        const digits = known === "update" && transactionId ? await entryDigits(householdId, transactionId) : 2;
        const parsed = parseTransactionForm(values, context.language, digits);
        if (!parsed.ok) return refused(parsed.fieldErrors);
        if (values.splitEvenly === "1")
          return data<TransactionActionResult>({
            ok: false,
            intent,
            fieldErrors: {},
            values: { ...values, householdId },
            lines: linesSharedEvenly(postedLineRows(form) ?? [], parsed.value.amount, context.language, digits),
          });
        const split = parseLineRows(form, context.language, parsed.value.amount, "", digits);
        if (!split.ok) return refused(split.fieldErrors);
        const fields = { ...parsed.value, amountMinor: parsed.value.amount, lines: split.lines };
        if (known === "add" || !transactionId) {
          const result = await addTransaction({ userId, householdId, fields });
          return result.ok
            ? done(known, result.transaction, listPath(result.transaction))
            : refused(result.fieldErrors);
        }
        const before = options.offerToLearn ? await entryBefore({ userId, householdId, transactionId }) : undefined;
        const result = await updateTransaction({ userId, householdId, transactionId, version: values.version, fields });
        if ("conflict" in result) return conflictAnswer(result, conflict);
        if (!result.ok) return refused(result.fieldErrors);
        const learnOffer =
          before && before.categoryId !== result.transaction.categoryId
            ? await options.offerToLearn?.({ userId, householdId, transactionId })
            : null;
        if (learnOffer) {
          const redirectTo = safeAppPath(values.redirectTo) ?? listPath(result.transaction);
          return data<TransactionActionResult>({
            ok: true,
            intent: "update",
            transaction: result.transaction,
            learnOffer,
            redirectTo,
          });
        }
        return done(known, result.transaction, listPath(result.transaction));
      }
      case "delete": {
        if (!transactionId) return refused({ form: "errors.form.invalid" });
        const result = await deleteTransaction({ userId, householdId, transactionId, version: values.version });
        if ("conflict" in result) return conflictAnswer(result, conflict);
        return done(known, result.transaction, listPath(result.transaction));
      }
      case "rate": {
        if (!transactionId) return refused({ form: "errors.form.invalid" });
        // "Use the published rate" posts no rate; otherwise the rate as typed in the reader's language.
        const typed =
          values.useTable === "1" ? null : parseRate(values.rate ?? "", numberSeparators(context.language).decimal);
        if (typed === undefined) return refused({ rate: "errors.rate.invalid" });
        const result = await setTransactionRate({
          userId,
          householdId,
          transactionId,
          version: values.version,
          rate: typed,
        });
        if ("conflict" in result) return conflictAnswer(result, conflict);
        if (!result.ok) return refused(result.fieldErrors);
        if (viaScript)
          return data<TransactionActionResult>({ ok: true, intent: known, transaction: result.transaction });
        throw redirect(
          `/app/transactions/${transactionId}${values.redirectTo ? `?redirectTo=${encodeURIComponent(safeAppPath(values.redirectTo) ?? "")}` : ""}`,
          303,
        );
      }
      case "restore": {
        if (!transactionId) return refused({ form: "errors.form.invalid" });
        // Put back from the copy the delete kept on the server; nothing the browser posts is trusted.
        const result = await restoreTransaction({ userId, householdId, transactionId });
        return done(known, result.transaction, listPath(result.transaction));
      }
    }
  });
}

/** The minor digits of an entry's currency; two for an id that is not one of the household's (the save says so). */
async function entryDigits(householdId: string, transactionId: string): Promise<number> {
  const currency = await entryCurrencyOf(householdId, transactionId);
  return currency ? minorDigits(currency) : 2;
}

/** The entry before a save, to see whether its category changes; one deleted meanwhile is answered by the save as "gone". */
async function entryBefore(entry: {
  userId: string;
  householdId: string;
  transactionId: string;
}): Promise<TransactionView | undefined> {
  try {
    return await getTransaction(entry);
  } catch (error) {
    if (error instanceof HouseholdAccessError && error.code === "notFound") return undefined;
    throw error;
  }
}
