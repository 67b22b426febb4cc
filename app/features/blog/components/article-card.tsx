import CalendarIcon from "lucide-react/icons/calendar";
import LanguagesIcon from "lucide-react/icons/languages";
import LoaderCircleIcon from "lucide-react/icons/loader-circle";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, useActionData, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Skeleton } from "~/components/ui/skeleton";
import { blogPath, toBcp47, type Language } from "~/domain/languages";
import type { BlogCard, CardArticle } from "../blog-article";
import type { blogListAction } from "../blog-actions.server";
import { formatLongDate, languageDisplayName } from "../blog-format";
import { useTranslationToast } from "../use-translation-feedback";
import { AutoTranslatedBadge } from "./auto-translated-badge";
import { TranslationErrorNotice } from "./translation-error-notice";

const cardClass = "relative flex h-full flex-col rounded-2xl border bg-card p-6 shadow-sm";

function ArticleCard({
  article,
  language,
  autoTranslated,
}: {
  article: CardArticle;
  language: Language;
  autoTranslated: boolean;
}) {
  const { t } = useTranslation("blog");
  return (
    <article
      data-testid="article-card"
      className={`${cardClass} transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md`}
      lang={toBcp47(article.language)}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
          <CalendarIcon aria-hidden="true" className="size-4" />
          <time dateTime={article.createdAt}>{formatLongDate(article.createdAt, language)}</time>
        </span>
        {autoTranslated && <AutoTranslatedBadge />}
      </div>
      <h3 className="mt-4 text-lg font-semibold leading-snug tracking-tight">
        {/* The link covers the whole card; the heading keeps a meaningful accessible name. */}
        <Link
          to={blogPath(language, article.slug)}
          prefetch="intent"
          className="outline-none after:absolute after:inset-0 after:rounded-2xl"
        >
          {article.title}
        </Link>
      </h3>
      <p className="mt-1.5 text-sm text-muted-foreground">{t("list.byAuthor", { author: article.authorName })}</p>
      <p className="mt-4 line-clamp-5 text-[0.95rem] leading-relaxed text-foreground/80">{article.excerpt}</p>
    </article>
  );
}

/**
 * One original on the list: its card in the wanted language, or the spec's dashed card with a
 * translate button. The translation request lives here, so its toast survives the card turning into
 * a normal one when the new version arrives.
 */
export function OriginalCard({ card, language }: { card: BlogCard; language: Language }) {
  const originalId = card.kind === "article" ? (card.article.sourceArticleId ?? card.article.id) : card.original.id;
  const fetcher = useFetcher<typeof blogListAction>({ key: `translate-${originalId}-${language}` });
  // A click before the scripts loaded posts the form as a page: its answer is the page's action data.
  const posted = useActionData<typeof blogListAction>();
  const showToast = useTranslationToast();
  const answer =
    fetcher.data ?? (posted?.intent === "translate" && posted.articleId === originalId ? posted : undefined);
  const result = answer?.intent === "translate" ? answer.result : undefined;
  const announced = useRef<typeof result>(undefined);
  useEffect(() => {
    if (!result || announced.current === result) return;
    announced.current = result;
    showToast(result, language);
  }, [result, language, showToast]);

  if (card.kind === "article")
    return <ArticleCard article={card.article} language={language} autoTranslated={card.autoTranslated} />;
  return <UntranslatedCard original={card.original} language={language} fetcher={fetcher} error={result?.error} />;
}

interface UntranslatedCardProps {
  original: CardArticle;
  language: Language;
  fetcher: ReturnType<typeof useFetcher<typeof blogListAction>>;
  error?: string;
}

function UntranslatedCard({ original, language, fetcher, error }: UntranslatedCardProps) {
  const { t } = useTranslation("blog");
  const busy = fetcher.state !== "idle";
  return (
    <article data-testid="untranslated-card" className={`${cardClass} border-2 border-dashed bg-card/60 shadow-none`}>
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-muted-foreground">
        <time dateTime={original.createdAt} className="whitespace-nowrap">
          {formatLongDate(original.createdAt, language)}
        </time>
        <span className="inline-flex items-center gap-1.5">
          <LanguagesIcon aria-hidden="true" className="size-4" />
          {t("list.untranslated.original", { language: languageDisplayName(original.language, language) })}
        </span>
      </div>
      <h3 className="mt-4 text-lg font-semibold leading-snug tracking-tight" lang={toBcp47(original.language)}>
        {original.title}
      </h3>
      <p className="mt-1.5 text-sm text-muted-foreground">{t("list.byAuthor", { author: original.authorName })}</p>
      <p className="mt-4 text-sm text-muted-foreground">
        {t("list.untranslated.label", { language: languageDisplayName(language, language) })}
      </p>
      {error && <TranslationErrorNotice message={error} className="mt-4" />}
      <fetcher.Form method="post" className="mt-auto pt-5">
        <input type="hidden" name="intent" value="translate" />
        <input type="hidden" name="articleId" value={original.id} />
        <Button type="submit" variant="outline" disabled={busy} className="w-full sm:w-auto">
          {busy ? (
            <LoaderCircleIcon aria-hidden="true" className="animate-spin" />
          ) : (
            <LanguagesIcon aria-hidden="true" />
          )}
          {busy ? t("list.untranslated.translating") : t("list.untranslated.translate")}
        </Button>
      </fetcher.Form>
    </article>
  );
}

export function ArticleCardSkeleton() {
  return (
    <div data-testid="article-card-skeleton" className={cardClass}>
      <Skeleton className="h-4 w-32" />
      <Skeleton className="mt-5 h-6 w-4/5" />
      <Skeleton className="mt-2 h-4 w-24" />
      <Skeleton className="mt-5 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-2/3" />
    </div>
  );
}
