import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import CalendarIcon from "lucide-react/icons/calendar";
import GlobeIcon from "lucide-react/icons/globe";
import LanguagesIcon from "lucide-react/icons/languages";
import LoaderCircleIcon from "lucide-react/icons/loader-circle";
import UserIcon from "lucide-react/icons/user";
import { useEffect, useRef } from "react";
import { useTranslation } from "~/i18n/react";
import { data, Link, useFetcher } from "react-router";
import type { Route } from "./+types/article";
import { Button } from "~/components/ui/button";
import { publicUrl } from "~/config.server";
import { blogPath, languageNames, toBcp47, type Language } from "~/domain/languages";
import { getOptionalUser } from "~/features/auth/session.server";
import { cardExcerpt, toParagraphs, type BlogArticle } from "~/features/blog/blog-article";
import { formatLongDate, languageDisplayName } from "~/features/blog/blog-format";
import { resolveBlogLanguage } from "~/features/blog/blog-language.server";
import { AutoTranslatedBadge } from "~/features/blog/components/auto-translated-badge";
import { BlogErrorBoundary, NoArticle } from "~/features/blog/components/blog-not-found";
import { TranslationErrorNotice } from "~/features/blog/components/translation-error-notice";
import { canCreateArticles } from "~/features/auth/creators.server";
import { findArticle, type ArticleVersion } from "~/features/blog/posts.server";
import { requestArticleTranslation } from "~/features/blog/request-translation.server";
import { sweepMissingTranslations } from "~/features/blog/translate-all.server";
import { useFollowBlogLanguage } from "~/features/blog/use-blog-language";
import { useTranslationToast } from "~/features/blog/use-translation-feedback";
import { requestStoreContext } from "~/lib/request-store.server";
import { readForm } from "~/features/platform/forms.server";

