import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { isLanguage } from "~/domain/languages";
import { createI18n } from "~/i18n/i18n";
import { clientBackend, loadNamespaces } from "~/i18n/client-backend";

async function hydrate() {
  const root = document.documentElement;
  const language = isLanguage(root.dataset.language) ? root.dataset.language : "en";
  const namespaces = (root.dataset.namespaces ?? "common").split(",").filter(Boolean);
  // The server rendered in this language; load exactly those namespaces before hydrating so nothing flashes.
  const bundles = await loadNamespaces(language, namespaces);
  const fallback = language === "en" ? {} : await loadNamespaces("en", namespaces);
  const i18n = await createI18n({
    language,
    namespaces,
    resources: { [language]: bundles, ...(language === "en" ? {} : { en: fallback }) },
    backend: clientBackend,
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <I18nextProvider i18n={i18n}>
          <HydratedRouter />
        </I18nextProvider>
      </StrictMode>,
    );
  });
}

void hydrate();
