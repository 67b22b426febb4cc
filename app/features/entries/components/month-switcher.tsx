import ChevronLeftIcon from "lucide-react/icons/chevron-left";
import ChevronRightIcon from "lucide-react/icons/chevron-right";
import { useTranslation } from "~/i18n/react";
import { Link, useLocation } from "react-router";
import { addMonths, monthOf, type MonthKey } from "~/domain/periods";
import { cn } from "~/lib/cn";
import { useAppShell, useFormat } from "~/features/household/components/use-app-shell";

/** Previous / next month as links that keep the page's other filters (but restart pagination). */
export function MonthSwitcher({ month, className }: { month: MonthKey; className?: string }) {
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
  const isCurrent = month === monthOf(today);
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
      <span className="min-w-32 flex-1 text-center text-sm font-semibold" aria-live="polite">
        {format.monthTitle(month)}
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
        <Link
          to={href(monthOf(today))}
          className="rounded-md px-2 py-1.5 text-xs font-medium text-primary hover:bg-secondary"
        >
          {t("month.today")}
        </Link>
      )}
    </div>
  );
}
