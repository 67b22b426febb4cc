import AlertTriangleIcon from "lucide-react/icons/triangle-exclamation-point";
import HourglassIcon from "lucide-react/icons/hourglass";
import PlugZapIcon from "lucide-react/icons/plug-zap";
import { useTranslation } from "~/i18n/react";
import { classifyTranslationError } from "~/features/translation/translation-errors";
import { cn } from "~/lib/cn";

const copy = {
  quota: {
    title: "translation.errors.quotaTitle",
    description: "translation.errors.quotaDescription",
    icon: AlertTriangleIcon,
  },
  "rate-limit": {
    title: "translation.errors.rateLimitTitle",
    description: "translation.errors.rateLimitDescription",
    icon: HourglassIcon,
  },
  "not-configured": {
    title: "translation.errors.notConfiguredTitle",
    description: "translation.errors.notConfiguredDescription",
    icon: PlugZapIcon,
  },
  generic: {
    title: "translation.errors.genericTitle",
    description: "translation.errors.genericDescription",
    icon: AlertTriangleIcon,
  },
} as const;

/** The spec's translation error UI: quota, rate-limit or generic title and description for an error message. */
export function TranslationErrorNotice({ message, className }: { message: string; className?: string }) {
  const { t } = useTranslation("blog");
  const kind = classifyTranslationError(message);
  const {
    title,
    description,
    icon: Icon,
  } = kind === "quota" || kind === "rate-limit" || kind === "not-configured" ? copy[kind] : copy.generic;
  return (
    <div
      role="alert"
      data-error-kind={kind}
      className={cn(
        "flex gap-3 rounded-xl border p-4 text-sm",
        kind === "rate-limit" || kind === "not-configured"
          ? "border-warning/40 bg-accent/50"
          : "border-destructive/40 bg-destructive/5",
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 size-4 shrink-0", kind === "rate-limit" ? "text-warning" : "text-destructive")}
      />
      <div>
        <p className="font-semibold">{t(title)}</p>
        <p className="mt-1 text-muted-foreground">{t(description)}</p>
      </div>
    </div>
  );
}
