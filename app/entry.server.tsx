import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import {
  isRouteErrorResponse,
  redirectDocument,
  ServerRouter,
  type EntryContext,
  type RouterContextProvider,
} from "react-router";
import { databaseFaultOf, statusOfDatabaseFault, type DatabaseFault } from "~/db/faults.server";
import { pageLanguage } from "~/features/auth/request-language.server";
import { I18nProvider } from "~/i18n/react";
import { serverTranslator } from "~/i18n/resources.server";
import { createCoalescingStream } from "~/lib/coalescing-stream.server";
import { requestStoreContext } from "~/lib/request-store.server";
import { NonceProvider } from "~/lib/nonce";
import { logger } from "~/lib/logger.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const { nonce, log, databaseFault } = loadContext.get(requestStoreContext);
  if (databaseFault) {
    // A loader or action met a database that is down or a full disk (handleError noted it). Thrown from here, React
    // Router renders again with this answer at the root's error boundary: 503 or 507 and a page that says what
    // happened, instead of 500 and "something went wrong". The second render shows that boundary.
    if (!showsFault(routerContext, databaseFault)) throw faultResponse(databaseFault);
    responseHeaders.set("Cache-Control", "no-store");
    responseHeaders.set("Retry-After", "30");
  }
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  // The language the root loader decided; without it (its loader failed) the reader's: cookie, then browser.
  const language = await pageLanguage(request);
  const i18n = serverTranslator(language);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nProvider>
      </NonceProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = createCoalescingStream(() => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "no-cache");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) log.error({ err: error }, "streaming render failed");
        },
      },
    );
  });
}

function faultResponse(fault: DatabaseFault): Response {
  return Response.json({ databaseFault: fault }, { status: statusOfDatabaseFault(fault) });
}

function showsFault(routerContext: EntryContext, fault: DatabaseFault): boolean {
  const errors = Object.values(routerContext.staticHandlerContext.errors ?? {});
  return errors.some((error) => isRouteErrorResponse(error) && error.status === statusOfDatabaseFault(fault));
}

/**
 * A `.data` request (a client-side navigation or form post) that met a database fault loads the page as a document
 * instead, which shows the 503 or 507 page.
 */
export function handleDataRequest(
  response: Response,
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
): Response {
  if (!context.get(requestStoreContext).databaseFault) return response;
  const url = new URL(request.url);
  const pathname = url.pathname.replace(/\/_root\.data$/, "/").replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  return redirectDocument(pathname + url.search);
}

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context?: Readonly<RouterContextProvider> },
) {
  if (request.signal.aborted) return;
  const store = context?.get(requestStoreContext);
  const fault = databaseFaultOf(error);
  if (fault && store) {
    if (!store.databaseFault) store.log.warn({ err: error, fault }, "database fault: answering 503/507");
    store.databaseFault = fault;
    return;
  }
  // Our own fault answer, thrown by handleRequest above to render the error page: already logged.
  if (error instanceof Response && store?.databaseFault) return;
  const log = store ? store.log : logger;
  log.error({ err: error, url: request.url }, "unhandled error in loader, action or render");
}
