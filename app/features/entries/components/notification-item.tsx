import ChartColumnIcon from "lucide-react/icons/chart-column";
import GaugeIcon from "lucide-react/icons/gauge";
import HandCoinsIcon from "lucide-react/icons/hand-coins";
import PartyPopperIcon from "lucide-react/icons/party-popper";
import ReceiptIcon from "lucide-react/icons/receipt";
import UserPlusIcon from "lucide-react/icons/user-plus";
import { useTranslation } from "~/i18n/react";
import type { Language } from "~/domain/languages";
import { relativeTimeFormat } from "~/domain/intl-formats";
import { isMonthKey } from "~/domain/periods";
import { cn } from "~/lib/cn";
import { useFormat } from "~/features/household/components/use-app-shell";
import type { BudgetShellData } from "../budget-shell.server";
import { useCategories } from "./use-budget-shell";

type Item = BudgetShellData["notifications"]["items"][number];

function relativeTime(iso: string, language: Language): string {
  const seconds = (Date.parse(iso) - Date.now()) / 1000;
  const format = relativeTimeFormat(language, { numeric: "auto" });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ["day", 86_400],
    ["hour", 3_600],
    ["minute", 60],
  ];
  for (const [unit, size] of steps)
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  return format.format(0, "minute");
}

/** One notification in the header's list, written in the reader's language. */
export function NotificationItem({ item }: { item: Item }) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const categories = useCategories();
  const payload = item.payload;
  let icon = <ChartColumnIcon aria-hidden="true" className="size-4" />;
  let text: string;
  if (item.kind === "goalReached") {
    icon = <PartyPopperIcon aria-hidden="true" className="size-4" />;
    text = t("notifications.goalReached", { name: String(payload.name ?? "") });
  } else if (item.kind === "partnerJoined") {
    icon = <UserPlusIcon aria-hidden="true" className="size-4" />;
    text = t("notifications.partnerJoined", { name: String(payload.name ?? "") });
  } else if (item.kind === "settleUpRequested") {
    icon = <HandCoinsIcon aria-hidden="true" className="size-4" />;
    const month = String(payload.month ?? "");
    text = t("notifications.settleUpRequested", {
      name: String(payload.name ?? ""),
      month: isMonthKey(month) ? format.month(month) : "",
      from: String(payload.fromName ?? ""),
      to: String(payload.toName ?? ""),
      amount: format.money(Number(payload.amountMinor ?? 0)),
    });
  } else if (item.kind === "sharedExpense") {
    icon = <ReceiptIcon aria-hidden="true" className="size-4" />;
    const name = String(payload.name ?? "");
    const amount = format.money(Number(payload.amountMinor ?? 0));
    // One entry ("Pieter added a shared expense: Sofa, €899.00"), or one statement import's summary.
    if (typeof payload.count === "number") {
      text = t("notifications.sharedExpensesImported", {
        count: payload.count,
        name,
        amount,
        threshold: format.money(Number(payload.thresholdMinor ?? 0)),
      });
    } else {
      const description =
        String(payload.description ?? "") || categories.label(categories.byId(String(payload.categoryId ?? "")));
      text = t(name ? "notifications.sharedExpense" : "notifications.sharedExpensePosted", {
        name,
        description,
        amount,
      });
    }
  } else if (item.kind === "budgetPassed") {
    icon = <GaugeIcon aria-hidden="true" className="size-4" />;
    const month = String(payload.month ?? "");
    text = t("notifications.budgetPassed", {
      category: categories.label(categories.byId(String(payload.categoryId ?? ""))),
      month: isMonthKey(month) ? format.month(month) : "",
      spent: format.money(Number(payload.spentMinor ?? 0)),
      budget: format.money(Number(payload.budgetMinor ?? 0)),
    });
  } else {
    text = t("notifications.categoryOverUsual", {
      category: categories.label(categories.byId(String(payload.categoryId ?? ""))),
      amount: format.money(Number(payload.totalMinor ?? 0)),
      usual: format.money(Number(payload.usualMinor ?? 0)),
    });
  }
  return (
    <li className={cn("flex gap-3 px-4 py-3 text-sm", !item.read && "bg-secondary/50")}>
      <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="leading-snug">{text}</p>
        {/* "3 minutes ago" moves on between the server's render (or a kept page, decision 0030) and hydration. */}
        <p className="mt-1 text-xs text-muted-foreground" suppressHydrationWarning>
          {relativeTime(item.createdAt, format.language)}
        </p>
      </div>
    </li>
  );
}
