import ChevronLeftIcon from "lucide-react/icons/chevron-left";
import ChevronRightIcon from "lucide-react/icons/chevron-right";
import { useTranslation } from "~/i18n/react";
import { Link, useLocation } from "react-router";
import { addMonths, monthOf, type MonthKey } from "~/domain/periods";
import { cn } from "~/lib/cn";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";

/**
 * Previous / next month as links that keep the page's other filters (but restart pagination). A month that starts on
 * the household's payday (the dashboard, decision 0021) shows its days under its name, formatted by the server.
 */
export function MonthSwitcher({
  month,
  currentMonth,
  days,
  className,
}: {
  month: MonthKey;
  /** The month that holds today, when it is not the calendar one: a pay period's. */
  currentMonth?: MonthKey;
  /** "November 25 – December 24": a pay period's days; null or absent for a calendar month. */
  days?: string | null;
  className?: string;
}) {
  const { t } = useTranslation("app");
  const format = useFormat();
  const { today } = useAppShell();
  const location = useLocation();
  const href = (target: MonthKey) => {
    const params = new URLSearchParams(location.search);
    params.set("month", target);
    params.delete("cursor");
    return `${location.pathname}?${params.toString()}`;
  };
  const current = currentMonth ?? monthOf(today);
  const isCurrent = month === current;
  return (
    <div className={cn("flex items-center gap-1 rounded-lg border bg-card p-1 shadow-xs", className)}>
      <Link
        to={href(addMonths(month, -1))}
        className="flex size-9 items-center justify-center rounded-md hover:bg-secondary"
        aria-label={t("month.previous")}
        preventScrollReset
      >
        <ChevronLeftIcon aria-hidden="true" className="size-4" />
      </Link>
      <span className="flex min-w-32 flex-1 flex-col text-center text-sm font-semibold" aria-live="polite">
        {format.monthTitle(month)}
        {days && (
          <span className="text-xs font-normal text-muted-foreground" data-testid="period-days">
            {days}
          </span>
        )}
      </span>
      <Link
        to={href(addMonths(month, 1))}
        className="flex size-9 items-center justify-center rounded-md hover:bg-secondary"
        aria-label={t("month.next")}
        preventScrollReset
      >
        <ChevronRightIcon aria-hidden="true" className="size-4" />
      </Link>
      {!isCurrent && (
        <Link to={href(current)} className="rounded-md px-2 py-1.5 text-xs font-medium text-primary hover:bg-secondary">
          {t("month.today")}
        </Link>
      )}
    </div>
  );
}
