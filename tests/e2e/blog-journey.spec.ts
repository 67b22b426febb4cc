import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { createVerifiedUser, testAccount, type TestAccount } from "./fixtures";
import { languageMenu, visit } from "./marketing-support";

// One creator account (CREATOR_EMAILS in playwright.config.ts) and one fake translation service are
// shared by these tests, so they run in order.
test.describe.configure({ mode: "serial" });

const fakeUrl = () => `http://127.0.0.1:${process.env.E2E_TRANSLATE_PORT}`;

async function setFakeMode(mode: "ok" | "quota" | "rate-limit" | "server-error") {
  const response = await fetch(`${fakeUrl()}/__fake/mode`, { method: "POST", body: JSON.stringify({ mode }) });
  expect(response.ok).toBe(true);
}

async function fakeRequestCount(): Promise<number> {
  return ((await (await fetch(`${fakeUrl()}/__fake/requests`)).json()) as unknown[]).length;
}

const couple = {
  slug: "budgeting-as-a-couple-one-plan-two-people",
  en: "Budgeting as a couple: one plan, two people",
  de: "Budget als Paar: ein Plan, zwei Menschen",
  tr: "Çift olarak bütçe yapmak: tek plan, iki kişi",
};

let creator: TestAccount;
let creatorContext: BrowserContext;

async function creatorPage(browser: Browser): Promise<Page> {
  if (!creatorContext) {
    creatorContext = await browser.newContext();
    creator = testAccount({ email: "creator@samen.test", name: "Clara Creator" });
    await createVerifiedUser(creatorContext.request, creator);
  }
  return creatorContext.newPage();
}

// A test that failed half-way may leave the fake out of quota and the queue stopped; its retry, which runs the file
// again from the top, starts from a working queue as the first run did.
// eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a hook uses from this pattern.
test.afterEach(async ({}, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus || !creatorContext) return;
  await setFakeMode("ok");
  await creatorContext.request.post("/blog", { form: { intent: "translate-all" } });
});

async function publish(page: Page, article: { author: string; title: string; content: string }) {
  await page.goto("/blog");
  await page.getByTestId("write-article-toggle").click();
  const editor = page.getByTestId("article-editor");
  await editor.getByLabel("Author name").fill(article.author);
  await editor.getByLabel("Title").fill(article.title);
  await editor.getByLabel("Content").fill(article.content);
  await editor.getByRole("button", { name: "Publish" }).click();
  await expect(page.getByText("Article created successfully!").first()).toBeVisible();
  await expect(page.getByText("Your blog post has been published.").first()).toBeVisible();
  await expect(editor).toBeHidden();
  await expect(page.getByTestId("article-card").first()).toContainText(article.title);
}

test.afterAll(async () => {
  await setFakeMode("ok");
  await creatorContext?.close();
});

test("a visitor reads the blog: list, article, another language and an automatic translation", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Calm advice for everyday money" })).toBeVisible();
  await expect(page).toHaveTitle("Blog · Samen");
  const cards = page.getByTestId("article-card");
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeGreaterThanOrEqual(4);
  // Newest first; a card whose text a machine wrote carries the badge.
  const studentCard = cards.filter({ hasText: "Student budget: getting through the month without stress" });
  await expect(studentCard.getByTestId("auto-translated-badge")).toHaveText("Auto-translated");
  await expect(cards.filter({ hasText: couple.en }).getByTestId("auto-translated-badge")).toHaveCount(0);
  await expect(page.getByTestId("write-article-toggle")).toHaveCount(0);

  await page.getByRole("link", { name: couple.en }).click();
  await expect(page).toHaveURL(`/blog/${couple.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(couple.en);
  await expect(page.locator("time").first()).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  await expect(page.getByTestId("article-content").locator("p")).toHaveCount(6);
  await expect(page.getByText("By Anna de Vries")).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/blog/${couple.slug}$`));
  await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(9);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute("content", "article");
  await expect(page.getByTestId("other-versions").getByRole("link")).toHaveCount(7);

  // The header's language switcher keeps the article and swaps the prefix.
  await languageMenu(page).locator("summary").click();
  await languageMenu(page).getByRole("link", { name: "Deutsch" }).click();
  await expect(page).toHaveURL(`/de/blog/${couple.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(couple.de);
  await expect(page.getByRole("link", { name: "Zurück zum Blog" })).toBeVisible();
  await expect(page.locator("time").first()).toHaveText(/^\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}$/);
  await expect(page.getByTestId("auto-translated-notice")).toHaveCount(0);

  // A version written by the translation service says so.
  await page.getByTestId("other-versions").getByRole("link", { name: "Türkçe" }).click();
  await expect(page).toHaveURL(`/tr/blog/${couple.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(couple.tr);
  await expect(page.getByTestId("auto-translated-notice")).toContainText("Otomatik çevrildi");
  await expect(
    page.getByTestId("auto-translated-notice").getByRole("link", { name: "Orijinalini okuyun" }),
  ).toHaveAttribute("href", `/blog/${couple.slug}`);
  await expect(page.locator("html")).toHaveAttribute("lang", "tr");
});

