import crypto from "node:crypto";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { blogPost } from "~/db/schema/blog";
import { translationJob } from "~/db/schema/translation";
import type { Language } from "~/domain/languages";

/** Inserts a user row directly (the accounts area owns sign-up); returns its id. */
export async function insertTestUser({
  creator = false,
  email,
}: { creator?: boolean; email?: string } = {}): Promise<string> {
  const id = crypto.randomUUID();
  await db()
    .insert(user)
    .values({
      id,
      name: creator ? "Creator" : "Reader",
      email: email ?? `${id}@samen.test`,
      emailVerified: true,
      isCreator: creator,
    });
  return id;
}

/** Inserts a published original directly. */
export async function insertTestOriginal({
  title = "Budget basics",
  slug = "budget-basics",
  language = "en",
  content = "First paragraph.\nSecond paragraph.",
  excerpt = null,
  createdAt = new Date(),
}: {
  title?: string;
  slug?: string;
  language?: Language;
  content?: string;
  excerpt?: string | null;
  createdAt?: Date;
} = {}) {
  const [row] = await db()
    .insert(blogPost)
    .values({ title, slug, language, content, excerpt, authorName: "Test Author", createdAt, published: true })
    .returning();
  if (!row) throw new Error("not inserted");
  return row;
}

export async function clearBlog(): Promise<void> {
  await db().delete(translationJob);
  await db().delete(blogPost);
}
