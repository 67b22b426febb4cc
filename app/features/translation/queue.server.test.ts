import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { useTestDatabase } from "~/db/test-database";
import { blogPost } from "~/db/schema/blog";
import { translationJob } from "~/db/schema/translation";
import { languages } from "~/domain/languages";
import { createArticle } from "~/features/blog/create-article.server";
import { clearBlog, insertTestOriginal, insertTestUser } from "~/features/blog/test-helpers.server";
import { getTranslateAllProgress, translateAllMissing } from "~/features/blog/translate-all.server";
import { translateArticle } from "~/features/blog/translate-article.server";
import type { FakeServer } from "../../../tests/fakes/fake-translation-server";
import { startFakeLibreTranslateServer } from "../../../tests/fakes/libretranslate-server";
import { createLibreTranslateProvider } from "./libretranslate-provider.server";
import { setTranslationProviderForTests } from "./providers.server";
import {
  claimTranslationJob,
  countMissingTranslations,
  enqueueMissingTranslations,
  enqueueTranslations,
  jobLeaseMs,
  releaseInterruptedJobs,
} from "./queue.server";
import { translationMessages } from "./translation-errors";
import { TranslationWorker } from "./worker.server";

useTestDatabase();

let fake: FakeServer;
const workers: TranslationWorker[] = [];

