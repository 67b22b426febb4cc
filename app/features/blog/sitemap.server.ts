import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPost } from "~/db/schema/blog";
import { blogPath, isLanguage, languages, type Language } from "~/domain/languages";
import type { SitemapEntry } from "~/features/marketing/sitemap.server";

/** The blog lists (one per language) and every published article version, for /sitemap.xml. */
export async function listBlogSitemapEntries(): Promise<SitemapEntry[]> {
  const rows = await db()
    .select({
      id: blogPost.id,
      sourceArticleId: blogPost.sourceArticleId,
      slug: blogPost.slug,
      language: blogPost.language,
      createdAt: blogPost.createdAt,
    })
    .from(blogPost)
    .where(eq(blogPost.published, true));
  const posts = rows.filter((row): row is typeof row & { language: Language } => isLanguage(row.language));
  const newest = posts.reduce((latest, post) => (post.createdAt > latest ? post.createdAt : latest), new Date(0));

  const listAlternates = [
    ...languages.map((language) => ({ language, path: blogPath(language) })),
    { language: "x-default" as const, path: blogPath("en") },
  ];
  const lists: SitemapEntry[] = languages.map((language) => ({
    path: blogPath(language),
    lastModified: posts.length ? newest : undefined,
    changeFrequency: "daily",
    priority: 0.7,
    alternates: listAlternates,
  }));

  const families = new Map<string, typeof posts>();
  for (const post of posts) {
    const root = post.sourceArticleId ?? post.id;
    families.set(root, [...(families.get(root) ?? []), post]);
  }
  const articles: SitemapEntry[] = [];
  for (const family of families.values()) {
    const alternates = family
      .sort((a, b) => languages.indexOf(a.language) - languages.indexOf(b.language))
      .map((post) => ({ language: post.language, path: blogPath(post.language, post.slug) }));
    for (const post of family) {
      articles.push({
        path: blogPath(post.language, post.slug),
        lastModified: post.createdAt,
        changeFrequency: "monthly",
        priority: 0.6,
        alternates,
      });
    }
  }
  return [...lists, ...articles];
}
