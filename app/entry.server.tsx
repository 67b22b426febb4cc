import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { isLanguage } from "~/domain/languages";
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
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const { nonce, log } = loadContext.get(requestStoreContext);
  const rootData = routerContext.staticHandlerContext.loaderData.root as { language?: string } | undefined;
  const language = isLanguage(rootData?.language) ? rootData.language : "en";
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
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
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

export function handleError(error: unknown, { request, context }: { request: Request; context?: RouterContextProvider }) {
  if (request.signal.aborted) return;
  const log = context ? context.get(requestStoreContext).log : logger;
  log.error({ err: error, url: request.url }, "unhandled error in loader, action or render");
}
