import ChevronRightIcon from "lucide-react/icons/chevron-right";
import { useTranslation } from "~/i18n/react";
import { Link, useLocation } from "react-router";
import { cn } from "~/lib/cn";
import type { ListedTransaction } from "../transactions.server";
import { CategoryIcon } from "./category-icon";
import { EntryMemberMarker } from "./entry-member-marker";
import { useQuickEntry } from "./quick-entry";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { useCategories } from "./use-budget-shell";

/**
 * One entry: category icon, description (or the category), date, signed amount. Owners tap it to edit: in the sheet
 * when the list read the entry's version, otherwise (and without JavaScript) on the entry's own page, which reads it.
 */
export function TransactionRow({
  transaction,
  showDate = true,
}: {
  transaction: ListedTransaction;
  showDate?: boolean;
}) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const categories = useCategories();
  const shell = useAppShell();
  const quickEntry = useQuickEntry();
  const location = useLocation();
  const category = categories.byId(transaction.categoryId);
  const label = categories.label(category);
  const income = transaction.kind === "income";
  const amount = `${income ? "+" : "−"}${format.money(transaction.amountMinor, transaction.currency)}`;
  // An entry in another currency than the household's also says what it counts for there (decision 0026).
  const inBase =
    transaction.currency !== format.currency && transaction.baseAmountMinor !== undefined
      ? transaction.baseAmountMinor === null
        ? t("entry.rate.missing")
        : `${income ? "+" : "−"}${format.money(transaction.baseAmountMinor)}`
      : undefined;
  const content = (
    <>
      <CategoryIcon icon={category?.icon ?? "shapes"} color={category?.color ?? "#64748b"} />
      <span className="min-w-0 flex-1">
        <span className="line-title">{transaction.description || label}</span>
        <span className="line-detail">
          {transaction.description ? label : t(income ? "entry.income" : "entry.expense")}
          {transaction.split && ` · ${t("entry.split.marker")}`}
          {showDate && ` · ${format.date(transaction.occurredOn, "short")}`}
          <EntryMemberMarker transaction={transaction} />
        </span>
      </span>
      <span className="flex shrink-0 flex-col items-end">
        <span className={cn("amount", income ? "text-emerald-700" : "text-foreground")} data-testid="entry-amount">
          {amount}
        </span>
        {inBase && (
          <span className="text-xs text-muted-foreground tabular-nums" data-testid="entry-base-amount">
            {inBase}
          </span>
        )}
      </span>
    </>
  );
  if (!shell.household.canWrite) return <div className="flex items-center gap-3 px-1 py-2.5">{content}</div>;
  return (
    <Link
      to={`/app/transactions/${transaction.id}?redirectTo=${encodeURIComponent(location.pathname + location.search)}`}
      onClick={(event) => {
        const { version } = transaction;
        // A split's lines are edited on its own page; the sheet edits a whole entry.
        if (!quickEntry || !version || transaction.split) return;
        event.preventDefault();
        quickEntry.openEdit({ ...transaction, baseAmountMinor: transaction.baseAmountMinor ?? null, version });
      }}
      className="entry-row"
    >
      <span className="sr-only">{t("entry.editTitle")}: </span>
      {content}
      <ChevronRightIcon aria-hidden="true" className="entry-row-chevron" />
    </Link>
  );
}
