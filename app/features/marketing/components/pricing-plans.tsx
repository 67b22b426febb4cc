import CheckIcon from "lucide-react/icons/check";
import { useTranslation } from "~/i18n/react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { planLimits } from "~/domain/plans";
import { cn } from "~/lib/cn";
import { AppLink } from "./app-link";

/**
 * The spec's two plans. Names, prices and feature lines come from the translations, so each locale writes 4,99 its own
 * way, and a line that names a limit ("up to 10 rules") reads it from the plan. Feature lines are whole keys: built
 * from the plan's key, TypeScript would pair every plan with every feature.
 */
const plans = [
  {
    key: "free",
    features: [
      "pricing.free.features.track",
      "pricing.free.features.import",
      "pricing.free.features.overview",
      "pricing.free.features.budgets",
      "pricing.free.features.rules",
      "pricing.free.features.language",
    ],
    featured: false,
  },
  {
    key: "premium",
    features: [
      "pricing.premium.features.everything",
      "pricing.premium.features.unlimited",
      "pricing.premium.features.goals",
      "pricing.premium.features.analytics",
      "pricing.premium.features.export",
      "pricing.premium.features.partner",
      "pricing.premium.features.fairShare",
    ],
    featured: true,
  },
] as const;

interface PricingPlansProps {
  /** h3 when the cards sit under a section heading, h2 on the pricing page itself. */
  planHeading?: "h2" | "h3";
}

export function PricingPlans({ planHeading: Heading = "h3" }: PricingPlansProps) {
  const { t } = useTranslation("marketing");
  return (
    <ul className="mx-auto grid max-w-4xl gap-6 md:grid-cols-2">
      {plans.map((plan) => {
        const headingId = `plan-${plan.key}`;
        return (
          <li
            key={plan.key}
            className={cn(
              "relative flex flex-col rounded-3xl border bg-card p-7 shadow-sm sm:p-8",
              plan.featured && "border-primary/40 shadow-lg shadow-primary/10 ring-1 ring-primary/30",
            )}
            data-plan={plan.key}
          >
            <div className="flex items-center justify-between gap-3">
              <Heading id={headingId} className="text-xl font-semibold">
                {t(`pricing.${plan.key}.name`)}
              </Heading>
              {plan.featured && <Badge>{t("shared.mostPopular")}</Badge>}
            </div>
            <p className="mt-2 text-sm text-muted-foreground">{t(`pricing.${plan.key}.description`)}</p>
            <p className="mt-6 flex items-baseline gap-2">
              <span className="text-4xl font-semibold tracking-tight" data-testid={`price-${plan.key}`}>
                {t(`pricing.${plan.key}.price`)}
              </span>
              <span className="text-sm text-muted-foreground">{t("shared.perMonth")}</span>
            </p>
            <ul className="mt-6 flex flex-1 flex-col gap-3 border-t pt-6">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-3 text-sm">
                  <CheckIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  <span>{t(feature, { ...planLimits(plan.key) })}</span>
                </li>
              ))}
            </ul>
            <Button asChild size="lg" variant={plan.featured ? "default" : "outline"} className="mt-8 w-full">
              <AppLink to="/signup">{t(`pricing.${plan.key}.cta`)}</AppLink>
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
