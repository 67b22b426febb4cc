import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { useTestDatabase } from "~/db/test-database";
import { blogPost } from "~/db/schema/blog";
import { translationJob } from "~/db/schema/translation";
import { languages } from "~/domain/languages";
import { createLibreTranslateProvider } from "~/features/translation/libretranslate-provider.server";
import { setTranslationProviderForTests } from "~/features/translation/providers.server";
import { translationMessages } from "~/features/translation/translation-errors";
import { startFakeLibreTranslateServer } from "../../../tests/fakes/libretranslate-server";
import type { FakeServer } from "../../../tests/fakes/fake-translation-server";
import { cardExcerpt } from "./blog-article";
import { createArticle, generateSlug } from "./create-article.server";
import { canCreateArticles } from "~/features/auth/creators.server";
import { findArticle, listBlogCards } from "./posts.server";
import {
  consumeTranslationAllowance,
  onDemandTranslationLimit,
  requestArticleTranslation,
} from "./request-translation.server";
import { buildBlogFeed } from "./rss.server";
import { demoArticles, seedDemoArticles } from "./seed-demo-articles.server";
import { listBlogSitemapEntries } from "./sitemap.server";
import { clearBlog, insertTestOriginal, insertTestUser } from "./test-helpers.server";
import { translateArticle } from "./translate-article.server";
import { getTranslateAllProgress, translateAllMissing } from "./translate-all.server";

useTestDatabase();

let fake: FakeServer;
beforeAll(async () => {
  fake = await startFakeLibreTranslateServer();
  setTranslationProviderForTests(createLibreTranslateProvider({ url: fake.url }));
});
afterAll(async () => {
  setTranslationProviderForTests(undefined);
  await fake.close();
});
beforeEach(clearBlog);
afterEach(() => {
  fake.reset();
  setTranslationProviderForTests(createLibreTranslateProvider({ url: fake.url }));
});

describe("canCreateArticles", () => {
  it("is true only for users with the creator role", async () => {
    const creator = await insertTestUser({ creator: true });
    const reader = await insertTestUser();
    expect(await canCreateArticles({ userId: creator })).toBe(true);
    expect(await canCreateArticles({ userId: reader })).toBe(false);
    expect(await canCreateArticles({ userId: "no-such-user" })).toBe(false);
    expect(await canCreateArticles({ userId: null })).toBe(false);
  });
});

describe("createArticle", () => {
  it("publishes a creator's article in the page language and queues its seven translations", async () => {
    const creator = await insertTestUser({ creator: true });
    const result = await createArticle({
      userId: creator,
      language: "de",
      input: {
        authorName: " Jonas ",
        title: "Sparen für den Urlaub",
        excerpt: "   ",
        content: "Erster Absatz.\nZweiter Absatz.",
      },
    });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.article).toMatchObject({
      language: "de",
      slug: "sparen-fur-den-urlaub",
      authorName: "Jonas",
      excerpt: null,
      sourceArticleId: null,
      machineTranslated: false,
    });
    const jobs = await db().select().from(translationJob).where(eq(translationJob.articleId, result.article.id));
    expect(jobs.map((job) => job.targetLanguage).sort()).toEqual(languages.filter((l) => l !== "de").sort());
    expect(jobs.every((job) => job.status === "pending")).toBe(true);
  });

  it("refuses someone who is not a creator", async () => {
    const reader = await insertTestUser();
    const input = { authorName: "A", title: "T", content: "C" };
    expect(await createArticle({ userId: reader, language: "en", input })).toEqual({ ok: false, reason: "forbidden" });
    expect(await createArticle({ userId: null, language: "en", input })).toEqual({ ok: false, reason: "forbidden" });
    expect(await db().select().from(blogPost)).toHaveLength(0);
  });

  it("names each missing required field", async () => {
    const creator = await insertTestUser({ creator: true });
    const result = await createArticle({
      userId: creator,
      language: "en",
      input: { authorName: " ", title: "", content: "\n" },
    });
    expect(result).toEqual({
      ok: false,
      reason: "invalid",
      fieldErrors: {
        authorName: "editor.errors.authorNameRequired",
        title: "editor.errors.titleRequired",
        content: "editor.errors.contentRequired",
      },
    });
  });

  it("gives clashing titles -2, -3 across every language", async () => {
    const creator = await insertTestUser({ creator: true });
    const input = { authorName: "A", title: "Budget tips", content: "C" };
    const first = await createArticle({ userId: creator, language: "en", input });
    const second = await createArticle({ userId: creator, language: "nl", input });
    const third = await createArticle({ userId: creator, language: "en", input });
    expect([first, second, third].map((r) => (r.ok ? r.article.slug : r.reason))).toEqual([
      "budget-tips",
      "budget-tips-2",
      "budget-tips-3",
    ]);
    expect(await generateSlug({ title: "💸" })).toBe("article");
  });
});

