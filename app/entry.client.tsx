import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLanguage } from "~/domain/languages";
import { loadNamespace } from "~/i18n/client-backend";
import { readPageTranslations } from "~/i18n/page-translations";
import { I18nProvider } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { NonceProvider } from "~/lib/nonce";

// The server rendered in this language with these namespaces, and named their chunks as modulepreloads in the head:
// hydrating once they are in renders the same words, so nothing flashes. Should one fail to arrive (offline, nothing
// kept), the page hydrates anyway and the translator asks again when a component needs it.
const page = readPageTranslations();
const language = isLanguage(page?.language) ? page.language : "en";
const i18n = new Translator({ language, resources: { [language]: {} }, loadNamespace, fallbackLanguage: null });
await i18n.loadNamespaces(page?.namespaces ?? ["common"]).catch(() => undefined);

// The response's CSP nonce, as the server rendered it into <Links> and <Scripts>: the same value here keeps those tags
// identical during hydration. A browser enforcing the policy empties the attribute, the .nonce property keeps it.
const nonce = document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce || undefined;

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <NonceProvider value={nonce}>
        <I18nProvider i18n={i18n}>
          <HydratedRouter />
        </I18nProvider>
      </NonceProvider>
    </StrictMode>,
  );
});
