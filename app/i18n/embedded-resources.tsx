import { useMatches } from "react-router";
import { useTranslation } from "./react";
import { fieldOf } from "~/lib/field-of";
import { isRecord } from "~/lib/is-record";

/** The element carrying the page's own namespaces, in its language, inside the server's HTML. */
const elementId = "samen-translations";

export interface EmbeddedTranslations {
  language: string;
  namespaces: Record<string, Record<string, unknown>>;
}

function isEmbeddedTranslations(value: unknown): value is EmbeddedTranslations {
  return (
    isRecord(value) &&
    typeof value.language === "string" &&
    isRecord(value.namespaces) &&
    Object.values(value.namespaces).every(isRecord)
  );
}

/** The element's text as the server sent it; the browser renders it back unchanged so hydration matches. */
let receivedText: string | undefined;

/**
 * Reads the page's translations before hydration. They sit in the head, so they are parsed before any
 * script runs: the page needs no extra request, and no JSON chunk counts against its JavaScript.
 */
export function readEmbeddedTranslations(): EmbeddedTranslations | undefined {
  receivedText = document.getElementById(elementId)?.textContent ?? undefined;
  if (!receivedText) return undefined;
  try {
    const parsed: unknown = JSON.parse(receivedText);
    return isEmbeddedTranslations(parsed) ? parsed : undefined;
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

/**
 * The server's serialised payloads by language and namespaces: translations do not change while the server runs, and
 * stringifying a page's namespaces on every request was a measurable part of a signed-in page's render. Bounded by
 * eight languages times the routes' namespace sets. Production only: in development a translation file can change.
 */
const serialisedPayloads = new Map<string, string>();

export function EmbeddedTranslationsScript() {
  const { i18n } = useTranslation();
  const matches = useMatches();
  let text = receivedText ?? "";
  if (typeof document === "undefined") {
    const namespaces = routeNamespaces(matches.map((match) => match.handle));
    const key = `${i18n.language} ${namespaces.join(",")}`;
    const cached = serialisedPayloads.get(key);
    if (cached === undefined) {
      const payload: EmbeddedTranslations = {
        language: i18n.language,
        namespaces: i18n.resourcesFor(i18n.language, namespaces),
      };
      // Escaped so no translation can end the script element early.
      text = JSON.stringify(payload).replace(/</g, "\\u003c");
      if (import.meta.env.PROD) serialisedPayloads.set(key, text);
    } else {
      text = cached;
    }
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
