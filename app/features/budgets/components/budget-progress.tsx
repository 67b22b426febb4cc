import CircleAlertIcon from "lucide-react/icons/circle-exclamation-point";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Progress } from "~/components/ui/progress";
import { budgetProgress, type CategoryBudgetMonth } from "~/domain/budgets";
import { addMonths } from "~/domain/periods";
import { cn } from "~/lib/cn";
import { useFormat } from "~/features/household/components/use-app-shell";

/** How a page shows a category (its label and icon): the budget feature knows categories, budgets only their ids. */
export type CategoryLook = (categoryId: string) => { label: string; icon: ReactNode };

/** An overspent bar: a calm amber, always with words beside it (never colour alone). */
const overspentBar = "[&>div]:bg-amber-600";

/** A category's month: spent of what is available, a bar, what is left or overspent, and any carry from last month. */
export function BudgetProgress({
  item,
  look,
  compact = false,
}: {
  item: CategoryBudgetMonth;
  look: CategoryLook;
  compact?: boolean;
}) {
  const { t } = useTranslation("budgets");
  const format = useFormat();
  const { label, icon } = look(item.categoryId);
  const available = item.limitMinor + item.carryMinor;
  const over = item.availableMinor < 0;
  const previousMonth = format.month(addMonths(item.month, -1));
  return (
    <div className="flex flex-col gap-2" data-testid="budget-progress">
      <div className="flex items-center gap-3">
        {!compact && icon}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-baseline justify-between gap-x-3">
            <span className={cn("truncate font-medium", compact ? "text-sm" : "text-base")}>{label}</span>
            <span className="shrink-0 text-sm tabular-nums text-muted-foreground">
              {t("item.spentOf", { spent: format.money(item.spentMinor), available: format.money(available) })}
            </span>
          </div>
        </div>
      </div>
      <Progress
        value={budgetProgress(item) * 100}
        aria-label={t("item.progressLabel", {
          category: label,
          spent: format.money(item.spentMinor),
          available: format.money(available),
        })}
        className={cn(compact && "h-2", over && overspentBar)}
      />
      <div className="budget-detail">
        {over ? (
          <span className="inline-flex items-center gap-1 font-semibold text-amber-800" data-testid="budget-over">
            <CircleAlertIcon aria-hidden="true" className="size-3.5" />
            {t("item.over", { amount: format.money(-item.availableMinor) })}
          </span>
        ) : (
          <span className="font-medium text-foreground" data-testid="budget-left">
            {t("item.left", { amount: format.money(item.availableMinor) })}
          </span>
        )}
        {!compact && item.carryMinor !== 0 && (
          <span className="text-muted-foreground" data-testid="budget-carry">
            {item.carryMinor > 0
              ? t("item.carryIn", { amount: format.money(item.carryMinor), month: previousMonth })
              : t("item.carryOverspent", { amount: format.money(-item.carryMinor), month: previousMonth })}
            {" · "}
            {t("item.limit", { amount: format.money(item.limitMinor) })}
          </span>
        )}
      </div>
    </div>
  );
}
