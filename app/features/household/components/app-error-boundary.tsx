import SearchXIcon from "lucide-react/icons/search-x";
import TriangleAlertIcon from "lucide-react/icons/triangle-exclamation-point";
import { useTranslation } from "~/i18n/react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "~/components/ui/button";
import { badInputOf } from "~/lib/bad-input";

/**
 * A page's error inside the app shell: "not found" for someone else's data, what was wrong with a refused form (a
 * NUL byte, an oversized or malformed body), a calm apology otherwise.
 */
export function AppErrorBoundary() {
  const { t } = useTranslation("app");
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && (error.status === 404 || error.status === 403);
  const badInput = badInputOf(error);
  const Icon = notFound ? SearchXIcon : TriangleAlertIcon;
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h1 className="text-2xl font-semibold">
        {badInput ? t("common:badInput.title") : t(notFound ? "errorPage.notFoundTitle" : "errorPage.title")}
      </h1>
      <p className="text-muted-foreground">
        {badInput ? t(`common:badInput.${badInput}`) : t(notFound ? "errorPage.notFoundText" : "errorPage.text")}
      </p>
      <Button asChild>
        <Link to="/app">{t("errorPage.back")}</Link>
      </Button>
    </div>
  );
}
