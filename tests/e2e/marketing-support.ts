// Helpers for the public-site browser tests: the translations they assert on, and a language cookie.
import fs from "node:fs";
import path from "node:path";
import type { BrowserContext, Page, Response } from "@playwright/test";

type Json = { [key: string]: string | Json };

function readLocale(language: string, namespace: string): Json {
  return JSON.parse(
    fs.readFileSync(path.join(import.meta.dirname, "../../app/i18n/locales", language, `${namespace}.json`), "utf8"),
  ) as Json;
}

/** A translated text by key, read from the same files the app uses (so copy edits do not break the tests). */
export function text(language: string, key: string, namespace = "marketing"): string {
  const value = key
    .split(".")
    .reduce<string | Json | undefined>(
      (node, part) => (typeof node === "object" ? node[part] : undefined),
      readLocale(language, namespace),
    );
  if (typeof value !== "string") throw new Error(`no text ${language}/${namespace}:${key}`);
  return value;
}

/** The free plan's rule limit (app/domain/plans.ts), which the public pages write into their copy. */
export const freeLimits = { maxRules: 10 };

/** `text` with its `{{placeholders}}` filled in, as the page fills them. */
export function filledText(language: string, key: string, values: Record<string, number>): string {
  return text(language, key).replace(/\{\{(\w+)\}\}/g, (placeholder, name: string) =>
    String(values[name] ?? placeholder),
  );
}

export async function useLanguage(
  context: BrowserContext,
  baseURL: string | undefined,
  language: string,
): Promise<void> {
  await context.addCookies([{ name: "lang", value: language, url: baseURL ?? "http://localhost" }]);
}

export const isPhone = (page: Page) => (page.viewportSize()?.width ?? 1280) < 768;

/** The header's language menu: a native disclosure (its summary has no ARIA role), with a list of links. */
export const languageMenu = (page: Page) => page.getByRole("banner").locator("details[data-language-menu]");
/** The phone's menu under 768 px: a native disclosure too. */
export const mobileMenu = (page: Page) => page.getByRole("banner").locator("details[data-mobile-menu]");

/** Intl separates number and currency with (narrow) no-break spaces; tests compare with plain spaces. */
export const plainSpaces = (value: string) => value.replace(/[\u00a0\u202f]/g, " ");

export const marketingPages = ["/", "/features", "/pricing", "/about", "/faq", "/dashboard"] as const;

/** Opens a page and waits until React has hydrated it, so the first click is not lost. */
export async function visit(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return response;
}
