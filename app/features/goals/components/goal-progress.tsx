import PartyPopperIcon from "lucide-react/icons/party-popper";
import { useTranslation } from "~/i18n/react";
import { Progress } from "~/components/ui/progress";
import { cn } from "~/lib/cn";
import { useFormat } from "~/features/household/components/use-app-shell";

/** Name, saved of target, and a progress bar; a reached goal celebrates. */
export function GoalProgress({
  name,
  savedMinor,
  targetMinor,
  progress,
  reached,
  compact = false,
}: {
  name: string;
  savedMinor: number;
  targetMinor: number;
  progress: number;
  reached: boolean;
  compact?: boolean;
}) {
  const { t } = useTranslation("app");
  const format = useFormat();
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3">
        <span className={cn("truncate font-medium", compact ? "text-sm" : "text-base")}>{name}</span>
        {reached ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800">
            <PartyPopperIcon aria-hidden="true" className="size-3.5" />
            {t("goals.reached")}
          </span>
        ) : (
          <span className="shrink-0 text-xs font-semibold tabular-nums text-muted-foreground">
            {format.percent(progress)}
          </span>
        )}
      </div>
      <Progress
        value={progress * 100}
        aria-label={t("goals.progressLabel", {
          name,
          saved: format.money(savedMinor),
          target: format.money(targetMinor),
        })}
        className={cn(reached && "[&>div]:bg-emerald-600")}
      />
      {compact ? (
        <p className="text-xs text-muted-foreground">
          {t("goals.savedOfTarget", { saved: format.money(savedMinor), target: format.money(targetMinor) })}
        </p>
      ) : (
        <p className="flex flex-wrap items-baseline gap-x-1.5 text-sm text-muted-foreground">
          <span className="text-2xl font-semibold tabular-nums tracking-tight text-foreground">
            {format.money(savedMinor)}
          </span>
          <span>{t("goals.ofTarget", { target: format.money(targetMinor) })}</span>
        </p>
      )}
    </div>
  );
}
