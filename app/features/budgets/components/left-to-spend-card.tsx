import ArrowRightIcon from "lucide-react/icons/arrow-right";
import GaugeIcon from "lucide-react/icons/gauge";
import { Link } from "react-router";
import { useTranslation } from "~/i18n/react";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import type { BudgetTotals, CategoryBudgetMonth } from "~/domain/budgets";
import { cn } from "~/lib/cn";
import { useFormat } from "~/features/household/components/use-app-shell";
import { budgetsPath } from "../budgets-path";
import { BudgetProgress, type CategoryLook } from "./budget-progress";

/** The dashboard's budgets: left to spend this month and each budgeted category's spent of its limit. */
export function LeftToSpendCard({
  month,
  totals,
  categories,
  look,
}: {
  month: string;
  totals: BudgetTotals;
  categories: CategoryBudgetMonth[];
  look: CategoryLook;
}) {
  const { t } = useTranslation("budgets");
  const format = useFormat();
  const overspent = totals.leftMinor < 0;
  return (
    <Card data-testid="left-to-spend">
      <CardHeader className="flex-row items-center justify-between gap-2 space-y-0 pb-2">
        <CardTitle as="h2" className="text-base">
          {t("dashboard.title")}
        </CardTitle>
        <Link to={budgetsPath(month)} className="text-sm font-medium text-primary hover:underline">
          {t("dashboard.open")}
        </Link>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div>
          <p
            className={cn("text-2xl font-semibold tabular-nums tracking-tight", overspent && "text-amber-800")}
            data-testid="left-to-spend-value"
          >
            {overspent
              ? t("dashboard.overspent", { amount: format.money(-totals.leftMinor) })
              : format.money(totals.leftMinor)}
          </p>
          <p className="text-sm text-muted-foreground">
            {t("dashboard.spentOfBudgeted", {
              spent: format.money(totals.spentMinor),
              budgeted: format.money(totals.limitMinor + totals.carryMinor),
            })}
          </p>
        </div>
        <ul className="grid gap-x-8 gap-y-4 sm:grid-cols-2">
          {categories.map((item) => (
            <li key={item.categoryId}>
              <BudgetProgress item={item} look={look} compact />
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** With no budget yet: a small, calm invitation to set one (only for those who may). */
export function BudgetInvitationCard() {
  const { t } = useTranslation("budgets");
  return (
    <Card className="flex flex-col gap-3 p-5 sm:flex-row sm:items-center" data-testid="budget-invitation">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-secondary text-primary">
        <GaugeIcon aria-hidden="true" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 className="font-semibold">{t("dashboard.invitationTitle")}</h2>
        <p className="text-sm text-muted-foreground">{t("dashboard.invitationText")}</p>
      </div>
      <Button asChild variant="outline" className="shrink-0 sm:self-center">
        <Link to="/app/budgets">
          {t("dashboard.invitationButton")}
          <ArrowRightIcon aria-hidden="true" />
        </Link>
      </Button>
    </Card>
  );
}
