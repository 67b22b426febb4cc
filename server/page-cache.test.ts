import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { seedUser } from "../db/seed/budget";
import { createArticle } from "~/features/blog/create-article.server";
import { demoArticles, seedDemoArticle } from "~/features/blog/seed-demo-articles.server";
import { insertTestOriginal, insertTestUser } from "~/features/blog/test-helpers.server";
import { translateArticle } from "~/features/blog/translate-article.server";
import { setTranslationProviderForTests } from "~/features/translation/providers.server";
import { createApp } from "./app";
import { createPageCache, processPageCache } from "./page-cache";
import { fillTemplate } from "./page-template";
import { startupTasks } from "./startup";
import { useTestServer } from "./test-server";

vi.mock("virtual:react-router/server-build", async () => (await import("./test-page-build")).pageServerBuild());

const server = useTestServer();
const cache = processPageCache();

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (still compressed). */
  raw: Buffer;
  /** The body decoded. */
  text: string;
}

/** One request with exactly these headers (fetch would add its own Accept-Encoding and decode for us). */
function request(
  path: string,
  headers: Record<string, string> = {},
  { method = "GET", base = server.url("/") } = {},
): Promise<Answer> {
  const target = new URL(base);
  return new Promise((resolve, reject) => {
    const sent = http.request(
      { host: target.hostname, port: target.port, path, method, headers: { host: target.host, ...headers } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const raw = Buffer.concat(chunks);
          const encoding = raw.length > 0 ? response.headers["content-encoding"] : undefined;
          const decoded =
            encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
          resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, text: decoded.toString("utf8") });
        });
      },
    );
    sent.on("error", reject);
    sent.end();
  });
}

const cspNonce = (answer: Answer) =>
  /'nonce-([^']+)'/.exec(String(answer.headers["content-security-policy"]))?.[1] ?? "";
const withoutNonce = (answer: Answer) => answer.text.replaceAll(cspNonce(answer), "NONCE");

/** Every kept page, decoded from every form it is kept in. */
function keptTexts(): string[] {
  return cache.pages().flatMap((page) => {
    const nonce = "AAAAAAAAAAAAAAAAAAAAAA==";
    const forms = [fillTemplate(page.template, nonce, "identity")];
    if (page.template.compressed.br) forms.push(zlib.brotliDecompressSync(fillTemplate(page.template, nonce, "br")));
    if (page.template.compressed.gzip) forms.push(zlib.gunzipSync(fillTemplate(page.template, nonce, "gzip")));
    return forms.map((form) => form.toString("utf8"));
  });
}

let slug = "";

beforeAll(async () => {
  // The start-up task that hands the cache's invalidation to the blog, as the server runs it.
  await startupTasks.find((task) => task.name.startsWith("page cache"))!.run();
  slug = (await insertTestOriginal({ title: "Kept pages", slug: "kept-pages" })).slug;
});

beforeEach(() => cache.invalidate());

