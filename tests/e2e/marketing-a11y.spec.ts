import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { isPhone, languageMenu, marketingPages, mobileMenu, useLanguage, visit } from "./marketing-support";

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
  expect(summary, label).toEqual([]);
}

for (const language of ["en", "de"] as const) {
  test(`axe finds no violations on any public page in ${language} @phone`, async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL, language);
    for (const path of [...marketingPages, "/no-such-page"]) {
      await visit(page, path);
      await expectNoViolations(page, `${language} ${path}`);
    }
  });
}

test("axe finds no violations with the menu, the language list, an FAQ answer or a screenshot open @phone", async ({
  page,
}) => {
  await visit(page, "/");
  if (isPhone(page)) {
    await mobileMenu(page).locator("summary").click();
    await expect(mobileMenu(page).getByRole("group", { name: "Menu" })).toBeVisible();
    await expectNoViolations(page, "mobile menu");
    await page.keyboard.press("Escape");
  } else {
    await languageMenu(page).locator("summary").click();
    await expect(languageMenu(page).getByRole("list", { name: "Choose language" })).toBeVisible();
    await expectNoViolations(page, "language menu");
    await page.keyboard.press("Escape");
  }
  await page.getByRole("button", { name: "Enlarge screenshot: Analytics" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "screenshot dialog");
  await page.keyboard.press("Escape");

  await visit(page, "/faq");
  await page.locator("summary", { hasText: "Is Samen really free?" }).click();
  await expectNoViolations(page, "faq open");
});
