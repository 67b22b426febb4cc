import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { isLanguage } from "~/domain/languages";
import { loadNamespace } from "~/i18n/client-backend";
import { readEmbeddedTranslations } from "~/i18n/embedded-resources";
import { I18nProvider } from "~/i18n/react";
import { Translator } from "~/i18n/translator";
import { NonceProvider } from "~/lib/nonce";

// The server rendered in this language and sent the page's namespaces along, so nothing flashes.
const embedded = readEmbeddedTranslations();
const language = isLanguage(embedded?.language) ? embedded.language : "en";
const i18n = new Translator({
  language,
  resources: { [language]: { ...embedded?.namespaces } },
  loadNamespace,
  fallbackLanguage: null,
});

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
