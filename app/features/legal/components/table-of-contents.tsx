import ChevronDownIcon from "lucide-react/icons/chevron-down";
import { useTranslation } from "~/i18n/react";
import type { LegalSection } from "../legal-document";

function SectionLinks({ sections }: { sections: LegalSection[] }) {
  return (
    <ol className="space-y-0.5 text-sm">
      {sections.map((section, index) => (
        <li key={section.key}>
          <a
            href={`#${section.anchor}`}
            className="flex gap-2 rounded-md px-2 py-1.5 leading-snug text-muted-foreground transition-colors hover:bg-secondary hover:text-secondary-foreground"
          >
            <span className="w-6 shrink-0 whitespace-nowrap text-right tabular-nums text-primary" aria-hidden="true">
              {index + 1}.
            </span>
            <span>{section.title}</span>
          </a>
        </li>
      ))}
    </ol>
  );
}

/**
 * Contents as a sticky sidebar on wide screens and a closed disclosure on narrow ones,
 * so fourteen links do not push the text a whole screen down on a phone.
 * Only one of the two is rendered visibly at a time; neither prints.
 */
export function TableOfContents({ sections }: { sections: LegalSection[] }) {
  const { t } = useTranslation("legal");
  return (
    <>
      <details className="group rounded-lg border bg-card lg:hidden print:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between gap-3 px-4 py-3 text-sm font-semibold [&::-webkit-details-marker]:hidden">
          {t("common.contents")}
          <ChevronDownIcon
            aria-hidden="true"
            className="size-4 text-muted-foreground transition-transform group-open:rotate-180"
          />
        </summary>
        <nav aria-label={t("common.contents")} className="border-t px-2 py-3">
          <SectionLinks sections={sections} />
        </nav>
      </details>
      <nav
        aria-labelledby="legal-contents-heading"
        className="hidden lg:sticky lg:top-24 lg:block lg:max-h-[calc(100dvh-7rem)] lg:self-start lg:overflow-y-auto print:hidden"
      >
        <h2
          id="legal-contents-heading"
          className="px-2 text-xs font-semibold uppercase tracking-wider text-muted-foreground"
        >
          {t("common.contents")}
        </h2>
        <div className="mt-3">
          <SectionLinks sections={sections} />
        </div>
      </nav>
    </>
  );
}