describe("listBlogCards", () => {
  it("shows one card per original, newest first, in the wanted language", async () => {
    const older = await insertTestOriginal({ title: "Older", slug: "older", createdAt: new Date("2025-01-01") });
    const newer = await insertTestOriginal({
      title: "Newer",
      slug: "newer",
      language: "nl",
      createdAt: new Date("2025-02-01"),
    });
    await db().insert(blogPost).values({
      title: "Ouder",
      slug: "older",
      language: "nl",
      content: "x",
      authorName: "A",
      sourceArticleId: older.id,
      machineTranslated: true,
    });

    const dutch = await listBlogCards({ language: "nl" });
    expect(
      dutch.map((card) => (card.kind === "article" ? card.article.title : `untranslated:${card.original.title}`)),
    ).toEqual(["Newer", "Ouder"]);
    expect(dutch.map((card) => card.kind === "article" && card.autoTranslated)).toEqual([false, true]);

    const german = await listBlogCards({ language: "de" });
    expect(german.map((card) => card.kind)).toEqual(["untranslated", "untranslated"]);
    expect(german[0]?.kind === "untranslated" && german[0].original.id).toBe(newer.id);
  });
});

describe("findArticle", () => {
  it("finds a version by language and slug, with every version's link", async () => {
    const original = await insertTestOriginal();
    await db().insert(blogPost).values({
      title: "Budget-Grundlagen",
      slug: original.slug,
      language: "de",
      content: "x",
      authorName: "A",
      sourceArticleId: original.id,
    });
    const found = await findArticle({ language: "de", slug: "budget-basics" });
    expect(found.kind).toBe("found");
    if (found.kind !== "found") return;
    expect(found.article.title).toBe("Budget-Grundlagen");
    expect(found.versions).toEqual([
      { language: "en", slug: "budget-basics", isOriginal: true },
      { language: "de", slug: "budget-basics", isOriginal: false },
    ]);
  });

  it("offers the original for translation when the wanted language has no version", async () => {
    await insertTestOriginal();
    const lookup = await findArticle({ language: "fr", slug: "budget-basics" });
    expect(lookup.kind).toBe("needs-translation");
  });

  it("does not find missing, blank or malformed slugs", async () => {
    await insertTestOriginal();
    for (const slug of ["nope", "", "   ", "Budget-Basics", "../x"]) {
      expect((await findArticle({ language: "en", slug })).kind).toBe("not-found");
    }
  });
});

