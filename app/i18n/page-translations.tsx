import { preloadModule } from "react-dom";
import { useMatches } from "react-router";
import { useTranslation } from "./react";
import { fieldOf } from "~/lib/field-of";
import { isRecord } from "~/lib/is-record";
import { useNonce } from "~/lib/nonce";

/** The element naming the page's language and namespaces, inside the server's HTML. */
const elementId = "samen-translations";

export interface PageTranslations {
  language: string;
  namespaces: string[];
}

function isPageTranslations(value: unknown): value is PageTranslations {
  return (
    isRecord(value) &&
    typeof value.language === "string" &&
    Array.isArray(value.namespaces) &&
    value.namespaces.every((namespace) => typeof namespace === "string")
  );
}

/** The element's text as the server sent it; the browser renders it back unchanged so hydration matches. */
let receivedText: string | undefined;

/**
 * Reads which translations the page was rendered with, before hydration. The translations themselves are not in the
 * HTML (on the dashboard they were 60 KB of its 170): the browser loads each namespace as a chunk of its own, cached
 * for a year under its hashed name, and the server names those chunks as modulepreloads in the head, so they arrive
 * alongside the page's scripts rather than after them.
 */
export function readPageTranslations(): PageTranslations | undefined {
  receivedText = document.getElementById(elementId)?.textContent ?? undefined;
  if (!receivedText) return undefined;
  try {
    const parsed: unknown = JSON.parse(receivedText);
    return isPageTranslations(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Namespaces the matched routes declare with `handle.i18n`, always with `common`. */
export function routeNamespaces(handles: readonly unknown[]): string[] {
  const namespaces = new Set(["common"]);
  for (const handle of handles) {
    const declared = fieldOf(handle, "i18n");
    if (Array.isArray(declared))
      for (const namespace of declared) if (typeof namespace === "string") namespaces.add(namespace);
  }
  return [...namespaces];
}

/** Names the page's namespaces for the browser entry and, on the server, asks the browser to fetch their chunks early. */
export function PageTranslationsScript() {
  const { i18n } = useTranslation();
  const matches = useMatches();
  const nonce = useNonce();
  let text = receivedText ?? "";
  if (typeof document === "undefined") {
    const namespaces = routeNamespaces(matches.map((match) => match.handle));
    for (const namespace of namespaces) {
      const address = i18n.addressOf(i18n.language, namespace);
      if (address) preloadModule(address, { as: "script", nonce });
    }
    const payload: PageTranslations = { language: i18n.language, namespaces };
    text = JSON.stringify(payload).replace(/</g, "\\u003c");
  }
  return (
    <script
      id={elementId}
      type="application/json"
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: text }}
    />
  );
}
