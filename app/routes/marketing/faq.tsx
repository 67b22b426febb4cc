import ChevronDownIcon from "lucide-react/icons/chevron-down";
import { useTranslation } from "~/i18n/react";
import { CtaBanner } from "~/features/marketing/components/cta-banner";
import { PageHeader } from "~/features/marketing/components/page-header";
import { SeoHead } from "~/features/marketing/components/seo-head";
import { planLimits } from "~/domain/plans";
import { cn } from "~/lib/cn";

export const handle = { i18n: ["marketing"] };

const questions = [
  "free",
  "premium",
  "partner",
  "fairShare",
  "bank",
  "categorise",
  "safeToSpend",
  "security",
  "cancel",
  "languages",
  "devices",
  "advice",
] as const;

export default function Faq() {
  const { t } = useTranslation("marketing");
  return (
    <>
      <SeoHead path="/faq" title={t("seo.faq.title")} description={t("seo.faq.description")} />
      <PageHeader eyebrow={t("faq.eyebrow")} title={t("faq.title")} subtitle={t("faq.subtitle")} />
      <section aria-labelledby="faq-list-title" className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-12">
        <h2 id="faq-list-title" className="sr-only">
          {t("faq.eyebrow")}
        </h2>
        {/*
          One answer open at a time, and the open one can be closed again (spec: single, collapsible). Native
          disclosures sharing a name do exactly that with no JavaScript: the answers are in the HTML for search
          engines and work before the page hydrates.
        */}
        <div className="rounded-2xl border bg-card px-5 shadow-sm sm:px-7">
          {questions.map((key, index) => (
            <details
              key={key}
              name="faq"
              className={cn("group border-b", index === questions.length - 1 && "border-b-0")}
            >
              <summary className="-mx-2 flex cursor-pointer list-none items-center justify-between gap-4 rounded-md px-2 py-5 text-left text-base font-medium transition-colors hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring [&::-webkit-details-marker]:hidden">
                {t(`faq.items.${key}.question`)}
                <ChevronDownIcon
                  className="size-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
                  aria-hidden="true"
                />
              </summary>
              <p className="pb-5 text-base leading-relaxed text-muted-foreground">
                {t(`faq.items.${key}.answer`, { ...planLimits("free") })}
              </p>
            </details>
          ))}
        </div>
      </section>
      <CtaBanner title={t("faq.cta.title")} text={t("faq.cta.text")} signupLabel={t("shared.startFree")} />
    </>
  );
}
