import { db } from "~/db/client.server";
import { blogPost } from "~/db/schema/blog";
import { languages } from "~/domain/languages";
import { logger } from "~/lib/logger.server";
import { articlesChanged } from "./article-changes.server";
import { generateSlug } from "./create-article.server";
import { couplesArticle } from "./demo-content/couples.server";
import { expatsArticle } from "./demo-content/expats.server";
import { familiesArticle } from "./demo-content/families.server";
import { studentsArticle } from "./demo-content/students.server";
import type { DemoArticle } from "./demo-content/types";
import { countBlogPosts } from "./posts.server";

export const demoArticles: DemoArticle[] = [couplesArticle, familiesArticle, expatsArticle, studentsArticle];

/** Writes one demo article: the original, then its seven versions under the original's slug. */
export async function seedDemoArticle(article: DemoArticle, now = new Date()): Promise<void> {
  const createdAt = new Date(now.getTime() - article.daysAgo * 24 * 60 * 60 * 1000);
  const original = article.versions[article.original];
  const slug = await generateSlug({ title: original.title });
  await db().transaction(async (tx) => {
    const [row] = await tx
      .insert(blogPost)
      .values({
        title: original.title,
        excerpt: original.excerpt,
        content: original.paragraphs.join("\n\n"),
        authorName: article.authorName,
        slug,
        language: article.original,
        createdAt,
        published: true,
        machineTranslated: false,
      })
      .returning({ id: blogPost.id });
    if (!row) throw new Error("demo article was not saved");
    const translations = languages
      .filter((language) => language !== article.original)
      .map((language) => {
        const version = article.versions[language];
        return {
          title: version.title,
          excerpt: version.excerpt,
          content: version.paragraphs.join("\n\n"),
          authorName: article.authorName,
          slug,
          language,
          sourceArticleId: row.id,
          createdAt,
          published: true,
          machineTranslated: version.machineTranslated === true,
        };
      });
    await tx.insert(blogPost).values(translations);
  });
  articlesChanged();
}

/** Fills an empty blog with the demo articles so a fresh install looks real at once. */
export async function seedDemoArticles(): Promise<number> {
  if ((await countBlogPosts()) > 0) return 0;
  for (const article of demoArticles) await seedDemoArticle(article);
  logger.info({ articles: demoArticles.length }, "blog demo articles seeded");
  return demoArticles.length;
}
