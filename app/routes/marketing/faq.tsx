import { useTranslation } from "~/i18n/react";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { CtaBanner } from "~/features/marketing/components/cta-banner";
import { PageHeader } from "~/features/marketing/components/page-header";
import { SeoHead } from "~/features/marketing/components/seo-head";

export const handle = { i18n: ["marketing"] };

const questions = ["free", "premium", "partner", "bank", "security", "cancel", "languages", "devices", "advice"] as const;

export default function Faq() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <SeoHead path="/faq" title={t("seo.faq.title")} description={t("seo.faq.description")} />
      <PageHeader eyebrow={t("faq.eyebrow")} title={t("faq.title")} subtitle={t("faq.subtitle")} />
      <section aria-labelledby="faq-list-title" className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        {/* The accordion's questions are h3s; this keeps the outline h1 → h2 → h3 for screen readers. */}
        <h2 id="faq-list-title" className="sr-only">
          {t("faq.eyebrow")}
        </h2>
        {/* One answer open at a time, and the open one can be closed again (spec: single, collapsible). */}
        <Accordion type="single" collapsible className="rounded-2xl border bg-card px-5 shadow-sm sm:px-7">
          {questions.map((key, index) => (
            <AccordionItem key={key} value={key} className={index === questions.length - 1 ? "border-b-0" : undefined}>
              <AccordionTrigger className="py-5 text-base">{t(`faq.items.${key}.question`)}</AccordionTrigger>
              <AccordionContent className="pb-5 text-base leading-relaxed">{t(`faq.items.${key}.answer`)}</AccordionContent>
            </AccordionItem>
          ))}
        </Accordion>
      </section>
      <CtaBanner title={t("faq.cta.title")} text={t("faq.cta.text")} signupLabel={t("shared.startFree")} />
    </>
  );
}
