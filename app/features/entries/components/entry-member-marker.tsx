import { useTranslation } from "~/i18n/react";
import type { TransactionView } from "../transactions.server";
import { useEntrySharing } from "./use-budget-shell";

/**
 * Whose an entry is, in a household of two or more: "Shared · paid by Sanne" on a shared entry, "Sanne's" on another
 * member's own; nothing on the reader's own, in a household of one, or in a list that did not read the sharing columns.
 */
export function EntryMemberMarker({
  transaction,
}: {
  transaction: Pick<TransactionView, "kind" | "shared" | "memberUserId">;
}) {
  const { t } = useTranslation("app");
  const sharing = useEntrySharing();
  if (!sharing || transaction.shared === undefined) return null;
  const mine = transaction.memberUserId === sharing.currentUserId;
  const name = sharing.members.find((member) => member.userId === transaction.memberUserId)?.name;
  const income = transaction.kind === "income";
  let text: string | null = null;
  if (transaction.shared) {
    if (mine) text = t(income ? "entryMarker.sharedReceivedByYou" : "entryMarker.sharedPaidByYou");
    else if (name) text = t(income ? "entryMarker.sharedReceivedBy" : "entryMarker.sharedPaidBy", { name });
    else text = t("entryMarker.shared");
  } else if (!mine && name) {
    text = t("entryMarker.memberOwn", { name });
  }
  if (!text) return null;
  // On a phone it takes a line of its own below the row's other details; wider, it follows them: "Groceries · Shared · paid by Sanne".
  return (
    <span className="block truncate font-medium text-primary sm:inline" data-testid="entry-member">
      <span className="hidden font-normal text-muted-foreground sm:inline"> · </span>
      {text}
    </span>
  );
}
