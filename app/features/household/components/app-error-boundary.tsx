import CloudOffIcon from "lucide-react/icons/cloud-off";
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
  // Offline, a page whose data could not be fetched: say so, and lead to the add form, which works offline.
  if (!notFound && !badInput && typeof navigator !== "undefined" && !navigator.onLine)
    return (
      <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-20 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <CloudOffIcon aria-hidden="true" className="size-7" />
        </span>
        <h1 className="text-2xl font-semibold">{t("offline.page.title")}</h1>
        <p className="text-muted-foreground">{t("offline.page.text")}</p>
        <Button asChild>
          <a href="/app/transactions/new?kind=expense">{t("offline.page.add")}</a>
        </Button>
      </div>
    );
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