describe("translateArticle", () => {
  it("translates, saves and then answers from the saved version", async () => {
    const original = await insertTestOriginal({ excerpt: "Short intro", content: "Line one.\n\nLine two." });
    const first = await translateArticle({ articleId: original.id, targetLanguage: "pl" });
    expect(first).toMatchObject({ translated: true, cached: false });
    expect(first.article).toMatchObject({
      language: "pl",
      slug: original.slug,
      title: "[pl] Budget basics",
      excerpt: "[pl] Short intro",
      content: "[pl] Line one.\n\n[pl] Line two.",
      sourceArticleId: original.id,
      machineTranslated: true,
    });
    const second = await translateArticle({ articleId: original.id, targetLanguage: "pl" });
    expect(second).toMatchObject({ translated: true, cached: true, article: { id: first.article?.id } });
    expect(fake.state.requests).toHaveLength(1);
  });

  it("translates from the original when asked with a translation's id", async () => {
    const original = await insertTestOriginal();
    const german = await translateArticle({ articleId: original.id, targetLanguage: "de" });
    const french = await translateArticle({ articleId: german.article?.id ?? "", targetLanguage: "fr" });
    expect(french.article).toMatchObject({ title: "[fr] Budget basics", sourceArticleId: original.id });
  });

  it("never makes the same translation twice at once", async () => {
    const original = await insertTestOriginal();
    fake.state.delayMs = 150;
    const results = await Promise.all(
      [1, 2, 3].map(() => translateArticle({ articleId: original.id, targetLanguage: "es" })),
    );
    expect(fake.state.requests).toHaveLength(1);
    expect(new Set(results.map((result) => result.article?.id)).size).toBe(1);
    expect(results.filter((result) => !result.cached)).toHaveLength(1);
    const versions = await db()
      .select()
      .from(blogPost)
      .where(and(eq(blogPost.sourceArticleId, original.id), eq(blogPost.language, "es")));
    expect(versions).toHaveLength(1);
  });

  it("answers the spec's messages for each failure", async () => {
    const original = await insertTestOriginal();
    expect(await translateArticle({ articleId: original.id, targetLanguage: "en" })).toEqual({
      translated: false,
      cached: false,
      article: null,
      error: translationMessages.sameLanguage,
    });
    expect((await translateArticle({ articleId: original.id, targetLanguage: "de", sourceLanguage: "de" })).error).toBe(
      translationMessages.sameLanguage,
    );
    fake.setMode("rate-limit");
    expect((await translateArticle({ articleId: original.id, targetLanguage: "de" })).error).toBe(
      translationMessages.rateLimit,
    );
    fake.setMode("quota");
    expect((await translateArticle({ articleId: original.id, targetLanguage: "de" })).error).toBe(
      translationMessages.quota,
    );
    fake.setMode("server-error");
    const generic = await translateArticle({ articleId: original.id, targetLanguage: "de" });
    expect(generic.error).toMatch(/500/);
    expect(generic.article).toBeNull();
    setTranslationProviderForTests(null);
    expect((await translateArticle({ articleId: original.id, targetLanguage: "de" })).error).toBe(
      translationMessages.notConfigured,
    );
    expect(
      (await translateArticle({ articleId: "00000000-0000-4000-8000-000000000000", targetLanguage: "de" })).error,
    ).toBe(translationMessages.notFound);
    expect(
      (await translateArticle({ articleId: "not-a-uuid'; drop table blog_post", targetLanguage: "de" })).error,
    ).toBe(translationMessages.notFound);
    expect(await db().select().from(blogPost).where(eq(blogPost.language, "de"))).toHaveLength(0);
  });
});

describe("on-demand translation limits", () => {
  it("limits new translations per address for visitors, but not cached ones or creators", async () => {
    const originals = [];
    for (let i = 0; i <= onDemandTranslationLimit.max; i += 1)
      originals.push(await insertTestOriginal({ slug: `a-${i}`, title: `A ${i}` }));
    const ip = `203.0.113.${Math.floor(Math.random() * 200)}`;
    for (const original of originals.slice(0, onDemandTranslationLimit.max)) {
      const result = await requestArticleTranslation({
        articleId: original.id,
        targetLanguage: "nl",
        userId: null,
        clientIp: ip,
      });
      expect(result.error).toBeUndefined();
    }
    const last = originals[onDemandTranslationLimit.max];
    if (!last) throw new Error("missing");
    const refused = await requestArticleTranslation({
      articleId: last.id,
      targetLanguage: "nl",
      userId: null,
      clientIp: ip,
    });
    expect(refused.error).toBe(translationMessages.rateLimit);
    // An existing version is still served.
    const cached = await requestArticleTranslation({
      articleId: originals[0]?.id ?? "",
      targetLanguage: "nl",
      userId: null,
      clientIp: ip,
    });
    expect(cached).toMatchObject({ translated: true, cached: true });
    // Another address, and a creator, may go on.
    expect(
      (
        await requestArticleTranslation({
          articleId: last.id,
          targetLanguage: "tr",
          userId: null,
          clientIp: "198.51.100.7",
        })
      ).error,
    ).toBeUndefined();
    const creator = await insertTestUser({ creator: true });
    expect(
      (await requestArticleTranslation({ articleId: last.id, targetLanguage: "nl", userId: creator, clientIp: ip }))
        .error,
    ).toBeUndefined();
  });

  it("opens a new window once the old one has passed", async () => {
    const ip = "192.0.2.55";
    const start = Date.now();
    for (let i = 0; i < onDemandTranslationLimit.max; i += 1)
      expect(await consumeTranslationAllowance({ ip, now: start })).toBe(true);
    expect(await consumeTranslationAllowance({ ip, now: start + 1000 })).toBe(false);
    expect(await consumeTranslationAllowance({ ip, now: start + onDemandTranslationLimit.windowMs + 1 })).toBe(true);
  });
});