describe("the page cache for anonymous visitors", () => {
  it("renders a public page once and answers the same page again, each time with its own nonce", async () => {
    const first = await request("/blog", { "accept-encoding": "identity" });
    const second = await request("/blog", { "accept-encoding": "identity" });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.headers["x-page-cache"], second.headers["x-page-cache"]]).toEqual(["miss", "hit"]);
    expect(withoutNonce(second)).toBe(withoutNonce(first));
    expect(second.text).toContain("Kept pages");
    for (const answer of [first, second]) {
      // The nonce in the page is the one the answer's CSP allows, in every place the page carries one.
      expect(cspNonce(answer)).toMatch(/^[A-Z0-9+/]{22}==$/i);
      const nonces = [...answer.text.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]);
      expect(nonces.length).toBeGreaterThan(0);
      expect(new Set(nonces)).toEqual(new Set([cspNonce(answer)]));
    }
    expect(cspNonce(second)).not.toBe(cspNonce(first));
    expect(second.headers["cache-control"]).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
    expect(second.headers.vary).toBe("Accept-Encoding, Cookie");
    expect(second.headers["content-type"]).toBe("text/html; charset=utf-8");
  });

  it("keeps a page that asks for its scripts once painted; a page it does not keep is rendered as before", async () => {
    const kept = await request("/features", { "accept-encoding": "br" });
    const rendered = await request("/features?utm_source=test", { "accept-encoding": "br" });
    expect([kept.headers["x-page-cache"], rendered.headers["x-page-cache"]]).toEqual(["miss", undefined]);
    expect(kept.text).not.toMatch(/<link[^>]*rel="modulepreload"/);
    expect(kept.text).toMatch(/<script nonce="[^"]+" type="module"[^>]*>await new Promise\(\(painted\)/);
    expect(rendered.text).toMatch(/<link[^>]*rel="modulepreload"/);
    // The same modules either way: the kept page preloads them from its script.
    const preloaded = (text: string) =>
      [...text.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1]);
    for (const href of preloaded(rendered.text)) expect(kept.text).toContain(`"${href}"`);
  });

  it("answers brotli, gzip and plain alike, each with its own ETag and the answer's nonce", async () => {
    await request("/pricing");
    const answers = await Promise.all(
      ["br", "gzip", "identity"].map((encoding) => request("/pricing", { "accept-encoding": encoding })),
    );
    expect(answers.map((answer) => answer.headers["content-encoding"] ?? "identity")).toEqual([
      "br",
      "gzip",
      "identity",
    ]);
    expect(answers.map((answer) => answer.headers["x-page-cache"])).toEqual(["hit", "hit", "hit"]);
    expect(new Set(answers.map(withoutNonce)).size).toBe(1);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(3);
    for (const answer of answers) expect(Number(answer.headers["content-length"])).toBe(answer.raw.length);
    // A page whose language comes from the visitor's headers says so to shared caches.
    expect(answers[0]!.headers.vary).toBe("Accept-Encoding, Accept-Language, Cookie");
  });

  it("answers 304 to a matching If-None-Match, without a CSP that would not match the page the browser kept", async () => {
    const page = await request("/blog", { "accept-encoding": "gzip" });
    const etag = String(page.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+-gzip"$/);
    const again = await request("/blog", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    expect(again.headers["content-security-policy"]).toBeUndefined();
    expect(again.headers.etag).toBe(etag);
    expect(again.headers["cache-control"]).toBe(page.headers["cache-control"]);
    expect((await request("/blog", { "accept-encoding": "gzip", "if-none-match": 'W/"other"' })).status).toBe(200);
  });

  it("renders a page once however many visitors ask for it at the same moment", async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => request("/terms")));
    expect(answers.map((answer) => answer.headers["x-page-cache"]).sort()).toEqual([
      "hit",
      "hit",
      "hit",
      "hit",
      "hit",
      "miss",
    ]);
    expect(new Set(answers.map(cspNonce)).size).toBe(6);
  });

  it("answers HEAD from a kept page", async () => {
    await request("/faq", { "accept-encoding": "br" });
    const head = await request("/faq", { "accept-encoding": "br" }, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers["x-page-cache"]).toBe("hit");
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    expect(head.raw.length).toBe(0);
  });

  it("keeps a page per language: the path's, else the language cookie's, else Accept-Language's", async () => {
    const german = await request("/", { "accept-language": "de-DE,de;q=0.9" });
    const dutch = await request("/", { "accept-language": "de-DE", cookie: "lang=nl" });
    const english = await request("/");
    expect([german.text, dutch.text, english.text].map((text) => /<html lang="([^"]+)"/.exec(text)?.[1])).toEqual([
      "de",
      "nl",
      "en",
    ]);
    expect((await request("/", { "accept-language": "de" })).headers["x-page-cache"]).toBe("hit");
    expect((await request("/de/blog", { cookie: "lang=de" })).text).toMatch(/<html lang="de"/);
  });

  it("renders as before, and keeps nothing, for sessions, other cookies, credentials, query strings and a language cookie the path overrules", async () => {
    const bypassed: [string, Record<string, string>][] = [
      ["/blog", { cookie: "samen.session_token=abc.def" }],
      ["/blog", { cookie: "lang=en; samen_household=x" }],
      ["/blog", { cookie: "someone_elses=1" }],
      ["/blog", { authorization: "Bearer abc" }],
      ["/blog?page=2", {}],
      ["/blog?", {}],
      ["/de/blog", { cookie: "lang=fr" }],
      ["/auth", {}],
      ["/blog/rss.xml", {}],
      ["/blog/no-such-article", {}],
    ];
    const keptBefore = cache.pages().length;
    for (const [path, headers] of bypassed) {
      const answer = await request(path, headers);
      expect(answer.headers["x-page-cache"], `${path} ${JSON.stringify(headers)}`).toBeUndefined();
      if (path !== "/blog/rss.xml") expect(answer.headers["cache-control"], path).not.toMatch(/public/);
    }
    expect((await request("/blog", { cookie: "samen.session_token=abc.def" })).headers["cache-control"]).toBe(
      "private, no-store",
    );
    // A page rendered for the cache but not kept (a 404) still goes out with the answer's own nonce.
    const missing = await request("/blog/no-such-article");
    expect(missing.status).toBe(404);
    expect(new Set([...missing.text.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]))).toEqual(
      new Set([cspNonce(missing)]),
    );
    expect(cache.pages()).toHaveLength(keptBefore);
    // The cookies the browser's own code reads do not stop a visitor from getting the kept page.
    await request("/blog");
    expect(
      (
        await request("/blog", {
          cookie: "lang=en; samen_tz=Europe%2FAmsterdam; analytics_consent=granted; _ga=GA1.1.1; _ga_ABC123=x",
        })
      ).headers["x-page-cache"],
    ).toBe("hit");
  });

  it("never keeps anything of a signed-in user, however they browse the public pages", async () => {
    const password = "a long and calm passphrase";
    const person = await seedUser({ email: "private.person@samen.test", name: "Private Person", password });
    const signIn = await fetch(server.url("/api/auth/sign-in/email"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: person.email, password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((line) => line.split(";")[0])
      .join("; ");
    const paths = ["/", "/pricing", "/faq", "/blog", `/blog/${slug}`, `/de/blog/${slug}`, "/privacy"];
    for (const path of paths) {
      const signedIn = await request(path, { cookie: `${cookie}; lang=en` });
      expect(signedIn.headers["cache-control"], path).toBe("private, no-store");
      if (!path.startsWith("/de/")) expect(signedIn.text, path).toContain(person.email);
      await request(path, { "accept-encoding": "gzip" });
      await request(path, { cookie: `${cookie}; lang=en` });
    }
    for (const path of paths) expect((await request(path)).headers["x-page-cache"], path).toBe("hit");
    for (const text of keptTexts()) {
      expect(text).not.toContain(person.email);
      expect(text).not.toContain(person.name);
      expect(text).not.toContain(person.id);
    }
  });

  it("keeps no trace of the Host a request named", async () => {
    await request("/about", { host: "attacker.example:8443" });
    expect(keptTexts().join("")).not.toContain("attacker.example");
  });

  it("forgets the kept pages when an article is published, translated or seeded", async () => {
    const creator = await insertTestUser({ creator: true });
    expect((await request("/blog")).text).not.toContain("Fresh from the press");
    const created = await createArticle({
      userId: creator,
      language: "en",
      input: { authorName: "Ed", title: "Fresh from the press", excerpt: "", content: "News." },
    });
    if (!created.ok) throw new Error("article not created");
    const list = await request("/blog");
    expect(list.headers["x-page-cache"]).toBe("miss");
    expect(list.text).toContain("Fresh from the press");

    setTranslationProviderForTests({
      name: "libretranslate",
      translate: async ({ texts, target }) => texts.map((text) => `[${target}] ${text}`),
    });
    try {
      expect((await request(`/de/blog/${created.article.slug}`)).text).not.toContain("[de] Fresh from the press");
      const translated = await translateArticle({ articleId: created.article.id, targetLanguage: "de" });
      expect(translated.translated).toBe(true);
      expect((await request(`/de/blog/${created.article.slug}`)).text).toContain("[de] Fresh from the press");
    } finally {
      setTranslationProviderForTests(undefined);
    }

    const demo = demoArticles[0]!;
    expect((await request("/blog")).text).not.toContain(demo.versions[demo.original].title);
    await seedDemoArticle(demo);
    expect((await request("/blog")).text).toContain(demo.versions[demo.original].title);
  });

  it("renders a page again after an invalidation, and keeps its compressed forms when it did not change", async () => {
    await request("/about");
    const aboutBefore = cache.pages().at(-1)!.template;
    cache.invalidate();
    const again = await request("/about", { "accept-encoding": "br" });
    expect(again.headers["x-page-cache"]).toBe("miss");
    expect(cache.pages().at(-1)!.template).toBe(aboutBefore);
  });

  it("stays within its memory bound, forgetting the least recently used page", async () => {
    const small = createPageCache({ maxBytes: 160_000 });
    const app = createApp({ mountAssets: () => {}, pageCache: small }).listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => app.once("listening", resolve));
    const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}/`;
    try {
      const paths = ["/", "/features", "/pricing", "/about", "/faq", "/privacy", "/terms", "/blog"];
      for (const path of paths) await request(path, {}, { base });
      const kept = small.pages();
      expect(kept.length).toBeGreaterThan(0);
      expect(kept.length).toBeLessThan(paths.length);
      expect(kept.reduce((sum, page) => sum + page.template.bytes + 512, 0)).toBeLessThanOrEqual(160_000);
      expect((await request("/blog", {}, { base })).headers["x-page-cache"]).toBe("hit");
      expect((await request("/", {}, { base })).headers["x-page-cache"]).toBe("miss");
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  });
});

afterAll(() => cache.invalidate());
