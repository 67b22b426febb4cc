import { expect, test } from "@playwright/test";
import { createVerifiedUser } from "./fixtures";

test.describe("foundation", () => {
  test("home renders on the server in the visitor's language @phone", async ({ page }) => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
  });

  test("German visitors get German HTML with no English flash", async ({ browser }) => {
    const context = await browser.newContext({
      locale: "de-DE",
      extraHTTPHeaders: { "accept-language": "de-DE,de;q=0.9" },
    });
    const page = await context.newPage();
    const response = await page.request.get("/nonexistent", { headers: { "accept-language": "de" } });
    expect(await response.text()).toContain("Hoppla! Seite nicht gefunden");
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await context.close();
  });

  test("Ukrainian uses the BCP 47 tag uk", async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "lang", value: "ua", url: baseURL as string }]);
    await page.goto("/");
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");
  });

  test("an unknown path answers the 404 page with status 404 @phone", async ({ page }) => {
    const response = await page.goto("/nonexistent");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("scripts run under a nonce-based Content-Security-Policy without violations", async ({ page }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    const response = await page.goto("/");
    const csp = response?.headers()["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-/);
    await page.waitForLoadState("networkidle");
    expect(violations).toEqual([]);
  });

  test("a page kept for anonymous visitors runs its scripts on every visit, also after the browser revalidates it", async ({
    page,
  }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    // What the browser's cache asked with (allHeaders: If-None-Match is added below the page's own headers).
    const validators: Promise<string | undefined>[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/faq")
        validators.push(request.allHeaders().then((headers) => headers["if-none-match"]));
    });
    const first = await page.goto("/faq");
    expect(first?.headers()["cache-control"]).toContain("s-maxage=");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    for (let visit = 0; visit < 2; visit += 1) {
      // A reload revalidates (max-age=0): the server answers 304, and the page the browser kept must still run.
      await page.reload();
      await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    }
    const [firstVisit, ...reloads] = await Promise.all(validators);
    expect(firstVisit).toBeUndefined();
    expect(reloads).toEqual([expect.stringMatching(/^W\/"[\w-]+-br"$/), expect.stringMatching(/^W\/"[\w-]+-br"$/)]);
    expect(violations).toEqual([]);
  });

  test("hashed assets are cached for a year and compressed", async ({ page, request }) => {
    await page.goto("/");
    const script = await page.locator('link[rel="modulepreload"][href*="/framework-"]').getAttribute("href");
    expect(script).toMatch(/^\/assets\//);
    const response = await request.get(script as string, { headers: { "accept-encoding": "gzip" } });
    expect(response.headers()["cache-control"]).toContain("max-age=31536000");
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
  });

  test("a page names its translations' chunks instead of carrying them, and hydrates in its language", async ({
    browser,
  }) => {
    const context = await browser.newContext({
      locale: "de-DE",
      extraHTTPHeaders: { "accept-language": "de-DE,de;q=0.9" },
    });
    const page = await context.newPage();
    const html = await (await page.request.get("/faq")).text();
    // Only the language and the namespaces' names: the words arrive as chunks cached for a year.
    const names = /<script id="samen-translations" type="application\/json">([^<]*)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(names ?? "null")).toEqual({ language: "de", namespaces: ["common", "marketing"] });
    expect(html).toMatch(/"\/assets\/common-[\w-]+\.js"/);
    expect(html).toMatch(/"\/assets\/marketing-[\w-]+\.js"/);

    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/faq");
    await page.waitForSelector("html[data-hydrated]");
    // Hydrated with the loaded words: a mismatch would be logged and the page re-rendered.
    await expect(page.getByRole("heading", { level: 1, name: "Häufige Fragen" })).toBeVisible();
    // Rendered in the browser alone, from the same chunks: the next page after a client-side navigation.
    await page.getByRole("navigation", { name: "Hauptnavigation" }).getByRole("link", { name: "Preise" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Einfache, ehrliche Preise" })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  test("the budget tool draws its icons from one sprite that has each of them; public pages draw theirs inline", async ({
    page,
  }) => {
    await page.goto("/");
    expect(await page.locator("svg.lucide use").count()).toBe(0);
    expect(await page.locator("svg.lucide path").count()).toBeGreaterThan(0);

    await createVerifiedUser(page.request, { name: "Ilse Icons" });
    await page.goto("/app");
    const references = await page
      .locator("svg.lucide use")
      .evaluateAll((uses) => uses.map((use) => use.getAttribute("href") ?? ""));
    expect(references.length).toBeGreaterThan(10);
    const files = new Set(references.map((reference) => reference.split("#")[0]));
    expect([...files]).toEqual([expect.stringMatching(/^\/assets\/icons-[\w-]+\.svg$/)]);
    const sprite = await page.request.get([...files][0] as string);
    expect(sprite.headers()["content-type"]).toContain("image/svg+xml");
    expect(sprite.headers()["cache-control"]).toContain("immutable");
    const symbols = new Set([...(await sprite.text()).matchAll(/<symbol id="([\w-]+)"/g)].map((match) => match[1]));
    for (const reference of references) expect(symbols).toContain(reference.split("#")[1]);
    // Drawn, not empty: an icon from the sprite has the size its class gives it.
    const box = await page.locator("svg.lucide:has(use)").first().boundingBox();
    expect(box?.width).toBeGreaterThan(0);
  });
});
