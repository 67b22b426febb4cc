import { useTranslation } from "~/i18n/react";
import { PricingPlans } from "./pricing-plans";
import { Section, SectionHeader } from "./section";

/** The home page's pricing block; the hero's "see pricing" jumps here. */
export function PricingSection() {
  const { t } = useTranslation("marketing");
  return (
    <Section
      id="pricing"
      tone="tinted"
      aria-labelledby="pricing-title"
      className="scroll-mt-16 md:scroll-mt-28 xl:scroll-mt-16"
    >
      <SectionHeader
        id="pricing-title"
        eyebrow={t("pricing.eyebrow")}
        title={t("pricing.title")}
        subtitle={t("pricing.subtitle")}
      />
      <div className="mt-12">
        <PricingPlans />
      </div>
      <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-muted-foreground">{t("pricing.note")}</p>
    </Section>
  );
}
