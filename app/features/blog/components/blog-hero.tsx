import RssIcon from "lucide-react/icons/rss";
import { useTranslation } from "~/i18n/react";
import { blogPath, type Language } from "~/domain/languages";

export function BlogHero({ language }: { language: Language }) {
  const { t } = useTranslation("blog");
  return (
    <div className="bg-gradient-to-b from-secondary/70 via-secondary/30 to-background">
      <div className="mx-auto max-w-6xl px-4 pb-8 pt-14 sm:px-6 sm:pb-10 sm:pt-20">
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{t("hero.eyebrow")}</p>
        <h1 className="mt-3 max-w-3xl text-balance text-4xl font-bold tracking-tight sm:text-5xl">{t("hero.title")}</h1>
        <p className="mt-4 max-w-2xl text-pretty text-lg text-muted-foreground">{t("hero.description")}</p>
        <a
          href={`${blogPath(language)}/rss.xml`}
          className="mt-5 inline-flex items-center gap-1.5 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <RssIcon aria-hidden="true" className="size-4" />
          {t("hero.rss")}
        </a>
      </div>
    </div>
  );
}
