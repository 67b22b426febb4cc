import { SectionHeader } from "./section";

/** The top of a marketing sub-page: eyebrow, the page's h1 and an introduction, on a soft wash. */
export function PageHeader({ eyebrow, title, subtitle }: { eyebrow?: string; title: string; subtitle?: string }) {
  return (
    <div className="bg-gradient-to-b from-secondary/60 to-background">
      <div className="mx-auto max-w-6xl px-4 pb-6 pt-14 sm:px-6 sm:pb-8 sm:pt-20">
        <SectionHeader as="h1" eyebrow={eyebrow} title={title} subtitle={subtitle} />
      </div>
    </div>
  );
}
