import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { blogPost } from "~/db/schema";
import { blogPath, isLanguage, languages, toBcp47, type Language } from "~/domain/languages";

export interface BlogSitemapEntry {
  /** Site-relative path, e.g. /de/blog/budget-tips. */
  path: string;
  lastModified: Date;
  language: Language;
  /** Every version of the same article (this one included), for <xhtml:link rel="alternate" hreflang>. */
  alternates: { hreflang: string; path: string }[];
}

/** The blog lists (one per language) and every published article version, for /sitemap.xml. */
export async function listBlogSitemapEntries(): Promise<BlogSitemapEntry[]> {
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

  const listAlternates = languages.map((language) => ({ hreflang: toBcp47(language), path: blogPath(language) }));
  const lists: BlogSitemapEntry[] = languages.map((language) => ({
    path: blogPath(language),
    lastModified: newest,
    language,
    alternates: listAlternates,
  }));

  const families = new Map<string, typeof posts>();
  for (const post of posts) {
    const root = post.sourceArticleId ?? post.id;
    families.set(root, [...(families.get(root) ?? []), post]);
  }
  const articles: BlogSitemapEntry[] = [];
  for (const family of families.values()) {
    const alternates = family
      .sort((a, b) => languages.indexOf(a.language) - languages.indexOf(b.language))
      .map((post) => ({ hreflang: toBcp47(post.language), path: blogPath(post.language, post.slug) }));
    for (const post of family) {
      articles.push({ path: blogPath(post.language, post.slug), lastModified: post.createdAt, language: post.language, alternates });
    }
  }
  return [...lists, ...articles];
}
