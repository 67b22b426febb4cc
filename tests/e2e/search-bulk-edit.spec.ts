import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";

/**
 * Bulk edit of search results (issue 22): tick two results, give them one category, see it, undo, see each entry's
 * own category back; with JavaScript (a sticky bar that says how many are selected) and without (a plain form post
 * whose answer is the same search with an Undo button).
 */
const groceries = "00000000-0000-4000-8000-000000000202";
const leisure = "00000000-0000-4000-8000-000000000206";
const today = new Date().toISOString().slice(0, 10);

async function addExpense(request: APIRequestContext, description: string, amount: string, categoryId: string) {
  const response = await request.post("/app/transactions/new", {
    form: { intent: "add", js: "1", kind: "expense", amount, categoryId, occurredOn: today, description },
  });
  expect(response.status()).toBe(200);
}

async function seed(request: APIRequestContext) {
  await addExpense(request, "Bakkerij Jansen brood", "3.20", groceries);
  await addExpense(request, "Bakkerij Jansen taart", "18.50", leisure);
  await addExpense(request, "Bakkerij Jansen koffie", "2.10", groceries);
  await addExpense(request, "Garage Smit", "140", leisure);
}

/** A result's row: its checkbox's label names it. */
const result = (page: Page, title: string) =>
  page.locator("form[method=post] .flex.items-center.gap-1").filter({ hasText: title });

async function selectTwoAndSetCategory(page: Page, look?: (name: string) => Promise<void>) {
  await page.goto("/app/search?q=bakkerij");
  await expect(page.getByRole("heading", { name: "Search", level: 1 })).toBeVisible();
  await page.getByRole("checkbox", { name: /^Select Bakkerij Jansen brood/ }).check();
  await page.getByRole("checkbox", { name: /^Select Bakkerij Jansen taart/ }).check();
  const bar = page.getByRole("region", { name: "Bulk edit" });
  await bar.getByLabel("Category").selectOption({ label: "Transport" });
  if (look) await look("selected");
  await bar.getByRole("button", { name: "Set category" }).click();
  await expect(page.getByText("2 entries changed.")).toBeVisible();
  await expect(result(page, "Bakkerij Jansen brood")).toContainText("Transport");
  await expect(result(page, "Bakkerij Jansen taart")).toContainText("Transport");
  await expect(result(page, "Bakkerij Jansen koffie")).toContainText("Groceries");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Undone: 2 entries are back as they were.")).toBeVisible();
  await expect(result(page, "Bakkerij Jansen brood")).toContainText("Groceries");
  await expect(result(page, "Bakkerij Jansen taart")).toContainText("Leisure");
}

test("search: select two results, set their category, undo", async ({ page }) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Bulk Tester" });
  await seed(page.request);
  await page.goto("/app/search?q=bakkerij");
  const bar = page.getByRole("region", { name: "Bulk edit" });
  // With JavaScript the bar waits for a selection, then sticks to the bottom and counts it.
  await expect(page.getByRole("checkbox", { name: /^Select Bakkerij Jansen brood/ })).toBeVisible();
  await expect(bar).toBeHidden();
  await page.getByRole("checkbox", { name: /^Select Bakkerij Jansen koffie/ }).check();
  await expect(bar).toBeVisible();
  await expect(bar.getByText("1 selected")).toBeVisible();
  await page.getByRole("checkbox", { name: "Select all that match" }).check();
  await expect(bar.getByText("All that match selected")).toBeVisible();
  await page.getByRole("checkbox", { name: "Select all that match" }).uncheck();
  await expect(bar).toBeHidden();

  await selectTwoAndSetCategory(page, async (name) => {
    await expect(bar.getByText("2 selected")).toBeVisible();
    await lookAt(page, `search-bulk-${name}`);
    // The tablet width between the phone and the desktop.
    const wide = page.viewportSize();
    if (wide && wide.width > 768) {
      await page.setViewportSize({ width: 768, height: 1024 });
      await lookAt(page, `search-bulk-${name}`);
      await page.setViewportSize(wide);
    }
  });
  await lookAt(page, "search-bulk-undone");
});

test("search bulk edit works without JavaScript", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name: "Bulk No-Script" });
  await seed(page.request);
  await selectTwoAndSetCategory(page, async (name) => {
    if (process.env.SHOTS_DIR)
      await page.screenshot({ path: `${process.env.SHOTS_DIR}/search-bulk-${name}-no-script.png`, fullPage: true });
  });

  // "Select all that match" is the search itself, run again on the server: the whole result becomes shared, then back.
  await page.goto("/app/search?q=bakkerij");
  await page.getByRole("checkbox", { name: "Select all that match" }).check();
  await page.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("3 entries deleted.")).toBeVisible();
  await expect(page.getByText("Nothing found for “bakkerij”.")).toBeVisible();
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Undone: 3 entries are back as they were.")).toBeVisible();
  await expect(result(page, "Bakkerij Jansen taart")).toBeVisible();
  await context.close();
});
