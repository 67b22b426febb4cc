import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/features/household/components/use-app-shell";
import type { TransactionView } from "../transactions.server";
import { useCategories, useEntrySharing } from "./use-budget-shell";

/**
 * An entry's fields as readable lines (type, amount, category, date, description, and in a household of two the
 * sharing answers): what a conflict notice shows of the entry as the other person left it.
 */
export function useEntryValues() {
  const { t } = useTranslation("app");
  const format = useFormat();
  const categories = useCategories();
  const sharing = useEntrySharing();
  return (entry: TransactionView): { label: string; value: string }[] => {
    const income = entry.kind === "income";
    const member = sharing?.members.find((item) => item.userId === entry.memberUserId);
    return [
      { label: t("entry.kind"), value: t(income ? "entry.income" : "entry.expense") },
      { label: t("entry.amount"), value: format.money(entry.amountMinor) },
      { label: t("entry.category"), value: categories.label(categories.byId(entry.categoryId)) },
      { label: t("entry.date"), value: format.date(entry.occurredOn) },
      { label: t("entry.description"), value: entry.description || "—" },
      ...(sharing && !income && entry.shared !== undefined
        ? [{ label: t("entryShare.legend"), value: t(entry.shared ? "entryShare.shared" : "entryShare.personal") }]
        : []),
      ...(sharing && member
        ? [
            {
              label: t(income ? "entryShare.receivedBy" : "entryShare.paidBy"),
              value: member.userId === sharing.currentUserId ? t("entryShare.me") : member.name,
            },
          ]
        : []),
    ];
  };
}
