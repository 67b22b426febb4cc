import ChartNoAxesCombinedIcon from "lucide-react/icons/chart-no-axes-combined";
import CrownIcon from "lucide-react/icons/crown";
import FileDownIcon from "lucide-react/icons/file-down";
import HandCoinsIcon from "lucide-react/icons/hand-coins";
import PaletteIcon from "lucide-react/icons/palette";
import TargetIcon from "lucide-react/icons/target";
import UsersIcon from "lucide-react/icons/users";
import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { can, type Feature } from "~/domain/plans";
import { useOptionalAppShell } from "~/features/household/components/use-app-shell";
import { cn } from "~/lib/cn";

/** The premium features a free user can run into, each with its own explanation. */
export type GatedFeature = "customCategories" | "partners" | "exports" | "reports" | "goals" | "fairShare";

const gated: Record<GatedFeature, { feature: Feature; icon: LucideIcon }> = {
  customCategories: { feature: "categories.custom", icon: PaletteIcon },
  partners: { feature: "partners.invite", icon: UsersIcon },
  exports: { feature: "export.transactions", icon: FileDownIcon },
  reports: { feature: "reports.allPeriods", icon: ChartNoAxesCombinedIcon },
  goals: { feature: "goals.deadline", icon: TargetIcon },
  fairShare: { feature: "sharing.fairShare", icon: HandCoinsIcon },
};

interface PremiumGateProps {
  feature: GatedFeature;
  /** What a premium household sees. Without children the gate only ever shows its explanation. */
  children?: ReactNode;
  /** Overrides the plan check (the app shell's household plan) when the page knows better. */
  allowed?: boolean;
  /** A smaller card, for inside another section. */
  compact?: boolean;
  className?: string;
}

/**
 * What a free user meets instead of a premium feature: what it does, and a way to get it. Never an error page.
 * The server refuses the feature on its own; this only explains and offers the upgrade (to the owner; a partner
 * is told who can upgrade).
 */
export function PremiumGate({ feature, children, allowed, compact, className }: PremiumGateProps) {
  const { t } = useTranslation("premium");
  const shell = useOptionalAppShell();
  const plan = shell?.household.plan ?? "free";
  const open = allowed ?? can(plan, gated[feature].feature);
  if (open && children !== undefined) return <>{children}</>;
  const Icon = gated[feature].icon;
  const isOwner = (shell?.household.role ?? "owner") === "owner";
  return (
    <section
      aria-labelledby={`premium-gate-${feature}`}
      className={cn(
        "rounded-xl border border-dashed border-primary/40 bg-secondary/40",
        compact ? "p-4" : "p-6",
        className,
      )}
      data-premium-gate={feature}
    >
      <div className={cn("flex gap-4", compact ? "items-start" : "flex-col items-start sm:flex-row")}>
        <span
          className={cn(
            "shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary",
            compact ? "hidden size-9 sm:flex" : "flex size-12",
          )}
        >
          <Icon aria-hidden="true" className={compact ? "size-4" : "size-6"} />
        </span>
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 id={`premium-gate-${feature}`} className={cn("font-semibold", compact ? "text-sm" : "text-lg")}>
              {t(`gate.features.${feature}.title`)}
            </h2>
            <Badge variant="accent">
              <CrownIcon aria-hidden="true" className="size-3" />
              {t("gate.badge")}
            </Badge>
          </div>
          <p className="text-sm text-muted-foreground">{t(`gate.features.${feature}.text`)}</p>
          {isOwner ? (
            <div className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-2">
              <Button asChild size={compact ? "sm" : "default"}>
                <Link to={`/app/upgrade?feature=${feature}`}>
                  <CrownIcon aria-hidden="true" />
                  {t("gate.cta")}
                </Link>
              </Button>
              <span className="text-xs text-muted-foreground">
                {t("gate.price", { price: t("plans.premium.price") })}
              </span>
            </div>
          ) : (
            <p className="text-sm font-medium">{t("gate.ownerOnly")}</p>
          )}
        </div>
      </div>
    </section>
  );
}
