import ArrowLeftIcon from "lucide-react/icons/arrow-left";
import { useTranslation } from "~/i18n/react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "~/components/ui/button";
import { blogPath, type Language } from "~/domain/languages";
import { badInputOf } from "~/lib/bad-input";

/** A path under an unknown language prefix: the site's 404 page, inside the site layout. */
export function BlogErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const badInput = badInputOf(error);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-24 text-center">
      <title>{notFound ? t("notFound.metaTitle") : t("errorPage.title")}</title>
      <meta name="robots" content="noindex" />
      {notFound && <p className="text-6xl font-bold text-primary/30">404</p>}
      <h1 className="text-3xl font-bold tracking-tight">
        {notFound ? t("notFound.title") : badInput ? t("badInput.title") : t("errorPage.title")}
      </h1>
      <p className="text-muted-foreground">
        {notFound ? t("notFound.description") : badInput ? t(`badInput.${badInput}`) : t("errorPage.description")}
      </p>
      <Button asChild size="lg">
        <Link to="/">{t("notFound.returnHome")}</Link>
      </Button>
    </section>
  );
}

/** The spec's missing-article view: the no-articles message and a link back to the blog. */
export function NoArticle({ language }: { language: Language }) {
  const { t } = useTranslation("blog");
  return (
    <section
      className="mx-auto flex max-w-xl flex-col items-center gap-5 px-6 py-24 text-center"
      data-testid="no-article"
    >
      <title>{t("meta.notFoundTitle")}</title>
      <meta name="robots" content="noindex" />
      <h1 className="text-2xl font-semibold tracking-tight">{t("list.noArticles")}</h1>
      <Button asChild variant="outline">
        <Link to={blogPath(language)}>
          <ArrowLeftIcon aria-hidden="true" />
          {t("article.back")}
        </Link>
      </Button>
    </section>
  );
}
