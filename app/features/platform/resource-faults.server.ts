import type { MiddlewareFunction } from "react-router";
import { faultRetryAfterSeconds, statusOfDatabaseFault } from "~/db/faults.server";
import { detectLanguage } from "~/i18n/detect.server";
import { serverTranslator } from "~/i18n/resources.server";
import { requestStoreContext } from "~/lib/request-store.server";

/**
 * The root route's middleware for answers without a page: a resource route (the CSV, PDF and JSON exports, the RSS
 * feed, the sitemap) whose loader met a database that is down or a full disk. React Router answers those with its
 * plain 500 ("Unexpected Server Error", and the error's text outside production); entry.server's handleError has
 * noted the fault, so the answer becomes 503 or 507 with the error page's two sentences in the reader's language,
 * Retry-After and no caching. A page's own 503/507 (HTML, rendered by entry.server) passes through untouched.
 */
export const answerResourceFaults: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  const fault = context.get(requestStoreContext).databaseFault;
  if (!fault || response.status < 500 || response.headers.get("Content-Type")?.startsWith("text/html")) return response;
  const { t } = serverTranslator(detectLanguage(request));
  return new Response(`${t(`common:errorPage.${fault}.title`)}\n\n${t(`common:errorPage.${fault}.description`)}\n`, {
    status: statusOfDatabaseFault(fault),
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Retry-After": String(faultRetryAfterSeconds),
      "Cache-Control": "no-store",
    },
  });
};
