import PenLineIcon from "lucide-react/icons/pen-line";
import XIcon from "lucide-react/icons/x";
import { useCallback, useState } from "react";
import { useTranslation } from "~/i18n/react";
import { Link, useNavigation } from "react-router";
import type { Route } from "./+types/list";
import { Button } from "~/components/ui/button";
import { blogPath, blogPathLanguage, languages, toBcp47 } from "~/domain/languages";
import { publicUrl } from "~/config.server";
import { getOptionalUser } from "~/features/auth/session.server";
import { useOptionalUser } from "~/features/auth/use-user";
import { blogListAction } from "~/features/blog/blog-actions.server";
import { resolveBlogLanguage } from "~/features/blog/blog-language.server";
import { ArticleCardSkeleton, OriginalCard } from "~/features/blog/components/article-card";
import { ArticleEditor } from "~/features/blog/components/article-editor";
import { BlogHero } from "~/features/blog/components/blog-hero";
import { TranslateAllPanel } from "~/features/blog/components/translate-all-panel";
import { BlogErrorBoundary } from "~/features/blog/components/blog-not-found";
import { canCreateArticles } from "~/features/auth/creators.server";
import type { BlogCard } from "~/features/blog/blog-article";
import { listBlogCards } from "~/features/blog/posts.server";
import { getTranslationWorkerProblem, sweepMissingTranslations } from "~/features/blog/translate-all.server";
import { useFollowBlogLanguage } from "~/features/blog/use-blog-language";
import { countMissingTranslations } from "~/features/translation/queue.server";
import { requestStoreContext } from "~/lib/request-store.server";

export const handle = { i18n: ["blog"] };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { log } = context.get(requestStoreContext);
  const language = resolveBlogLanguage(request, params.lang, log);
  const user = await getOptionalUser(request);
  const isCreator = user ? await canCreateArticles({ userId: user.id }) : false;
  let cards: BlogCard[] = [];
  try {
    cards = await listBlogCards({ language });
  } catch (error) {
    // The spec: a failed blog fetch is logged only; the page shows the empty state.
    log.error({ err: error }, "blog list could not be loaded");
  }
  let creator: { missing: number; workerError: string | null } | null = null;
  if (isCreator && user) {
    sweepMissingTranslations({ userId: user.id }).catch((error: unknown) =>
      log.error({ err: error }, "translation sweep failed"),
    );
    creator = { missing: await countMissingTranslations(), workerError: getTranslationWorkerProblem() };
  }
  return { language, cards, isCreator, creator, origin: publicUrl() };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return blogListAction({
    request,
    language: resolveBlogLanguage(request, params.lang),
    clientIp: context.get(requestStoreContext).clientIp,
  });
}

function ListSeo({ language, origin }: { language: Route.ComponentProps["loaderData"]["language"]; origin: string }) {
  const { t } = useTranslation("blog");
  return (
    <>
      <title>{t("meta.listTitle")}</title>
      <meta name="description" content={t("meta.listDescription")} />
      <link rel="canonical" href={origin + blogPath(language)} />
      {languages.map((code) => (
        <link key={code} rel="alternate" hrefLang={toBcp47(code)} href={origin + blogPath(code)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={origin + blogPath("en")} />
      <link
        rel="alternate"
        type="application/rss+xml"
        title={t("rss.title")}
        href={`${origin}${blogPath(language)}/rss.xml`}
      />
      <meta property="og:type" content="website" />
      <meta property="og:title" content={t("meta.listTitle")} />
      <meta property="og:description" content={t("meta.listDescription")} />
      <meta property="og:url" content={origin + blogPath(language)} />
    </>
  );
}

export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { language, cards, isCreator, creator, origin } = loaderData;
  const { t } = useTranslation("blog");
  const user = useOptionalUser();
  const navigation = useNavigation();
  const [editorOpen, setEditorOpen] = useState(false);
  const closeEditor = useCallback(() => setEditorOpen(false), []);
  useFollowBlogLanguage(language);

  // Six skeleton cards while a client-side navigation brings another blog list.
  const loadingList =
    navigation.state === "loading" &&
    navigation.location.pathname !== undefined &&
    isListPath(navigation.location.pathname);

  return (
    <>
      <ListSeo language={language} origin={origin} />
      <BlogHero language={language} />
      <div className="mx-auto max-w-6xl px-4 pb-20 sm:px-6">
        {isCreator && (
          <div className="mb-8 grid gap-4">
            <div className="flex justify-end">
              <Button
                variant={editorOpen ? "outline" : "default"}
                onClick={() => setEditorOpen((open) => !open)}
                aria-expanded={editorOpen}
                data-testid="write-article-toggle"
              >
                {editorOpen ? <XIcon aria-hidden="true" /> : <PenLineIcon aria-hidden="true" />}
                {editorOpen ? t("editor.cancel") : t("editor.toggle")}
              </Button>
            </div>
            {editorOpen && <ArticleEditor language={language} onClose={closeEditor} />}
            {creator && <TranslateAllPanel missing={creator.missing} workerError={creator.workerError} />}
          </div>
        )}

        <h2 className="sr-only">{t("list.heading")}</h2>
        {loadingList ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label={t("list.loading")}>
            {Array.from({ length: 6 }, (_, index) => (
              <ArticleCardSkeleton key={index} />
            ))}
          </div>
        ) : cards.length === 0 ? (
          <div
            className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-dashed p-10 text-center"
            data-testid="blog-empty"
          >
            <p className="text-lg font-medium">{t("list.noArticles")}</p>
            {!user && (
              <Button asChild variant="outline">
                <Link to="/auth">{t("list.signInPrompt")}</Link>
              </Button>
            )}
          </div>
        ) : (
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {cards.map((card) => (
              <li key={card.kind === "article" ? (card.article.sourceArticleId ?? card.article.id) : card.original.id}>
                <OriginalCard card={card} language={language} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}

function isListPath(pathname: string): boolean {
  return blogPathLanguage(pathname) !== undefined && /\/blog\/?$/.test(pathname);
}

export const ErrorBoundary = BlogErrorBoundary;
