import { useTranslation } from "~/i18n/react";
import { Card } from "~/components/ui/card";
import { useFormat } from "~/features/household/components/use-app-shell";
import { BudgetEditor, type BudgetRefusal } from "./budget-editor";
import type { CategoryLook } from "./budget-progress";

/** Expense categories without a budget this month, each with "Set a budget" and what it has cost lately. */
export function UnbudgetedCategories({
  categoryIds,
  averages,
  look,
  month,
  refusalFor,
}: {
  categoryIds: string[];
  averages: Record<string, number>;
  look: CategoryLook;
  month: string;
  refusalFor: (categoryId: string) => BudgetRefusal | undefined;
}) {
  const { t } = useTranslation("budgets");
  const format = useFormat();
  if (categoryIds.length === 0) return null;
  return (
    <section className="flex flex-col gap-3" aria-labelledby="unbudgeted-title">
      <div>
        <h2 id="unbudgeted-title" className="text-lg font-semibold">
          {t("unbudgetedTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("unbudgetedHint")}</p>
      </div>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="unbudgeted-list">
        {categoryIds.map((categoryId) => {
          const { label, icon } = look(categoryId);
          const average = averages[categoryId] ?? 0;
          return (
            <li key={categoryId} data-testid="unbudgeted-category">
              <Card className="flex h-full flex-col gap-3 p-4">
                <div className="flex items-center gap-3">
                  {icon}
                  <div className="min-w-0 flex-1">
                    <p className="truncate font-medium">{label}</p>
                    <p className="text-xs text-muted-foreground">
                      {average > 0 ? t("average", { amount: format.money(average) }) : t("noRecentSpending")}
                    </p>
                  </div>
                </div>
                <BudgetEditor categoryId={categoryId} label={label} month={month} refusal={refusalFor(categoryId)} />
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