function newWorker(options: Partial<ConstructorParameters<typeof TranslationWorker>[0]> = {}) {
  const worker = new TranslationWorker({
    translate: translateArticle,
    pauseMs: 0,
    idlePollMs: 20,
    backoffMs: 30,
    ...options,
  });
  workers.push(worker);
  return worker;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const jobsOf = (articleId: string) => db().select().from(translationJob).where(eq(translationJob.articleId, articleId));
const versionsOf = (articleId: string) => db().select().from(blogPost).where(eq(blogPost.sourceArticleId, articleId));

beforeAll(async () => {
  fake = await startFakeLibreTranslateServer();
  setTranslationProviderForTests(createLibreTranslateProvider({ url: fake.url }));
});
afterAll(async () => {
  setTranslationProviderForTests(undefined);
  await fake.close();
});
beforeEach(clearBlog);
afterEach(async () => {
  await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  fake.reset();
  setTranslationProviderForTests(createLibreTranslateProvider({ url: fake.url }));
});

describe("claiming jobs", () => {
  it("hands each job to exactly one of many concurrent claimers", async () => {
    const original = await insertTestOriginal();
    await enqueueTranslations({ articleId: original.id, targetLanguages: ["de", "fr", "nl"] });
    const claims = await Promise.all(Array.from({ length: 6 }, (_, i) => claimTranslationJob({ workerId: `w${i}` })));
    const claimed = claims.filter((claim) => claim !== null);
    expect(claimed).toHaveLength(3);
    expect(new Set(claimed.map((claim) => claim.id)).size).toBe(3);
    expect(claimed.every((claim) => claim.attempts === 1)).toBe(true);
  });

  it("does not queue the same article and language twice", async () => {
    const original = await insertTestOriginal();
    expect((await enqueueTranslations({ articleId: original.id, targetLanguages: ["de", "fr"] })).queued).toBe(2);
    expect((await enqueueTranslations({ articleId: original.id, targetLanguages: ["de", "fr", "es"] })).queued).toBe(1);
    expect((await enqueueMissingTranslations()).queued).toBe(4);
    expect(await jobsOf(original.id)).toHaveLength(7);
    expect(await countMissingTranslations()).toBe(7);
  });

  it.runIf(Boolean(process.env.DATABASE_URL))(
    "skips a row another transaction holds (FOR UPDATE SKIP LOCKED on PostgreSQL)",
    async () => {
      const original = await insertTestOriginal();
      await enqueueTranslations({ articleId: original.id, targetLanguages: ["de"] });
      await new Promise((resolve) => setTimeout(resolve, 5));
      await enqueueTranslations({ articleId: original.id, targetLanguages: ["fr"] });
      await db().transaction(async (tx) => {
        // Another server is busy claiming the oldest job and has not committed yet.
        await tx.execute(sql`select id from translation_job where target_language = 'de' for update`);
        const claimed = await claimTranslationJob({ workerId: "other" });
        expect(claimed?.targetLanguage).toBe("fr");
        expect(await claimTranslationJob({ workerId: "third" })).toBeNull();
      });
    },
  );
});

describe("the worker", () => {
  it("translates a published article into the other seven languages", async () => {
    const creator = await insertTestUser({ creator: true });
    const created = await createArticle({
      userId: creator,
      language: "fr",
      input: { authorName: "Léa", title: "Épargner", content: "Un.\nDeux." },
    });
    if (!created.ok) throw new Error("not created");
    newWorker().start();
    await waitFor(async () => (await versionsOf(created.article.id)).length === 7);
    const versions = await versionsOf(created.article.id);
    expect(versions.map((version) => version.language).sort()).toEqual(languages.filter((l) => l !== "fr").sort());
    expect(versions.every((version) => version.machineTranslated && version.slug === "epargner")).toBe(true);
    await waitFor(async () => (await jobsOf(created.article.id)).every((job) => job.status === "done"));
  });

  it("never translates the same article and language twice, even with several workers", async () => {
    const original = await insertTestOriginal();
    await enqueueMissingTranslations();
    fake.state.delayMs = 30;
    for (let i = 0; i < 3; i += 1) newWorker().start();
    await waitFor(async () => (await jobsOf(original.id)).every((job) => job.status === "done"));
    expect(fake.state.requests).toHaveLength(7);
    expect(await versionsOf(original.id)).toHaveLength(7);
  });

  it("pauses between calls", async () => {
    const original = await insertTestOriginal();
    await enqueueTranslations({ articleId: original.id, targetLanguages: ["de", "fr", "es"] });
    const worker = newWorker({ pauseMs: 150 });
    const started = Date.now();
    worker.start();
    await waitFor(async () => (await versionsOf(original.id)).length === 3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2 * 150);
  });

  it("backs off and retries when rate-limited", async () => {
    const original = await insertTestOriginal();
    await enqueueTranslations({ articleId: original.id, targetLanguages: ["de"] });
    fake.setMode("rate-limit", 2);
    const worker = newWorker();
    expect(await worker.runOnce()).toBe("retry");
    const [waiting] = await jobsOf(original.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, lastError: translationMessages.rateLimit });
    expect(waiting?.runAfter.getTime()).toBeGreaterThan(Date.now());
    // Not due yet: nothing to claim.
    expect(await worker.runOnce()).toBe("none");
    worker.start();
    await waitFor(async () => (await jobsOf(original.id))[0]?.status === "done");
    expect((await jobsOf(original.id))[0]?.attempts).toBe(3);
    expect(fake.state.requests).toHaveLength(3);
  });

  it("gives up on a job after repeated service errors", async () => {
    const original = await insertTestOriginal();
    await enqueueTranslations({ articleId: original.id, targetLanguages: ["nl"] });
    fake.setMode("server-error");
    newWorker({ maxErrorAttempts: 2 }).start();
    await waitFor(async () => (await jobsOf(original.id))[0]?.status === "failed");
    expect((await jobsOf(original.id))[0]?.lastError).toMatch(/500/);
  });

  it("stops and reports on an exhausted quota, and goes on when a creator asks again", async () => {
    const creator = await insertTestUser({ creator: true });
    const original = await insertTestOriginal();
    await enqueueTranslations({ articleId: original.id, targetLanguages: ["de", "fr"] });
    fake.setMode("quota");
    const worker = newWorker();
    worker.start();
    await waitFor(async () => worker.state === "quota-exceeded");
    expect(worker.lastError).toBe(translationMessages.quota);
    const requestsAtStop = fake.state.requests.length;
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(fake.state.requests.length).toBe(requestsAtStop);
    expect((await jobsOf(original.id)).every((job) => job.status === "pending")).toBe(true);

    fake.setMode("ok");
    // The bulk action resumes the process-wide worker; this test's worker is resumed the same way.
    const bulk = await translateAllMissing({ userId: creator });
    worker.resume();
    await waitFor(async () => (await versionsOf(original.id)).length === 7);
    if (!bulk.ok) throw new Error("bulk not queued");
    await waitFor(
      async () => (await getTranslateAllProgress({ userId: creator, batchId: bulk.batchId }))?.waiting === 0,
    );
    expect(await getTranslateAllProgress({ userId: creator, batchId: bulk.batchId })).toMatchObject({
      total: 7,
      done: 7,
      failed: 0,
    });
  });

  it("survives a restart: work left running by a dead process is taken up again", async () => {
    const original = await insertTestOriginal();
    await enqueueTranslations({ articleId: original.id, targetLanguages: ["de", "pl"] });
    // A process claimed both jobs and died: one long ago (lease over), one just now.
    await claimTranslationJob({ workerId: "dead" });
    await claimTranslationJob({ workerId: "dead" });
    await db()
      .update(translationJob)
      .set({ lockedAt: sql`now() - ${jobLeaseMs + 1000} * interval '1 millisecond'` })
      .where(eq(translationJob.targetLanguage, "de"));
    const worker = newWorker();
    expect(await worker.runOnce()).toBe("done");
    expect(await worker.runOnce()).toBe("none");
    // On the embedded database the server releases everything still running at start-up.
    expect(await releaseInterruptedJobs()).toBe(1);
    expect(await worker.runOnce()).toBe("done");
    expect((await versionsOf(original.id)).map((version) => version.language).sort()).toEqual(["de", "pl"]);
  });

  it("waits while no provider is configured and keeps the jobs", async () => {
    const original = await insertTestOriginal();
    await enqueueTranslations({ articleId: original.id, targetLanguages: ["tr"] });
    setTranslationProviderForTests(null);
    const worker = newWorker();
    worker.start();
    await waitFor(async () => worker.state === "not-configured");
    expect((await jobsOf(original.id))[0]?.status).toBe("pending");
    setTranslationProviderForTests(createLibreTranslateProvider({ url: fake.url }));
    worker.wake();
    await waitFor(async () => (await versionsOf(original.id)).length === 1);
  });
});
