import { expect, test, type Browser, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt, waitForMailLink } from "./fixtures";

/**
 * Two people (issue 15, "Views" and "Privacy"): Sanne keeps her personal spending to category totals in Settings;
 * Pieter's expenses list then shows her month per category instead of her entries, marks whose each entry is, and the
 * dashboard and lists switch between Ours, Mine and Sanne's with plain links (the address says which).
 */

const today = new Date().toISOString().slice(0, 10);
const month = today.slice(0, 7);
const groceriesId = "00000000-0000-4000-8000-000000000202";
const healthId = "00000000-0000-4000-8000-000000000205";

async function signedInPage(browser: Browser, name: string, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const account = await createVerifiedUser(page.request, { name });
  return { context, page, account };
}

const add = (page: Page, fields: { amount: string; categoryId: string; description: string; shared: "1" | "0" }) =>
  page.request.post("/app/transactions/new", {
    form: { intent: "add", js: "1", kind: "expense", occurredOn: today, ...fields },
  });

test("a partner keeps her personal spending to category totals; the lists and dashboard switch between ours, mine and hers", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const owner = await signedInPage(browser, "Pieter", viewport);
  const partner = await signedInPage(browser, "Sanne", viewport);

  expect((await owner.page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);
  expect(
    (
      await owner.page.request.post("/app/settings/partners", {
        form: { intent: "invite", email: partner.account.email, language: "en", access: "edit" },
      })
    ).status(),
  ).toBe(200);
  await partner.page.goto(new URL(await waitForMailLink(partner.account.email, "/app/invitations/")).pathname);
  await partner.page.getByRole("button", { name: "Accept and open the budget" }).click();
  await expect(partner.page).toHaveURL(/\/app\?joined=1/);

  expect(
    (
      await add(owner.page, { amount: "90", categoryId: groceriesId, description: "Weekly shop", shared: "1" })
    ).status(),
  ).toBe(200);
  expect(
    (await add(owner.page, { amount: "25", categoryId: groceriesId, description: "Snacks", shared: "0" })).status(),
  ).toBe(200);
  expect(
    (
      await add(partner.page, { amount: "70.13", categoryId: healthId, description: "Therapist Mirjam", shared: "0" })
    ).status(),
  ).toBe(200);
  expect(
    (
      await add(partner.page, { amount: "31.50", categoryId: groceriesId, description: "Market", shared: "1" })
    ).status(),
  ).toBe(200);

  // Sanne chooses, in Settings, where the partners are.
  await partner.page.goto("/app/settings#partner");
  const privacy = partner.page.getByTestId("personal-privacy");
  await expect(privacy.getByText("Show my personal spending to Pieter")).toBeVisible();
  await privacy.getByText("Only as category totals").click();
  await privacy.getByRole("button", { name: "Save choice" }).click();
  await expect(privacy.getByRole("status")).toHaveText("Saved. It applies from their next page.");
  await privacy.scrollIntoViewIfNeeded();
  await lookAt(partner.page, "privacy-setting");

  // Pieter's expenses: Sanne's therapist is one block of her health total; whose each entry is, is marked.
  await owner.page.goto(`/app/expenses?month=${month}`);
  const hidden = owner.page.getByTestId("hidden-personal");
  await expect(hidden.getByRole("heading", { name: "Sanne's personal spending" })).toBeVisible();
  await expect(hidden).toContainText("Health");
  await expect(hidden).toContainText("70.13");
  const list = owner.page.getByTestId("transaction-list");
  await expect(list).not.toContainText("Therapist");
  await expect(list.getByText("Market")).toBeVisible();
  await expect(list).toContainText("Shared · paid by Sanne");
  await expect(list).toContainText("Shared · paid by you");
  await expect(owner.page.getByTestId("list-total")).toHaveText("€216.63");
  await lookAt(owner.page, "expenses-ours-privacy");

  // Sanne's view, by keyboard: her shared market and her hidden total, the total of her month.
  const views = owner.page.getByRole("navigation", { name: "Whose money" });
  await expect(views.getByRole("link", { name: "Ours" })).toHaveAttribute("aria-current", "page");
  await views.getByRole("link", { name: "Sanne's" }).focus();
  await owner.page.keyboard.press("Enter");
  await expect(owner.page).toHaveURL(/view=/);
  await expect(views.getByRole("link", { name: "Sanne's" })).toHaveAttribute("aria-current", "page");
  await expect(owner.page.getByTestId("list-total")).toHaveText("€101.63");
  await expect(list).not.toContainText("Weekly shop");
  await expect(owner.page.getByTestId("hidden-personal")).toBeVisible();
  await lookAt(owner.page, "expenses-partner-view");

  // Mine: my shared shop and my snacks, nothing of Sanne's.
  await views.getByRole("link", { name: "Mine" }).click();
  await expect(owner.page).toHaveURL(/view=mine/);
  await expect(owner.page.getByTestId("list-total")).toHaveText("€115.00");
  await expect(owner.page.getByTestId("hidden-personal")).toHaveCount(0);
  await expect(list).not.toContainText("Market");

  // The dashboard follows the view too; the latest entries never show the therapist.
  await owner.page.goto("/app");
  await expect(owner.page.getByTestId("card-expenses").getByTestId("card-value")).toHaveText("€216.63");
  await expect(owner.page.getByText("Therapist")).toHaveCount(0);
  await expect(owner.page.getByTestId("member-view-note")).toHaveCount(0);
  await lookAt(owner.page, "dashboard-ours");
  await owner.page.getByRole("navigation", { name: "Whose money" }).getByRole("link", { name: "Mine" }).click();
  await expect(owner.page).toHaveURL(/view=mine/);
  await expect(owner.page.getByTestId("card-expenses").getByTestId("card-value")).toHaveText("€115.00");
  // The cards that stay the household's say so, in this view only.
  await expect(owner.page.getByTestId("member-view-note")).toHaveText(
    /accounts, “Safe to spend”, budgets and goals stay the whole household's/,
  );
  await lookAt(owner.page, "dashboard-mine");

  // Her entry's own page is not found for him, as a stranger's would be.
  await partner.page.goto(`/app/expenses?month=${month}`);
  const entryPath =
    (await partner.page.getByRole("link", { name: /Therapist Mirjam/ }).getAttribute("href"))?.split("?")[0] ?? "";
  expect(entryPath).toMatch(/^\/app\/transactions\/[0-9a-f-]{36}$/);
  expect((await owner.page.request.get(entryPath, { maxRedirects: 0 })).status()).toBe(404);
  expect((await partner.page.request.get(entryPath, { maxRedirects: 0 })).status()).toBe(200);

  await owner.context.close();
  await partner.context.close();
});
