import { useTranslation } from "~/i18n/react";
import { cn } from "~/lib/cn";
import type { CategorySpending } from "../dashboard.server";
import { CategoryIcon } from "./category-icon";
import { ChangeBadge } from "./change-badge";
import { useFormat } from "~/features/household/components/use-app-shell";
import { useCategories } from "./use-budget-shell";

/**
 * Spending per category as coloured bars, biggest first, each with its share and change. With `shown`, the first few
 * and a native "Show all categories" disclosure for the rest (it opens before the page's scripts arrive too).
 */
export function CategoryBreakdown({
  items,
  changeLabel,
  months = 1,
  columns = 1,
  shown = Infinity,
}: {
  items: CategorySpending[];
  changeLabel: string;
  months?: number;
  columns?: 1 | 2;
  shown?: number;
}) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const categories = useCategories();
  if (items.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">{t("categoryBreakdown.empty")}</p>;
  const largest = items[0]?.totalMinor ?? 1;
  const listClass = cn("grid gap-x-10 gap-y-4", columns === 2 && "lg:grid-cols-2");
  const row = (item: CategorySpending) => {
    const category = categories.byId(item.categoryId);
    const label = categories.label(category);
    return (
      <li key={item.categoryId} className="flex items-center gap-3">
        <CategoryIcon icon={category?.icon ?? "shapes"} color={category?.color ?? "#64748b"} />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <span className="truncate text-sm font-medium">{label}</span>
            <span className="amount">{format.money(item.totalMinor)}</span>
          </div>
          <div className="share-track" aria-hidden="true">
            <div
              className="h-full rounded-full"
              style={{
                width: `${Math.max(2, (item.totalMinor / largest) * 100)}%`,
                backgroundColor: category?.color ?? "#64748b",
              }}
            />
          </div>
          <div className="share-detail">
            <span>
              {t("categoryBreakdown.share", { share: format.percent(item.share) })}
              {months > 1 &&
                ` · ${t("categoryBreakdown.perMonth", { amount: format.money(Math.round(item.totalMinor / months)) })}`}
            </span>
            <ChangeBadge
              change={item.change}
              good={item.change === null ? null : item.change <= 0}
              label={changeLabel}
            />
          </div>
        </div>
      </li>
    );
  };
  const rest = items.slice(shown);
  return (
    <>
      <ul className={listClass}>{items.slice(0, shown).map(row)}</ul>
      {rest.length > 0 && (
        <details className="group mt-4">
          <summary className="cursor-pointer list-none rounded-md text-sm font-medium text-primary hover:underline [&::-webkit-details-marker]:hidden">
            <span className="group-open:hidden">{t("categoryBreakdown.showAll", { count: items.length })}</span>
            <span className="hidden group-open:inline">{t("categoryBreakdown.showFewer")}</span>
          </summary>
          <ul className={cn(listClass, "mt-4")}>{rest.map(row)}</ul>
        </details>
      )}
    </>
  );
}
