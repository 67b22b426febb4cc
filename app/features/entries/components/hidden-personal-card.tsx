import LockIcon from "lucide-react/icons/lock";
import { Card } from "~/components/ui/card";
import { useTranslation } from "~/i18n/react";
import { useFormat } from "~/features/household/components/use-app-shell";
import type { HiddenPersonalSpending } from "../personal-totals.server";
import { CategoryIcon } from "./category-icon";
import { useCategories, useEntrySharing } from "./use-budget-shell";

/**
 * In place of the personal expenses a member shows the reader only as category totals: one block per such member,
 * "Sanne's personal spending", with the month's total and its totals per category.
 */
export function HiddenPersonalCard({ spending }: { spending: HiddenPersonalSpending }) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const categories = useCategories();
  const sharing = useEntrySharing();
  const name = sharing?.members.find((member) => member.userId === spending.memberUserId)?.name ?? "";
  const title = t("hiddenPersonal.title", { name });
  return (
    <Card className="flex flex-col gap-3 p-4 sm:p-5" data-testid="hidden-personal">
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className="flex size-9 shrink-0 items-center justify-center rounded-full bg-secondary text-muted-foreground"
        >
          <LockIcon className="size-4" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">{title}</h2>
          <p className="text-xs text-muted-foreground">{t("hiddenPersonal.text", { name })}</p>
        </div>
        <p className="amount">
          <span className="sr-only">{t("hiddenPersonal.total")}: </span>−{format.money(spending.totalMinor)}
        </p>
      </div>
      <ul className="flex flex-col divide-y border-t" aria-label={title}>
        {spending.categories.map((item) => {
          const category = categories.byId(item.categoryId);
          return (
            <li key={item.categoryId} className="flex items-center gap-3 py-2">
              <CategoryIcon icon={category?.icon ?? "shapes"} color={category?.color ?? "#64748b"} className="size-7" />
              <span className="min-w-0 flex-1 truncate text-sm">{categories.label(category)}</span>
              <span className="shrink-0 text-sm tabular-nums">−{format.money(item.totalMinor)}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
