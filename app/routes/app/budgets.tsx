import GaugeIcon from "lucide-react/icons/gauge";
import { useTranslation } from "~/i18n/react";
import type { Route } from "./+types/budgets";
import { Card } from "~/components/ui/card";
import { forLoader, requestedMonth, requireAppContext } from "~/features/household/app-context.server";
import { AppErrorBoundary } from "~/features/household/components/app-error-boundary";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";
import { MonthSwitcher } from "~/features/entries/components/month-switcher";
import { useCategoryLook } from "~/features/entries/components/category-look";
import { useCategories } from "~/features/entries/components/use-budget-shell";
import { handleBudgetAction } from "~/features/budgets/budget-actions.server";
import { monthBudgets } from "~/features/budgets/budgets.server";
import { BudgetCategoryCard } from "~/features/budgets/components/budget-category-card";
import type { BudgetRefusal } from "~/features/budgets/components/budget-editor";
import { BudgetSummary } from "~/features/budgets/components/budget-summary";
import { UnbudgetedCategories } from "~/features/budgets/components/unbudgeted-categories";
import { PageHeader } from "~/components/ui/page-header";

export const handle = { i18n: ["app", "budgets"] };

export async function loader({ request }: Route.LoaderArgs) {
  const context = await requireAppContext(request);
  return forLoader(() =>
    monthBudgets({
      userId: context.user.id,
      householdId: context.householdId,
      month: requestedMonth(request, context.today),
    }),
  );
}

export async function action({ request }: Route.ActionArgs) {
  return handleBudgetAction(request);
}

export const ErrorBoundary = AppErrorBoundary;

export default function Budgets({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("budgets");
  const shell = useAppShell();
  const format = useFormat();
  const categories = useCategories();
  const look = useCategoryLook();
  const { month, totals, averages } = loaderData;
  const canWrite = shell.household.canWrite;
  const budgeted = loaderData.categories.toSorted((a, b) =>
    look(a.categoryId).label.localeCompare(look(b.categoryId).label, format.language),
  );
  const budgetedIds = new Set(budgeted.map((item) => item.categoryId));
  const unbudgeted = categories
    .ofKind("expense")
    .map((category) => category.id)
    .filter((categoryId) => !budgetedIds.has(categoryId));
  // A form posted without JavaScript comes back as the page's action data: it belongs to the category it names.
  const refusal: BudgetRefusal | undefined =
    actionData && !actionData.ok && "categoryId" in actionData ? actionData : undefined;
  const refusalFor = (categoryId: string) => (refusal?.categoryId === categoryId ? refusal : undefined);

  return (
    <div className="flex flex-col gap-5">
      <title>{`${t("title")} · Samen`}</title>
      <PageHeader title={t("title")} subtitle={t("subtitle")}>
        <MonthSwitcher month={month} className="sm:self-end" />
      </PageHeader>

      {budgeted.length === 0 ? (
        <Card className="flex items-start gap-4 p-5" data-testid="budgets-empty">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
            <GaugeIcon aria-hidden="true" className="size-5" />
          </span>
          <p className="text-sm text-muted-foreground sm:text-base">{t("empty")}</p>
        </Card>
      ) : (
        <>
          <BudgetSummary totals={totals} />
          <section className="flex flex-col gap-3" aria-labelledby="budgeted-title">
            <h2 id="budgeted-title" className="text-lg font-semibold">
              {t("budgetedTitle")}
            </h2>
            <ul className="grid gap-4 lg:grid-cols-2">
              {budgeted.map((item) => (
                <li key={item.categoryId}>
                  <BudgetCategoryCard
                    item={item}
                    look={look}
                    canWrite={canWrite}
                    refusal={refusalFor(item.categoryId)}
                  />
                </li>
              ))}
            </ul>
          </section>
        </>
      )}

      {canWrite && (
        <UnbudgetedCategories
          categoryIds={unbudgeted}
          averages={averages}
          look={look}
          month={month}
          refusalFor={refusalFor}
        />
      )}
    </div>
  );
}