export const handle = { i18n: ["blog"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { log } = context.get(requestStoreContext);
  const language = resolveBlogLanguage(request, params.lang, log);
  const origin = publicUrl();
  const user = await getOptionalUser(request);
  if (user && (await canCreateArticles({ userId: user.id }))) {
    sweepMissingTranslations({ userId: user.id }).catch((error: unknown) =>
      log.error({ err: error }, "translation sweep failed"),
    );
  }
  const lookup = await findArticle({ language, slug: params.slug ?? "" });
  if (lookup.kind === "not-found") return data({ ...lookup, language, origin }, { status: 404 });
  return { ...lookup, language, origin };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { log, clientIp } = context.get(requestStoreContext);
  const language = resolveBlogLanguage(request, params.lang, log);
  const user = await getOptionalUser(request);
  const read = await readForm(request);
  if (!read.ok) {
    const result = { translated: false, cached: false, article: null, error: "Invalid request" };
    return data({ intent: "translate", result } as const, { status: read.status });
  }
  const result = await requestArticleTranslation({
    articleId: read.values.articleId ?? "",
    targetLanguage: language,
    userId: user?.id,
    clientIp,
  });
  return { intent: "translate", result } as const;
}

function ArticleSeo({
  article,
  versions,
  origin,
  indexable,
}: {
  article: BlogArticle;
  versions: ArticleVersion[];
  origin: string;
  indexable: boolean;
}) {
  const { t } = useTranslation("blog");
  const url = origin + blogPath(article.language, article.slug);
  const description = cardExcerpt(article);
  const fallback = versions.find((version) => version.language === "en") ?? versions[0];
  return (
    <>
      <title>{t("meta.articleTitle", { title: article.title })}</title>
      <meta name="description" content={description} />
      {!indexable && <meta name="robots" content="noindex" />}
      <link rel="canonical" href={url} />
      {versions.map((version) => (
        <link
          key={version.language}
          rel="alternate"
          hrefLang={toBcp47(version.language)}
          href={origin + blogPath(version.language, version.slug)}
        />
      ))}
      {fallback && (
        <link rel="alternate" hrefLang="x-default" href={origin + blogPath(fallback.language, fallback.slug)} />
      )}
      <meta property="og:type" content="article" />
      <meta property="og:title" content={article.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="article:published_time" content={article.createdAt} />
      <meta property="article:author" content={article.authorName} />
    </>
  );
}

function BackLink({ language }: { language: Language }) {
  const { t } = useTranslation("blog");
  return (
    <Link
      to={blogPath(language)}
      className="inline-flex items-center gap-1.5 text-sm font-medium text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
    >
      <ArrowLeftIcon aria-hidden="true" className="size-4" />
      {t("article.back")}
    </Link>
  );
}

function ArticleBody({ article, language }: { article: BlogArticle; language: Language }) {
  const { t } = useTranslation("blog");
  return (
    <div lang={toBcp47(article.language)}>
      <h1 className="mt-6 text-balance text-3xl font-bold leading-tight tracking-tight sm:text-4xl">{article.title}</h1>
      <div
        className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground"
        lang={toBcp47(language)}
      >
        <span className="inline-flex items-center gap-1.5">
          <CalendarIcon aria-hidden="true" className="size-4" />
          <time dateTime={article.createdAt}>{formatLongDate(article.createdAt, language)}</time>
        </span>
        <span className="inline-flex items-center gap-1.5">
          <UserIcon aria-hidden="true" className="size-4" />
          {t("article.byAuthor", { author: article.authorName })}
        </span>
      </div>
      {/* Plain text only: each line of the content becomes a paragraph, never HTML. */}
      <div className="mt-8 space-y-5 text-[1.075rem] leading-8 text-foreground/90" data-testid="article-content">
        {toParagraphs(article.content).map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
    </div>
  );
}

function OtherVersions({
  versions,
  current,
  language,
}: {
  versions: ArticleVersion[];
  current: Language;
  language: Language;
}) {
  const { t } = useTranslation("blog");
  const others = versions.filter((version) => version.language !== current);
  if (others.length === 0) return null;
  return (
    <nav
      aria-labelledby="other-languages"
      className="mt-12 rounded-2xl border bg-muted/40 p-5"
      data-testid="other-versions"
    >
      <h2 id="other-languages" className="flex items-center gap-2 text-sm font-semibold">
        <GlobeIcon aria-hidden="true" className="size-4 text-primary" />
        {t("article.otherLanguages")}
      </h2>
      <ul className="mt-3 flex flex-wrap gap-2">
        {others.map((version) => (
          <li key={version.language}>
            <Link
              to={blogPath(version.language, version.slug)}
              hrefLang={toBcp47(version.language)}
              lang={toBcp47(version.language)}
              title={languageDisplayName(version.language, language)}
              className="inline-flex rounded-full border bg-card px-3 py-1.5 text-sm font-medium transition-colors hover:bg-secondary"
            >
              {languageNames[version.language]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** No version in this language yet: show the original and translate it on demand (the spec's fallback). */
function TranslateOnDemand({
  fallback,
  language,
  fetcher,
}: {
  fallback: BlogArticle;
  language: Language;
  fetcher: ReturnType<typeof useFetcher<typeof action>>;
}) {
  const { t } = useTranslation("blog");
  const started = useRef(false);
  const submit = fetcher.submit;
  useEffect(() => {
    // Once per visit (React runs effects twice in development).
    if (started.current) return;
    started.current = true;
    void submit({ articleId: fallback.id }, { method: "post" });
  }, [fallback.id, submit]);

  const result = fetcher.data?.result;
  const busy = fetcher.state !== "idle";
  const names = {
    language: languageDisplayName(language, language),
    original: languageDisplayName(fallback.language, language),
  };
  if (busy || (result && !result.error)) {
    return (
      <div
        className="mt-6 flex items-start gap-3 rounded-xl border border-primary/30 bg-secondary/60 p-4 text-sm"
        aria-live="polite"
        data-testid="translate-on-demand"
      >
        <LoaderCircleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0 animate-spin text-primary" />
        <div>
          <p className="font-semibold">{t("article.translatingTitle", names)}</p>
          <p className="mt-1 text-muted-foreground">{t("article.translatingDescription", names)}</p>
        </div>
      </div>
    );
  }
  // Not started yet (the server's page, or no JavaScript) or failed: the original, and a button that
  // works as a plain form too.
  return (
    <div className="mt-6 space-y-4" aria-live="polite" data-testid="translate-on-demand">
      {result?.error && <TranslationErrorNotice message={result.error} />}
      <p className="text-sm text-muted-foreground">{t("article.notTranslatedDescription", names)}</p>
      <fetcher.Form method="post">
        <input type="hidden" name="articleId" value={fallback.id} />
        <Button type="submit" variant="outline" size="sm">
          <LanguagesIcon aria-hidden="true" />
          {result?.error ? t("article.retry") : t("list.untranslated.translate")}
        </Button>
      </fetcher.Form>
    </div>
  );
}

/**
 * The page's translation request. It lives above the translating notice so the spec's toast still
 * shows when the new version replaces the notice.
 */
function useOnDemandTranslation(originalId: string | undefined, language: Language) {
  const fetcher = useFetcher<typeof action>({ key: `translate-${originalId ?? "none"}-${language}` });
  const showToast = useTranslationToast();
  const result = fetcher.data?.result;
  const announced = useRef<typeof result>(undefined);
  useEffect(() => {
    if (!result || announced.current === result) return;
    announced.current = result;
    showToast(result, language);
  }, [result, language, showToast]);
  return fetcher;
}

export default function BlogArticlePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const { language } = loaderData;
  useFollowBlogLanguage(language);
  const shown =
    loaderData.kind === "found"
      ? loaderData.article
      : loaderData.kind === "needs-translation"
        ? loaderData.fallback
        : undefined;
  const translation = useOnDemandTranslation(shown ? (shown.sourceArticleId ?? shown.id) : undefined, language);

  if (loaderData.kind === "not-found") return <NoArticle language={language} />;

  const article = loaderData.kind === "found" ? loaderData.article : loaderData.fallback;
  const autoTranslated = article.machineTranslated || article.language !== language;
  const original = loaderData.versions.find((version) => version.isOriginal);
  return (
    <article className="mx-auto max-w-3xl px-4 pb-20 pt-10 sm:px-6 sm:pt-14">
      <ArticleSeo
        article={article}
        versions={loaderData.versions}
        origin={loaderData.origin}
        indexable={loaderData.kind === "found"}
      />
      <BackLink language={language} />
      {loaderData.kind === "needs-translation" && (
        <TranslateOnDemand
          key={`${article.id}-${language}`}
          fallback={article}
          language={language}
          fetcher={translation}
        />
      )}
      {loaderData.kind === "found" && autoTranslated && (
        <div
          className="mt-6 flex flex-col gap-3 rounded-xl border bg-accent/40 p-4 text-sm sm:flex-row sm:items-center"
          data-testid="auto-translated-notice"
        >
          <AutoTranslatedBadge />
          <p className="text-accent-foreground">
            {t("article.autoTranslatedNotice", {
              language: languageDisplayName(original?.language ?? article.language, language),
            })}{" "}
            {original && original.language !== article.language && (
              <Link
                to={blogPath(original.language, original.slug)}
                className="font-medium underline underline-offset-4"
              >
                {t("article.readOriginal")}
              </Link>
            )}
          </p>
        </div>
      )}
      <ArticleBody article={article} language={language} />
      <OtherVersions versions={loaderData.versions} current={article.language} language={language} />
    </article>
  );
}

export const ErrorBoundary = BlogErrorBoundary;
