import { z } from "zod";
import { articleLimits } from "./article-limits";

/** The messages are keys in the blog namespace. */
const required = (max: number, key: string) =>
  z
    .string({ error: `editor.errors.${key}Required` })
    .trim()
    .min(1, { error: `editor.errors.${key}Required` })
    .max(max, { error: `editor.errors.${key}TooLong` });

/** The spec's new-article form: author name, title and content required, excerpt optional (empty → null). */
export const newArticleSchema = z.object({
  authorName: required(articleLimits.authorName, "authorName"),
  title: required(articleLimits.title, "title"),
  excerpt: z
    .string()
    .trim()
    .max(articleLimits.excerpt, { error: "editor.errors.excerptTooLong" })
    .optional()
    .transform((value) => (value ? value : null)),
  content: required(articleLimits.content, "content"),
});

export type NewArticle = z.infer<typeof newArticleSchema>;
export type NewArticleField = keyof NewArticle;
