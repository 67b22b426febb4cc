import ArrowDownLeftIcon from "lucide-react/icons/arrow-down-left";
import ArrowUpRightIcon from "lucide-react/icons/arrow-up-right";
import PercentIcon from "lucide-react/icons/percent";
import ScaleIcon from "lucide-react/icons/scale";
import type { LucideIcon } from "lucide-react";
import { useTranslation } from "~/i18n/react";
import { Card } from "~/components/ui/card";
import type { Summary } from "~/domain/summary";
import { cn } from "~/lib/cn";
import { ChangeBadge } from "./change-badge";
import { useFormat } from "~/features/household/components/use-app-shell";

/** Total income, Total expenses, Net amount and Savings rate, each against the previous month (`changeLabel` says which days). */
/**
 * The month's income, spending, net and savings rate. `pending`: what this device's outbox adds (entries typed offline,
 * issue 25), counted in and marked with an asterisk until the server has them.
 */
export function SummaryCards({
  summary,
  changeLabel,
  pending = { incomeMinor: 0, expensesMinor: 0 },
}: {
  summary: Summary;
  changeLabel: string;
  pending?: { incomeMinor: number; expensesMinor: number };
}) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const mark = (minor: number) => (minor > 0 ? "*" : "");
  const cards: {
    key: string;
    label: string;
    value: string;
    icon: LucideIcon;
    tone: string;
    change: number | null;
    good: boolean | null;
    points?: boolean;
  }[] = [
    {
      key: "income",
      label: t("summary.income"),
      value: format.money(summary.income.value + pending.incomeMinor) + mark(pending.incomeMinor),
      icon: ArrowDownLeftIcon,
      tone: "bg-emerald-50 text-emerald-700",
      change: summary.income.change,
      good: summary.income.changeIsGood,
    },
    {
      key: "expenses",
      label: t("summary.expenses"),
      value: format.money(summary.expenses.value + pending.expensesMinor) + mark(pending.expensesMinor),
      icon: ArrowUpRightIcon,
      tone: "bg-orange-50 text-orange-700",
      change: summary.expenses.change,
      good: summary.expenses.changeIsGood,
    },
    {
      key: "net",
      label: t("summary.net"),
      value:
        format.money(summary.net.value + pending.incomeMinor - pending.expensesMinor) +
        mark(pending.incomeMinor + pending.expensesMinor),
      icon: ScaleIcon,
      tone: "bg-sky-50 text-sky-700",
      change: summary.net.change,
      good: summary.net.changeIsGood,
    },
    {
      key: "savingsRate",
      label: t("summary.savingsRate"),
      value: format.percent(summary.savingsRate.value),
      icon: PercentIcon,
      tone: "bg-violet-50 text-violet-700",
      change: summary.savingsRate.change,
      good: summary.savingsRate.changeIsGood,
      points: true,
    },
  ];
  const pendingMinor = pending.incomeMinor + pending.expensesMinor;
  return (
    <div className="flex flex-col gap-2">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {cards.map((card) => (
          <Card key={card.key} className="flex flex-col gap-2 p-4 sm:p-5" data-testid={`card-${card.key}`}>
            <div className="flex items-center justify-between gap-2">
              <h2 className="figure-label">{card.label}</h2>
              <span className={cn("figure-icon", card.tone)} aria-hidden="true">
                <card.icon className="size-4" />
              </span>
            </div>
            <p
              className={cn("figure-value", card.key === "net" && summary.net.value < 0 && "text-red-700")}
              data-testid="card-value"
            >
              {card.value}
            </p>
            <ChangeBadge change={card.change} good={card.good} points={card.points} label={changeLabel} />
          </Card>
        ))}
      </div>
      {pendingMinor > 0 && (
        <p className="text-xs text-muted-foreground" data-testid="summary-pending">
          {`* ${t("offline.pending.inTotal", { amount: format.money(pendingMinor) })}`}
        </p>
      )}
    </div>
  );
}
