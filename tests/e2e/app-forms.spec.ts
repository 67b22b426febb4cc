import { expect, test } from "@playwright/test";
import { createVerifiedUser } from "./fixtures";

test.describe("budget tool without JavaScript and across households", () => {
  test.use({ timezoneId: "Europe/Amsterdam", locale: "en-GB" });

  test("entries can be added, refused and listed with plain form posts", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      timezoneId: "Europe/Amsterdam",
      locale: "en-GB",
    });
    const page = await context.newPage();
    await createVerifiedUser(context.request, { name: "Plain Forms" });

    await page.goto("/app");
    // The + (the header's "Add entry" on wide screens) is a link to the full add page when no script runs.
    const fab = page.getByTestId("quick-add");
    if (await fab.isVisible()) await fab.click();
    else await page.getByRole("banner").getByRole("link", { name: "Add entry" }).click();
    await expect(page).toHaveURL(/\/app\/transactions\/new/);
    await page.getByLabel("Amount").fill("abc");
    await page.getByRole("button", { name: "Add expense" }).click();
    await expect(page.getByText("That doesn't look like an amount.")).toBeVisible();

    await page.getByLabel("Amount").fill("1,234.56");
    await page.getByText("Groceries", { exact: true }).click();
    await page.getByLabel(/Description/).fill("Big shop");
    await page.getByRole("button", { name: "Add expense" }).click();
    await expect(page).toHaveURL(/\/app\/?(\?|$)/);

    await page.goto("/app/expenses");
    await expect(page.getByTestId("list-total")).toHaveText("€1,234.56");
    await expect(page.getByText("Big shop")).toBeVisible();

    // Search and category filter are GET forms.
    await page.getByLabel("Search descriptions").fill("nothing like it");
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No entries match your search.")).toBeVisible();
    await context.close();
  });

  test("another household's entry answers 404 and stays untouched", async ({ browser }) => {
    const owner = await browser.newContext({ timezoneId: "Europe/Amsterdam", locale: "en-GB" });
    const ownerPage = await owner.newPage();
    await createVerifiedUser(owner.request, { name: "Owner One" });
    await ownerPage.goto("/app/transactions/new?kind=expense");
    await ownerPage.getByLabel("Amount").fill("42");
    await ownerPage.getByLabel(/Description/).fill("Private purchase");
    await ownerPage.getByRole("button", { name: "Add expense" }).click();
    // Saved once the form has moved on (to the list, or the dashboard before the page hydrated): going to the list
    // at once could cut the post off.
    await expect(ownerPage).not.toHaveURL(/\/transactions\/new/);
    await ownerPage.goto("/app/expenses");
    const href = await ownerPage.getByRole("link", { name: /Private purchase/ }).getAttribute("href");
    const entryPath = (href ?? "").split("?")[0] as string;
    expect(entryPath).toMatch(/^\/app\/transactions\/[0-9a-f-]{36}$/);

    const stranger = await browser.newContext({ timezoneId: "Europe/Amsterdam", locale: "en-GB" });
    const strangerPage = await stranger.newPage();
    await createVerifiedUser(stranger.request, { name: "Stranger Two" });
    const response = await strangerPage.goto(entryPath);
    expect(response?.status()).toBe(404);
    await expect(strangerPage.getByRole("heading", { name: "We couldn't find that" })).toBeVisible();

    // A forged delete from the stranger's session changes nothing.
    const forged = await stranger.request.post(entryPath, { form: { intent: "delete" }, maxRedirects: 0 });
    expect(forged.status()).toBe(404);
    await ownerPage.reload();
    await expect(ownerPage.getByTestId("list-total")).toHaveText("€42.00");
    await owner.close();
    await stranger.close();
  });
});