test("six skeleton cards show while another language's list loads", async ({ page }) => {
  // Before hydration the menu's link would load the Dutch list as a new page, with no skeletons: `visit` waits for it.
  await visit(page, "/blog");
  await page.route(/\/nl\/blog\.data/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await languageMenu(page).locator("summary").click();
  await languageMenu(page).getByRole("link", { name: "Nederlands" }).click();
  await expect(page.getByTestId("article-card-skeleton")).toHaveCount(6);
  await expect(page).toHaveURL("/nl/blog");
  await expect(page.getByTestId("article-card-skeleton")).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rustig advies voor je dagelijkse geld");
});

test("paths: /en redirects, an unknown prefix is a 404, a missing article says so, feeds per language", async ({
  page,
  request,
}) => {
  const redirected = await request.get(`/en/blog/${couple.slug}`, { maxRedirects: 0 });
  expect(redirected.status()).toBe(301);
  expect(redirected.headers().location).toBe(`/blog/${couple.slug}`);

  const unknown = await page.goto("/xx/blog");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();

  for (const path of ["/blog/no-such-article", "/de/blog/%20%20"]) {
    const missing = await page.goto(path);
    expect(missing?.status()).toBe(404);
    await expect(page.getByTestId("no-article")).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Keine Artikel gefunden." })).toBeVisible();
  await page.getByRole("link", { name: "Zurück zum Blog" }).click();
  await expect(page).toHaveURL("/de/blog");

  const feed = await request.get("/ua/blog/rss.xml");
  expect(feed.headers()["content-type"]).toContain("application/rss+xml");
  const xml = await feed.text();
  expect(xml).toContain("<language>uk</language>");
  expect(xml).toContain(`/ua/blog/${couple.slug}</link>`);
  expect(xml).toContain("Бюджет для пари: один план, двоє людей");

  // Every published version is in the sitemap, with its language alternates.
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain(`/ua/blog/${couple.slug}</loc>`);
  expect(sitemap).toMatch(new RegExp(`hreflang="uk" href="[^"]+/ua/blog/${couple.slug}"`));
  expect(sitemap).toContain("/tr/blog</loc>");
});

test("a creator publishes and the background translations appear in the other languages", async ({ browser, page }) => {
  await setFakeMode("ok");
  // Visitors see no editor; the creator does.
  await page.goto("/blog");
  await expect(page.getByTestId("write-article-toggle")).toHaveCount(0);

  const creatorTab = await creatorPage(browser);
  const title = `Money date night ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replaceAll(" ", "-");
  await publish(creatorTab, {
    author: "Clara Creator",
    title,
    content: "Pick one evening a month.\nLook at the numbers together, then plan something nice.",
  });
  await creatorTab.getByRole("link", { name: title }).click();
  await expect(creatorTab).toHaveURL(`/blog/${slug}`);
  await expect(creatorTab.getByTestId("article-content").locator("p")).toHaveCount(2);

  // The queue translates into the seven other languages without anyone asking.
  for (const [language, tag] of [
    ["nl", "nl"],
    ["de", "de"],
    ["fr", "fr"],
    ["es", "es"],
    ["pl", "pl"],
    ["tr", "tr"],
    ["ua", "uk"],
  ] as const) {
    await expect
      .poll(async () => (await page.request.get(`/${language}/blog/${slug}`)).text(), { timeout: 20_000 })
      .toContain(`[${tag}] ${title}`);
  }
  await page.goto(`/de/blog/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`[de] ${title}`);
  await expect(page.getByTestId("auto-translated-notice")).toBeVisible();
  await expect(page.getByTestId("translate-on-demand")).toHaveCount(0);
  await expect(page.getByTestId("article-content").locator("p")).toHaveCount(2);
});

test("when the provider's quota runs out the queue stops; visitors translate on demand; translate-all finishes the rest", async ({
  browser,
}) => {
  const creatorTab = await creatorPage(browser);
  await setFakeMode("quota");
  const before = await fakeRequestCount();
  const title = `Splitting rent fairly ${Date.now().toString(36)}`;
  const slug = title.toLowerCase().replaceAll(" ", "-");
  await publish(creatorTab, { author: "Clara Creator", title, content: "Share in proportion to income." });
  // The worker tried once, met the exhausted quota and stopped.
  await expect.poll(fakeRequestCount).toBeGreaterThan(before);
  await creatorTab.reload();
  const panel = creatorTab.getByTestId("translate-all-panel");
  await expect(panel.getByText("Translation quota exceeded")).toBeVisible();
  await expect(panel).toContainText("Missing translations:");

  const visitor = await browser.newPage();
  // On demand, while the quota is still exhausted: the quota notice, and the original meanwhile.
  await visitor.goto(`/es/blog/${slug}`);
  await expect(visitor.locator('[data-error-kind="quota"]')).toContainText("Cuota de traducción superada");
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);

  await setFakeMode("ok");
  await visitor.getByRole("button", { name: "Intentar de nuevo" }).click();
  await expect(visitor.getByText("¡Traducción completada!").first()).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`[es] ${title}`);
  await expect(visitor.getByTestId("auto-translated-notice")).toBeVisible();

  // Opening a language without a version translates at once.
  await visitor.goto(`/nl/blog/${slug}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`[nl] ${title}`);
  await expect(visitor.getByText("Vertaling klaar!").first()).toBeVisible();

  // The list shows the spec's dashed card with a translate button.
  await visit(visitor, "/de/blog");
  const dashed = visitor.getByTestId("untranslated-card").filter({ hasText: title });
  await expect(dashed).toContainText("Noch nicht auf Deutsch verfügbar");
  await dashed.getByRole("button", { name: "Übersetzen" }).click();
  await expect(visitor.getByText("Übersetzung fertig!").first()).toBeVisible();
  await expect(visitor.getByTestId("article-card").filter({ hasText: `[de] ${title}` })).toBeVisible();
  await visitor.close();

  // The same button is a plain form: without JavaScript (or clicked before the scripts load) the page comes back
  // with the new version in place of the dashed card.
  const plainContext = await browser.newContext({ javaScriptEnabled: false });
  const plain = await plainContext.newPage();
  await plain.goto("/pl/blog");
  await plain
    .getByTestId("untranslated-card")
    .filter({ hasText: title })
    .getByRole("button", { name: "Przetłumacz" })
    .click();
  await expect(plain.getByTestId("article-card").filter({ hasText: `[pl] ${title}` })).toBeVisible();
  await plainContext.close();

  // Clicked while the scripts are still on their way: the form posts as a page, and once that page has hydrated it
  // shows the same toast as the script's request does.
  const early = await browser.newPage();
  let scriptsHeld = true;
  await early.route("**/assets/**/*.js", async (route) => {
    while (scriptsHeld) await new Promise((resolve) => setTimeout(resolve, 50));
    await route.continue();
  });
  await early.goto("/tr/blog", { waitUntil: "commit" });
  const card = early.getByTestId("untranslated-card").filter({ hasText: title });
  const posted = early.waitForResponse((response) => response.request().method() === "POST");
  await card.getByRole("button", { name: "Çevir" }).click();
  expect((await posted).request().isNavigationRequest()).toBe(true);
  scriptsHeld = false;
  await expect(early.getByText("Çeviri tamamlandı!").first()).toBeVisible();
  await expect(early.getByTestId("article-card").filter({ hasText: `[tr] ${title}` })).toBeVisible();
  await early.close();

  // The creator restarts the queue for everything still missing.
  await creatorTab.reload();
  await panel.getByRole("button", { name: "Translate all missing" }).click();
  await expect(panel.getByTestId("bulk-summary")).toHaveText(/^(\d+) of \1 translated$/, { timeout: 30_000 });
  await expect(panel.getByTestId("bulk-failed")).toHaveCount(0);
  for (const [language, tag] of [
    ["fr", "fr"],
    ["pl", "pl"],
    ["tr", "tr"],
    ["ua", "uk"],
  ] as const) {
    expect(await (await creatorTab.request.get(`/${language}/blog/${slug}`)).text()).toContain(`[${tag}] ${title}`);
  }
});

test("a creator's empty or blank fields are refused with the spec's error toast", async ({ browser }) => {
  const creatorTab = await creatorPage(browser);
  await creatorTab.goto("/blog");
  await creatorTab.getByTestId("write-article-toggle").click();
  const editor = creatorTab.getByTestId("article-editor");
  await expect(editor.getByLabel("Excerpt (optional)")).toHaveAttribute("rows", "4");
  await expect(editor.getByLabel("Content")).toHaveAttribute("rows", "12");
  await editor.getByLabel("Author name").fill("   ");
  await editor.getByLabel("Title").fill("A title");
  await editor.getByLabel("Content").fill("  ");
  await editor.getByRole("button", { name: "Publish" }).click();
  await expect(creatorTab.getByText("Error creating article").first()).toBeVisible();
  await expect(editor.getByText("Please enter the author's name.")).toBeVisible();
  await expect(editor.getByText("Please write the article's content.")).toBeVisible();
  await editor.getByRole("button", { name: "Cancel" }).click();
  await expect(editor).toBeHidden();
});

test("blog pages pass axe for visitors and creators", async ({ browser, page }) => {
  for (const path of ["/blog", `/blog/${couple.slug}`, `/ua/blog/${couple.slug}`, "/blog/missing-article"]) {
    await page.goto(path);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations, path).toEqual([]);
  }
  const creatorTab = await creatorPage(browser);
  await creatorTab.goto("/blog");
  await creatorTab.getByTestId("write-article-toggle").click();
  const results = await new AxeBuilder({ page: creatorTab })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(results.violations).toEqual([]);
});

test("the blog reads well on a phone @phone", async ({ page }) => {
  await page.goto("/blog");
  await expect(page.getByTestId("article-card").first()).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole("link", { name: couple.en }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(couple.en);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
});
