import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { languageMenu } from "./marketing-support";

/** What a reader sees on the legal pages, in the two languages these tests read them in. */
const languages = [
  {
    code: "en",
    privacyTitle: "Privacy Policy",
    termsTitle: "Terms of Service",
    lastUpdated: "Last updated: November 25, 2026",
    download: "Download PDF",
    contents: "Contents",
    rightsHeading: "Your rights",
    privacyDescription: /How Samen collects, uses, shares and protects your personal data/,
  },
  {
    code: "de",
    privacyTitle: "Datenschutzerklärung",
    termsTitle: "Allgemeine Geschäftsbedingungen",
    lastUpdated: "Zuletzt aktualisiert: 25. November 2026",
    download: "PDF herunterladen",
    contents: "Inhalt",
    rightsHeading: "Deine Rechte",
    privacyDescription: /Wie Samen deine personenbezogenen Daten erhebt/,
  },
] as const;

async function openInLanguage(page: Page, baseURL: string | undefined, code: string, path: string) {
  await page.context().addCookies([{ name: "lang", value: code, url: baseURL as string }]);
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  // The print button and the contents links need the page hydrated; nothing else loads after it.
  await page.waitForLoadState("networkidle");
}

function legalDocument(page: Page) {
  return page.getByRole("article");
}

/** Long words ("Allgemeine Geschäftsbedingungen") must wrap or hyphenate, not run off a 360 px screen. */
async function expectTextFitsItsColumn(page: Page) {
  const overflowing = await legalDocument(page)
    .locator("h1, h2, p, li")
    .evaluateAll((elements) =>
      elements.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent?.slice(0, 60)),
    );
  expect(overflowing).toEqual([]);
}

for (const language of languages) {
  test.describe(`legal pages in ${language.code}`, () => {
    test(`privacy shows its title, date, 14 sections and a working table of contents @phone`, async ({
      page,
      baseURL,
    }) => {
      await openInLanguage(page, baseURL, language.code, "/privacy");
      await expect(page.locator("html")).toHaveAttribute("lang", language.code);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.privacyTitle);
      await expect(page.getByText(language.lastUpdated)).toBeVisible();
      await expect(page.locator("time")).toHaveAttribute("datetime", "2026-11-25");

      const sections = legalDocument(page).getByRole("region");
      await expect(sections).toHaveCount(14);
      await expect(legalDocument(page).locator("section > h2")).toHaveCount(14);
      await expect(legalDocument(page).locator("section > h2").first()).toHaveAttribute("id", "intro");
      await expect(legalDocument(page).locator("section > h2").last()).toHaveAttribute("id", "disclaimer");
      await expectTextFitsItsColumn(page);

      const contents = page.getByRole("navigation", { name: language.contents });
      if ((page.viewportSize()?.width ?? 0) < 1024) {
        // On a phone the contents start folded so the text is not pushed a screen down.
        await expect(contents).toBeHidden();
        await page.locator("details > summary", { hasText: language.contents }).click();
      }
      await expect(contents.getByRole("link")).toHaveCount(14);
      await contents.getByRole("link", { name: language.rightsHeading }).click();
      await expect(page).toHaveURL(/\/privacy#rights$/);
      await expect(page.getByRole("heading", { level: 2, name: language.rightsHeading })).toBeInViewport();
    });

    test(`privacy sets title, description, canonical and robots`, async ({ page, baseURL }) => {
      await openInLanguage(page, baseURL, language.code, "/privacy");
      await expect(page).toHaveTitle(`${language.privacyTitle} · Samen`);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", language.privacyDescription);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/privacy`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
    });

    test(`terms show 15 sections and link their privacy section to /privacy @phone`, async ({ page, baseURL }) => {
      await openInLanguage(page, baseURL, language.code, "/terms");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.termsTitle);
      await expect(page.getByText(language.lastUpdated)).toBeVisible();
      await expect(legalDocument(page).getByRole("region")).toHaveCount(15);
      await expectTextFitsItsColumn(page);
      await expect(page).toHaveTitle(`${language.termsTitle} · Samen`);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/terms`);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");

      const privacySection = page.locator("section", { has: page.locator("h2#privacy-link") });
      const link = privacySection.getByRole("link", { name: language.privacyTitle });
      await expect(link).toHaveAttribute("href", "/privacy");
      await link.click();
      await expect(page).toHaveURL(/\/privacy$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(language.privacyTitle);
      await expect(legalDocument(page).getByRole("region")).toHaveCount(14);
    });

    test(`the download button opens the print dialog @phone`, async ({ page, baseURL }) => {
      await page.addInitScript(() => {
        const calls = { count: 0 };
        Object.assign(window, { __printCalls: calls });
        window.print = () => {
          calls.count += 1;
        };
      });
      for (const path of ["/privacy", "/terms"]) {
        await openInLanguage(page, baseURL, language.code, path);
        await page.getByRole("button", { name: language.download }).click();
        await expect
          .poll(() =>
            page.evaluate(() => (window as unknown as { __printCalls: { count: number } }).__printCalls.count),
          )
          .toBe(1);
      }
    });

    test(`printing shows only the document @phone`, async ({ page, baseURL }) => {
      await openInLanguage(page, baseURL, language.code, "/terms");
      await expect(page.getByRole("banner")).toBeVisible();
      await page.emulateMedia({ media: "print" });
      await expect(page.getByRole("banner")).toBeHidden();
      await expect(page.getByRole("contentinfo")).toBeHidden();
      await expect(page.getByRole("button", { name: language.download })).toBeHidden();
      await expect(page.getByRole("navigation", { name: language.contents })).toBeHidden();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByText(language.lastUpdated)).toBeVisible();
      await expect(page.locator("section > h2#governing-law")).toBeVisible();
      await expect(page.getByText(`${baseURL}/terms`)).toBeVisible();
      await page.emulateMedia({ media: "screen" });
      await expect(page.getByRole("banner")).toBeVisible();
    });

    test(`axe finds no accessibility violations @phone`, async ({ page, baseURL }) => {
      for (const path of ["/privacy", "/terms"]) {
        await openInLanguage(page, baseURL, language.code, path);
        const results = await new AxeBuilder({ page }).analyze();
        expect(results.violations, `${path} in ${language.code}`).toEqual([]);
      }
    });
  });
}

test("switching the language rewrites the legal text without a reload", async ({ page, baseURL }) => {
  await openInLanguage(page, baseURL, "en", "/privacy");
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  await languageMenu(page).locator("summary").click();
  await languageMenu(page).getByRole("link", { name: "Deutsch" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Datenschutzerklärung");
  await expect(page.getByText("Zuletzt aktualisiert: 25. November 2026")).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Deine Rechte" })).toBeVisible();
  await expect(page).toHaveTitle("Datenschutzerklärung · Samen");
  expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
});
