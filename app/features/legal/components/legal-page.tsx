import ArrowUpIcon from "lucide-react/icons/arrow-up";
import { useTranslation } from "~/i18n/react";
import { Link } from "react-router";
import { isLanguage, toRegionalLocale } from "~/domain/languages";
import {
  formatLegalDate,
  legalDocumentPaths,
  legalLastUpdated,
  readLegalSections,
  type LegalBlock,
  type LegalDocumentKind,
} from "../legal-document";
import { LegalText } from "./legal-text";
import { PrintButton } from "./print-button";
import { TableOfContents } from "./table-of-contents";

interface LegalPageProps {
  kind: LegalDocumentKind;
  /** Absolute URL of this page on the public origin (PUBLIC_URL), computed by the route's loader. */
  canonicalUrl: string;
}

function Block({ block }: { block: LegalBlock }) {
  if (typeof block === "string") {
    return (
      <p>
        <LegalText text={block} />
      </p>
    );
  }
  return (
    <ul className="list-disc space-y-2 pl-5 marker:text-primary/70">
      {block.map((item, index) => (
        <li key={index} className="pl-1">
          <LegalText text={item} />
        </li>
      ))}
    </ul>
  );
}

/** The privacy policy or the terms: title, date, contents, numbered sections and a print-to-PDF button. */
export function LegalPage({ kind, canonicalUrl }: LegalPageProps) {
  const { t, i18n } = useTranslation("legal");
  const language = isLanguage(i18n.language) ? i18n.language : "en";
  const sections = readLegalSections(kind, t(`${kind}.sections`, { returnObjects: true }));
  const otherKind: LegalDocumentKind = kind === "privacy" ? "terms" : "privacy";
  const title = t(`${kind}.title`);
  const description = t(`${kind}.metaDescription`);

  return (
    <article
      id="top"
      className="print-document mx-auto max-w-6xl px-4 wrap-break-word py-10 sm:px-6 sm:py-14 lg:py-16 print:max-w-none print:p-0"
    >
      <title>{t(`${kind}.metaTitle`)}</title>
      <meta name="description" content={description} />
      <meta name="robots" content="index, follow" />
      <link rel="canonical" href={canonicalUrl} />
      <meta property="og:type" content="website" />
      <meta property="og:site_name" content="Samen" />
      <meta property="og:locale" content={toRegionalLocale(language).replace("-", "_")} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={canonicalUrl} />

      <header className="border-b pb-8 print:pb-6">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary print:text-foreground">
          {t("common.eyebrow")}
        </p>
        <h1 className="mt-2 text-[1.625rem] leading-tight font-bold tracking-tight text-balance hyphens-auto sm:text-4xl">
          {title}
        </h1>
        <p className="mt-3 text-sm text-muted-foreground">
          <time dateTime={legalLastUpdated}>
            {t("common.lastUpdated", { date: formatLegalDate(legalLastUpdated, language) })}
          </time>
        </p>
        <p className="mt-5 max-w-[62ch] text-base leading-relaxed sm:text-lg text-pretty text-muted-foreground print:text-base">
          {t(`${kind}.summary`)}
        </p>
        <p className="mt-2 hidden text-sm text-muted-foreground print:block">{canonicalUrl}</p>
        <div className="mt-6">
          <PrintButton />
        </div>
      </header>

      <div className="mt-8 lg:mt-12 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14 print:mt-6 print:block">
        <TableOfContents sections={sections} />

        <div className="mt-8 max-w-[70ch] lg:mt-0 print:mt-0 print:max-w-none">
          {sections.map((section, index) => (
            <section
              key={section.key}
              aria-labelledby={section.anchor}
              className="mt-8 scroll-mt-24 border-t pt-8 first:mt-0 first:border-t-0 first:pt-0 print:mt-5 print:pt-5"
            >
              <h2
                id={section.anchor}
                className="text-xl font-semibold tracking-tight text-balance hyphens-auto sm:text-2xl print:break-after-avoid print:text-lg"
              >
                <span className="mr-2 tabular-nums text-primary print:text-foreground">{index + 1}.</span>
                {section.title}
              </h2>
              <div className="mt-4 space-y-4 leading-7 text-foreground/90 print:text-sm print:leading-6">
                {section.blocks.map((block, blockIndex) => (
                  <Block key={blockIndex} block={block} />
                ))}
              </div>
            </section>
          ))}

          <footer className="mt-12 flex flex-col gap-4 rounded-xl bg-secondary/60 p-5 text-sm sm:flex-row sm:items-center sm:justify-between print:hidden">
            <p className="text-secondary-foreground">
              {t("common.seeAlso")}{" "}
              <Link
                to={legalDocumentPaths[otherKind]}
                className="font-medium text-primary underline underline-offset-4"
              >
                {t(`${otherKind}.title`)}
              </Link>
            </p>
            <a href="#top" className="inline-flex items-center gap-1.5 font-medium text-primary hover:underline">
              <ArrowUpIcon aria-hidden="true" className="size-4" />
              {t("common.backToTop")}
            </a>
          </footer>
        </div>
      </div>
    </article>
  );
}