describe("translate all missing", () => {
  it("tells creators when there are no articles, and refuses others", async () => {
    const creator = await insertTestUser({ creator: true });
    const reader = await insertTestUser();
    expect(await translateAllMissing({ userId: creator })).toEqual({ ok: false, reason: "no-articles" });
    await insertTestOriginal();
    expect(await translateAllMissing({ userId: reader })).toEqual({ ok: false, reason: "forbidden" });
    expect(await getTranslateAllProgress({ userId: reader, batchId: "x" })).toBeNull();
  });

  it("queues every missing version under one batch", async () => {
    const creator = await insertTestUser({ creator: true });
    const original = await insertTestOriginal();
    await translateArticle({ articleId: original.id, targetLanguage: "de" });
    const result = await translateAllMissing({ userId: creator });
    expect(result).toMatchObject({ ok: true, total: 6 });
    if (!result.ok) return;
    const progress = await getTranslateAllProgress({ userId: creator, batchId: result.batchId });
    expect(progress).toMatchObject({ total: 6, done: 0, failed: 0, waiting: 6 });
  });

  it("reports a missing provider at once", async () => {
    const creator = await insertTestUser({ creator: true });
    await insertTestOriginal();
    setTranslationProviderForTests(null);
    expect(await translateAllMissing({ userId: creator })).toEqual({
      ok: false,
      reason: "error",
      error: translationMessages.notConfigured,
    });
  });
});

describe("demo articles", () => {
  it("seeds four originals with all eight versions, only into an empty blog", async () => {
    expect(await seedDemoArticles()).toBe(demoArticles.length);
    const rows = await db().select().from(blogPost);
    expect(rows).toHaveLength(demoArticles.length * languages.length);
    expect(rows.filter((row) => row.sourceArticleId === null)).toHaveLength(demoArticles.length);
    expect(rows.some((row) => row.machineTranslated)).toBe(true);
    expect(rows.some((row) => row.sourceArticleId && !row.machineTranslated)).toBe(true);
    for (const language of languages) {
      const cards = await listBlogCards({ language });
      expect(cards.every((card) => card.kind === "article" && card.article.language === language)).toBe(true);
      expect(cards).toHaveLength(demoArticles.length);
    }
    expect(await seedDemoArticles()).toBe(0);
  });

  it("has real, distinct text in every language", () => {
    for (const article of demoArticles) {
      const titles = languages.map((language) => article.versions[language].title);
      expect(new Set(titles).size).toBe(languages.length);
      for (const language of languages) {
        const version = article.versions[language];
        expect(version.paragraphs.length).toBeGreaterThanOrEqual(5);
        expect(cardExcerpt({ excerpt: version.excerpt, content: "" }).length).toBeGreaterThan(40);
      }
    }
  });
});

describe("feeds and sitemap", () => {
  it("lists every published version with its alternates", async () => {
    const original = await insertTestOriginal();
    await translateArticle({ articleId: original.id, targetLanguage: "ua" });
    const entries = await listBlogSitemapEntries();
    const article = entries.find((entry) => entry.path === "/ua/blog/budget-basics");
    expect(article?.alternates).toEqual([
      { language: "en", path: "/blog/budget-basics" },
      { language: "ua", path: "/ua/blog/budget-basics" },
    ]);
    expect(entries.filter((entry) => entry.path.endsWith("/blog"))).toHaveLength(languages.length);
  });

  it("builds an RSS feed per language with escaped text", async () => {
    await insertTestOriginal({ title: "Save <more> & worry less", content: "Plain text." });
    const feed = await buildBlogFeed({ language: "en", origin: "https://samen.example" });
    expect(feed).toContain("<title>Save &lt;more&gt; &amp; worry less</title>");
    expect(feed).toContain("<link>https://samen.example/blog/budget-basics</link>");
    expect(feed).toContain('<atom:link href="https://samen.example/blog/rss.xml"');
    const german = await buildBlogFeed({ language: "de", origin: "https://samen.example" });
    expect(german).not.toContain("<item>");
    expect(german).toContain("<language>de</language>");
  });
});
