import type { Route } from "./+types/site-webmanifest";
import { isLanguage, toBcp47, type Language } from "~/domain/languages";
import { serverTranslator } from "~/i18n/resources.server";

/**
 * The web app manifest, in the reader's language (`?lang=`, as the page links it): what a phone shows when Samen is
 * installed, its home-screen shortcuts included. Brand colours as app.css has them.
 */
export function loader({ request }: Route.LoaderArgs) {
  const asked = new URL(request.url).searchParams.get("lang");
  const language: Language = isLanguage(asked) ? asked : "en";
  const t = serverTranslator(language).getFixedT(language, "app");
  const manifest = {
    id: "/app",
    lang: toBcp47(language),
    name: "Samen",
    short_name: "Samen",
    description: serverTranslator(language).getFixedT(language, "common")("tagline"),
    start_url: "/app",
    scope: "/",
    display: "standalone",
    background_color: "#fcfcf9",
    theme_color: "#2f6f5e",
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/favicon.svg", sizes: "any", type: "image/svg+xml" },
    ],
    // A long press on the icon: straight to a new expense or income, the moment after paying.
    shortcuts: [
      { name: t("entry.addExpense"), url: "/app/transactions/new?kind=expense" },
      { name: t("entry.addIncome"), url: "/app/transactions/new?kind=income" },
    ].map((shortcut) => ({ ...shortcut, icons: [{ src: "/icons/icon-192.png", sizes: "192x192" }] })),
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
