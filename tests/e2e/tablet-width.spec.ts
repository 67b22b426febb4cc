import { expect, test } from "@playwright/test";
import { createVerifiedUser, sidewaysOverflow } from "./fixtures";

/**
 * At 768 px the sidebar leaves about 490 px for a page: the narrowest room a signed-in screen gets. Every screen, with
 * entries in it, in the languages with the longest labels, keeps within it (the income and expense pages and the
 * dashboard once ran 48–144 px past it in German, French, Polish and Ukrainian).
 */

const screens = [
  "/app",
  "/app/income",
  "/app/expenses",
  "/app/budgets",
  "/app/recurring",
  "/app/accounts",
  "/app/import",
  "/app/rules",
  "/app/goals",
  "/app/settle-up",
  "/app/reports",
  "/app/exports",
  "/app/settings",
  "/app/upgrade",
  "/app/more",
];
const languages = ["de", "fr", "pl", "ua", "tr"] as const;
const bcp47 = { de: "de", fr: "fr", pl: "pl", ua: "uk", tr: "tr" } as const;
const groceries = "00000000-0000-4000-8000-000000000202";
const salary = "00000000-0000-4000-8000-000000000101";

test("every signed-in screen fits 768 px in the languages with the longest labels", async ({ browser, baseURL }) => {
  test.setTimeout(360_000);
  const context = await browser.newContext({ viewport: { width: 768, height: 1000 } });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name: "Tabea Tablet" });
  expect((await page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);
  const today = new Date().toISOString().slice(0, 10);
  for (const form of [
    { kind: "income", amount: "3250", categoryId: salary, description: "Gehalt" },
    { kind: "expense", amount: "84.20", categoryId: groceries, description: "Wocheneinkauf im Supermarkt" },
  ]) {
    expect(
      (
        await page.request.post("/app/transactions/new", {
          form: { intent: "add", js: "1", occurredOn: today, ...form },
        })
      ).status(),
    ).toBe(200);
  }

  const wide: string[] = [];
  for (const language of languages) {
    await context.addCookies([{ name: "lang", value: language, url: baseURL as string }]);
    for (const path of screens) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("lang", bcp47[language]);
      for (const element of await sidewaysOverflow(page)) wide.push(`${language} ${path}: ${element}`);
    }
  }
  expect(wide).toEqual([]);
  await context.close();
});
