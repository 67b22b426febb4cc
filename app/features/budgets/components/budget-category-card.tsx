import RepeatIcon from "lucide-react/icons/repeat";
import { useTranslation } from "~/i18n/react";
import { Card } from "~/components/ui/card";
import type { CategoryBudgetMonth } from "~/domain/budgets";
import { cn } from "~/lib/cn";
import { BudgetEditor, type BudgetRefusal } from "./budget-editor";
import { BudgetProgress, type CategoryLook } from "./budget-progress";

/** One budgeted category in a month: its progress, whether it rolls over, and (for writers) change or remove. */
export function BudgetCategoryCard({
  item,
  look,
  canWrite,
  refusal,
}: {
  item: CategoryBudgetMonth;
  look: CategoryLook;
  canWrite: boolean;
  refusal?: BudgetRefusal;
}) {
  const { t } = useTranslation("budgets");
  const over = item.availableMinor < 0;
  return (
    <Card
      className={cn("flex h-full flex-col gap-3 p-5", over && "border-amber-300 bg-amber-50/40")}
      data-testid="budget-card"
    >
      <BudgetProgress item={item} look={look} />
      {(item.rollover || item.source === "month") && (
        <div className="flex flex-wrap gap-2">
          {item.rollover && (
            <span className="inline-flex items-center gap-1 rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground">
              <RepeatIcon aria-hidden="true" className="size-3" />
              {t("item.rollsOver")}
            </span>
          )}
          {item.source === "month" && (
            <span className="inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-medium">
              {t("item.onlyThisMonth")}
            </span>
          )}
        </div>
      )}
      {canWrite && (
        <div className="mt-auto border-t pt-3">
          <BudgetEditor
            categoryId={item.categoryId}
            label={look(item.categoryId).label}
            month={item.month}
            item={item}
            refusal={refusal}
          />
        </div>
      )}
    </Card>
  );
}
