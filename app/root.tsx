import { useEffect } from "react";
import { useTranslation } from "~/i18n/react";
import {
  data,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  type LinksFunction,
} from "react-router";
import type { Route } from "./+types/root";
import { Toaster } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { PageTranslationsScript } from "~/i18n/page-translations";
import { toBcp47 } from "~/domain/languages";
import { getRootData } from "~/composition/root-data.server";
import { refuseWritesWhenDiskIsLow } from "~/features/platform/disk-guard.server";
import { answerResourceFaults } from "~/features/platform/resource-faults.server";
import { useRootData } from "~/features/platform/use-root-data";
import { badInputOf } from "~/lib/bad-input";
import { useNonce } from "~/lib/nonce";
import stylesheet from "./app.css?url";

/**
 * Whether this document carries the stylesheet in a `<style>` of its own (a kept public page, server/first-paint.ts):
 * then the browser must not render the link the server's HTML does not have, or hydration would not match. Read once,
 * as the module loads: the style stays in the document for as long as the document lives.
 */
const stylesheetInlined =
  typeof document !== "undefined" && document.querySelector(`style[data-inlined-stylesheet="${stylesheet}"]`) !== null;

export const links: LinksFunction = () => [
  ...(stylesheetInlined ? [] : [{ rel: "stylesheet", href: stylesheet }]),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // iOS ignores the manifest's icons: its home-screen icon, a full square it rounds itself.
  { rel: "apple-touch-icon", href: "/icons/apple-touch-icon.png" },
];

// Outermost first: a resource route's database fault becomes a 503/507 with a translated text, whatever threw it.
export const middleware: Route.MiddlewareFunction[] = [answerResourceFaults, refuseWritesWhenDiskIsLow];

export async function loader({ request, context }: Route.LoaderArgs) {
  return data(await getRootData(request, context));
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const rootData = useRootData();
  return (
    <html lang={toBcp47(language)} {...(rootData?.analyticsExcluded ? { "data-analytics-excluded": "true" } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#2f6f5e" />
        {/* In the reader's language: the installed app's shortcuts are named in it. */}
        <link rel="manifest" href={`/site.webmanifest?lang=${language}`} />
        {/* Added to an iPhone's home screen, Samen opens on its own, without Safari's bars. */}
        <meta name="mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-capable" content="yes" />
        <meta name="apple-mobile-web-app-title" content="Samen" />
        <Meta />
        {/* Explicit: on the server Links would take it from ServerRouter, in the browser only from here. */}
        <Links nonce={nonce} />
      </head>
      <body className="min-h-dvh">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[200] focus:rounded-md focus:bg-card focus:px-4 focus:py-2 focus:shadow"
        >
          {i18n.t("common:actions.skipToContent")}
        </a>
        {children}
        <Toaster />
        <ScrollRestoration nonce={nonce} />
        {/* Before the scripts, so the entry finds the page's language and namespaces however early it runs. */}
        <PageTranslationsScript />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  // A hook for browser tests (and a hint in devtools): from here on, clicks reach React. The root's effect runs after
  // every page's and layout's, on public pages and in /app alike.
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const badInput = badInputOf(error);
  // 503: the database cannot be reached; 507: its disk is full (app/entry.server.tsx). Both pass: try again.
  const fault = status === 503 ? "unavailable" : status === 507 ? "diskFull" : undefined;
  const showDetails = import.meta.env.DEV && error instanceof Error;
  let title = t("errorPage.title");
  let description = t("errorPage.description");
  if (status === 404) [title, description] = [t("notFound.title"), t("notFound.description")];
  else if (fault) [title, description] = [t(`errorPage.${fault}.title`), t(`errorPage.${fault}.description`)];
  else if (badInput) [title, description] = [t("badInput.title"), t(`badInput.${badInput}`)];
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center"
    >
      <p className="text-sm font-semibold text-primary">{status}</p>
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="text-muted-foreground">{description}</p>
      {showDetails && (
        <pre className="max-w-full overflow-auto rounded-md bg-muted p-4 text-left text-xs">{error.stack}</pre>
      )}
      <Button asChild>
        {fault ? (
          <a href={location.pathname + location.search}>{t("errorPage.tryAgain")}</a>
        ) : (
          <Link to="/">{t("notFound.returnHome")}</Link>
        )}
      </Button>
    </main>
  );
}
