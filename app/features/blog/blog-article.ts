import type { Language } from "~/domain/languages";

/** A blog post as pages and API answers carry it (dates as ISO strings). */
export interface BlogArticle {
  id: string;
  title: string;
  content: string;
  excerpt: string | null;
  authorName: string;
  slug: string;
  createdAt: string;
  language: Language;
  sourceArticleId: string | null;
  machineTranslated: boolean;
}

/** What a list card shows: no content, and the excerpt already resolved (the page stays small). */
export type CardArticle = Omit<BlogArticle, "content" | "excerpt"> & { excerpt: string };

/** One card of the list: the original's version in the wanted language, or the original waiting for one. */
export type BlogCard =
  { kind: "article"; article: CardArticle; autoTranslated: boolean } | { kind: "untranslated"; original: CardArticle };

/** The spec's "translation call result". */
export interface TranslationResult {
  translated: boolean;
  cached: boolean;
  article: BlogArticle | null;
  error?: string;
}

/** The spec's excerpt fallback: the first 150 characters of content and an ellipsis. */
export const excerptFallbackLength = 150;

export function cardExcerpt(article: Pick<BlogArticle, "excerpt" | "content">): string {
  if (article.excerpt?.trim()) return article.excerpt.trim();
  const text = article.content.replace(/\s+/g, " ").trim();
  return `${text.slice(0, excerptFallbackLength)}…`;
}

/** Content split at line breaks into paragraphs, blank lines dropped. */
export function toParagraphs(content: string): string[] {
  return content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}
