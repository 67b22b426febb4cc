import { blogPath, toBcp47, type Language } from "~/domain/languages";
import { allResources } from "~/i18n/resources.server";
import { fieldOf } from "~/lib/field-of";
import { cardExcerpt } from "./blog-article";
import { listArticlesInLanguage } from "./posts.server";

function escapeXml(text: string): string {
  return text.replace(
    /[<>&'"]/g,
    (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char,
  );
}

function blogText(language: Language, key: "title" | "description"): string {
  const text = fieldOf(fieldOf(allResources[language]?.blog ?? allResources.en?.blog, "rss"), key);
  return typeof text === "string" ? text : "Samen";
}

/** RSS 2.0 of the articles written or translated into one language, newest first. */
export async function buildBlogFeed({ language, origin }: { language: Language; origin: string }): Promise<string> {
  const articles = await listArticlesInLanguage({ language, limit: 50 });
  const listUrl = origin + blogPath(language);
  const feedUrl = `${listUrl}/rss.xml`;
  const items = articles.map((article) => {
    const url = origin + blogPath(language, article.slug);
    return [
      "    <item>",
      `      <title>${escapeXml(article.title)}</title>`,
      `      <link>${escapeXml(url)}</link>`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      <pubDate>${new Date(article.createdAt).toUTCString()}</pubDate>`,
      `      <dc:creator>${escapeXml(article.authorName)}</dc:creator>`,
      `      <description>${escapeXml(cardExcerpt(article))}</description>`,
      "    </item>",
    ].join("\n");
  });
  const lastBuild = articles[0] ? new Date(articles[0].createdAt).toUTCString() : new Date(0).toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    "  <channel>",
    `    <title>${escapeXml(blogText(language, "title"))}</title>`,
    `    <link>${escapeXml(listUrl)}</link>`,
    `    <description>${escapeXml(blogText(language, "description"))}</description>`,
    `    <language>${toBcp47(language)}</language>`,
    `    <lastBuildDate>${lastBuild}</lastBuildDate>`,
    `    <atom:link href="${escapeXml(feedUrl)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    "  </channel>",
    "</rss>",
    "",
  ].join("\n");
}
