import { expect, test, type Browser } from "@playwright/test";
import { householdOfTwo } from "./couple";
import { createVerifiedUser, lookAt } from "./fixtures";

/**
 * A couple's supermarket receipt with a personal item on it (issue 21, splits): the owner pays €80.00 shared, then
 * splits it on the entry's page into €65.50 of shared groceries and €14.50 of her own vitamins. Settle up follows the
 * lines: the partner owes half of the shared line, nothing of the vitamins.
 */

const today = new Date().toISOString().slice(0, 10);
const groceriesId = "00000000-0000-4000-8000-000000000202";

test("a receipt split into shared groceries and a personal item, and settle up follows", async ({
  browser,
}, testInfo) => {
  test.setTimeout(240_000);
  const { owner, partner } = await householdOfTwo(browser, testInfo, { owner: "Eva Owner", partner: "Jonas Partner" });

  const receipt = {
    intent: "add",
    js: "1",
    kind: "expense",
    amount: "80.00",
    categoryId: groceriesId,
    occurredOn: today,
    shared: "1",
    description: "Albert Heijn",
  };
  expect((await owner.page.request.post("/app/transactions/new", { form: receipt })).status()).toBe(200);
  await owner.page.goto("/app/settle-up");
  await expect(owner.page.getByTestId("settle-sentence")).toHaveText(/Jonas Partner owes Eva Owner .?40[.,]00/);

  // The entry's own page: "Split this payment".
  await owner.page.goto("/app/expenses");
  const href = await owner.page
    .locator('a[href^="/app/transactions/"]:not([href^="/app/transactions/new"])')
    .filter({ hasText: "Albert Heijn" })
    .first()
    .getAttribute("href");
  await owner.page.goto(href ?? "");
  await owner.page.getByRole("link", { name: "Split this payment" }).click();
  const split = owner.page.getByTestId("split");
  await split.getByLabel("Amount of part 1").fill("65.50");
  await split.getByLabel("Shared or personal, part 1").selectOption({ label: "Shared" });
  await expect(split.getByTestId("split-remaining")).toHaveText(/.?14[.,]50 left to divide/);
  await split.getByLabel("Category of part 2").selectOption({ label: "Health" });
  await split.getByLabel("Amount of part 2").fill("15");
  await expect(split.getByTestId("split-remaining")).toHaveText(/.?0[.,]50 more than the payment/);
  await split.getByLabel("Amount of part 2").fill("14.50");
  await split.getByLabel("Shared or personal, part 2").selectOption({ label: "Personal" });
  await split.getByLabel("Note for part 2").fill("Vitamins");
  await expect(split.getByTestId("split-remaining")).toHaveText("The parts add up to the payment.");
  await lookAt(owner.page, "split-entry");
  await owner.page.getByRole("button", { name: "Save changes" }).click();
  await expect(owner.page).toHaveURL(/\/app\/expenses/);
  // The list marks it split, and opens its page (not the quick sheet) to change its parts.
  const row = owner.page.locator(`a[href^="${href?.split("?")[0]}"]`).first();
  await expect(row).toContainText("Split");
  await row.click();
  await expect(owner.page).toHaveURL(new RegExp(href?.split("?")[0] ?? ""));

  // Opened again, the entry shows its two parts; settle up counts only the shared one.
  await owner.page.goto(href ?? "");
  await expect(split).toBeVisible();
  await expect(split.getByLabel("Amount of part 1")).toHaveValue("65.50");
  await expect(split.getByLabel("Note for part 2")).toHaveValue("Vitamins");
  for (const someone of [owner, partner]) {
    await someone.page.goto("/app/settle-up");
    await expect(someone.page.getByTestId("settle-sentence")).toHaveText(/Jonas Partner owes Eva Owner .?32[.,]75/);
  }
  await owner.context.close();
  await partner.context.close();
});

/** Someone whose browser runs no script, on the page of a groceries expense they just added. */
async function plainEntryPage(browser: Browser, name: string, entry: { amount: string; description: string }) {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name });
  const form = { intent: "add", js: "1", kind: "expense", categoryId: groceriesId, occurredOn: today, ...entry };
  expect((await page.request.post("/app/transactions/new", { form })).status()).toBe(200);
  await page.goto("/app/expenses");
  const href =
    (await page
      .locator('a[href^="/app/transactions/"]:not([href^="/app/transactions/new"])')
      .filter({ hasText: entry.description })
      .first()
      .getAttribute("href")) ?? "";
  await page.goto(href);
  return { context, page, href };
}

test("without JavaScript a split that does not add up is refused beside its parts, what was typed kept", async ({
  browser,
}) => {
  const { context, page, href } = await plainEntryPage(browser, "Plain Form", {
    amount: "80.00",
    description: "Market",
  });
  await page.getByRole("link", { name: "Split this payment" }).click();
  const split = page.getByTestId("split");
  await split.getByLabel("Amount of part 1").fill("50");
  await split.getByLabel("Category of part 2").selectOption({ label: "Health" });
  await split.getByLabel("Amount of part 2").fill("20");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(split.getByText("The parts must add up to the payment's amount.")).toBeVisible();
  await expect(split.getByLabel("Amount of part 2")).toHaveValue("20");
  await split.getByLabel("Amount of part 2").fill("30");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/app\/expenses/);
  await page.goto(href);
  await expect(page.getByTestId("split").getByLabel("Amount of part 2")).toHaveValue("30");
  await context.close();
});

test("without JavaScript “Split evenly” shares the amount among the parts, and Enter still saves", async ({
  browser,
}) => {
  const { context, page, href } = await plainEntryPage(browser, "Even Split", {
    amount: "80.01",
    description: "Bakery",
  });
  await page.getByRole("link", { name: "Split this payment" }).click();
  const split = page.getByTestId("split");
  await split.getByLabel("Category of part 2").selectOption({ label: "Health" });
  await split.getByRole("button", { name: "Split evenly" }).click();
  await expect(split.getByLabel("Amount of part 1")).toHaveValue("40.01");
  await expect(split.getByLabel("Amount of part 2")).toHaveValue("40");
  await expect(split.getByLabel("Category of part 2")).toHaveValue(/.+/);
  // axe needs scripts: the journey above checks this form with them.
  if (process.env.SHOTS_DIR)
    await page.screenshot({ path: `${process.env.SHOTS_DIR}/split-evenly-plain.png`, fullPage: true });
  // Enter in a field saves (the form's default button), it does not split again.
  await split.getByLabel("Note for part 2").fill("Bread for the neighbours");
  await split.getByLabel("Note for part 2").press("Enter");
  await expect(page).toHaveURL(/\/app\/expenses/);
  await page.goto(href);
  await expect(page.getByTestId("split").getByLabel("Note for part 2")).toHaveValue("Bread for the neighbours");
  await context.close();
});
