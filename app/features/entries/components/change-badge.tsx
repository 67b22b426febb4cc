import ArrowDownRightIcon from "lucide-react/icons/arrow-down-right";
import ArrowUpRightIcon from "lucide-react/icons/arrow-up-right";
import { useTranslation } from "~/i18n/react";
import { numberFormat } from "~/domain/intl-formats";
import { cn } from "~/lib/cn";
import { useFormat } from "~/features/household/components/use-app-shell";

/** "+10 % vs last month", "0 %" without an arrow; green when the change is good news and red when it is not; "—" when there is nothing to compare. */
export function ChangeBadge({
  change,
  good,
  points = false,
  label,
}: {
  change: number | null;
  good: boolean | null;
  points?: boolean;
  label?: string;
}) {
  const { t } = useTranslation("app");
  const format = useFormat();
  if (change === null || !Number.isFinite(change)) {
    return <span className="text-xs text-muted-foreground">{label ? t("change.noComparison") : "—"}</span>;
  }
  // Shown to one decimal: a change that rounds to "0 %" has no direction and is neither good nor bad news.
  const flat = Math.abs(change) < 0.0005;
  const Icon = flat ? null : change > 0 ? ArrowUpRightIcon : ArrowDownRightIcon;
  const tone = flat ? null : good;
  const value = points
    ? t("change.points", {
        value: numberFormat(format.language, { maximumFractionDigits: 1, signDisplay: "exceptZero" }).format(
          change * 100,
        ),
      })
    : format.percent(change, true);
  return (
    <span className="change">
      <span
        className={cn(
          "change-badge",
          tone === null && "change-flat",
          tone === true && "change-good",
          tone === false && "change-bad",
        )}
      >
        {Icon && <Icon aria-hidden="true" className="size-3.5" />}
        {value}
      </span>
      {label && <span className="text-muted-foreground">{label}</span>}
    </span>
  );
}
