import { useTranslation } from "~/i18n/react";
import { Audience } from "~/features/marketing/components/audience";
import { CtaBanner } from "~/features/marketing/components/cta-banner";
import { FeatureHighlights } from "~/features/marketing/components/feature-highlights";
import { Hero } from "~/features/marketing/components/hero";
import { PricingSection } from "~/features/marketing/components/pricing-section";
import { ProblemSolution } from "~/features/marketing/components/problem-solution";
import { ScreenshotGallery } from "~/features/marketing/components/screenshot-gallery";
import { SeoHead } from "~/features/marketing/components/seo-head";
import { Testimonials } from "~/features/marketing/components/testimonials";

export const handle = { i18n: ["marketing"] };

export default function Home() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <SeoHead path="/" title={t("seo.home.title")} description={t("seo.home.description")} />
      <Hero />
      <ProblemSolution />
      <FeatureHighlights />
      <ScreenshotGallery />
      <Audience />
      <PricingSection />
      <Testimonials />
      <CtaBanner
        id="closing-title"
        title={t("home.closing.title")}
        text={t("home.closing.text")}
        signupLabel={t("shared.startFree")}
        secondary={{ label: t("home.closing.secondary"), to: "/pricing" }}
      />
    </>
  );
}
