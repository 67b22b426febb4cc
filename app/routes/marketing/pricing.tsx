import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { PageHeader } from "~/features/marketing/components/page-header";
import { PlanComparisonTable } from "~/features/marketing/components/plan-comparison-table";
import { PricingPlans } from "~/features/marketing/components/pricing-plans";
import { SeoHead } from "~/features/marketing/components/seo-head";

export const handle = { i18n: ["marketing"] };

export default function Pricing() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <SeoHead path="/pricing" title={t("seo.pricing.title")} description={t("seo.pricing.description")} />
      <PageHeader eyebrow={t("pricing.eyebrow")} title={t("pricing.title")} subtitle={t("pricing.subtitle")} />
      <section aria-label={t("pricing.eyebrow")} className="px-4 pb-20 pt-8 sm:px-6 sm:pb-28 sm:pt-12">
        <PricingPlans planHeading="h2" />
        <PlanComparisonTable />
        <p className="mx-auto mt-8 max-w-2xl text-center text-sm text-muted-foreground">{t("pricing.note")}</p>
        <p className="mt-6 text-center text-sm">
          {t("pricing.questions")}{" "}
          <Link to="/faq" className="font-medium text-primary underline underline-offset-4">
            {t("pricing.questionsLink")}
          </Link>
        </p>
      </section>
    </>
  );
}
