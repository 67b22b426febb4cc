import { expect, test, type APIRequestContext } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import { visit } from "./marketing-support";

const today = new Date().toISOString().slice(0, 10);
// Eight expense categories, each with its own amount so the order is known: housing biggest, children smallest.
const spending = [
  ["00000000-0000-4000-8000-000000000201", "900.00"],
  ["00000000-0000-4000-8000-000000000202", "400.00"],
  ["00000000-0000-4000-8000-000000000203", "120.00"],
  ["00000000-0000-4000-8000-000000000204", "110.00"],
  ["00000000-0000-4000-8000-000000000205", "60.00"],
  ["00000000-0000-4000-8000-000000000206", "50.00"],
  ["00000000-0000-4000-8000-000000000207", "40.00"],
  ["00000000-0000-4000-8000-000000000209", "30.00"],
] as const;

async function spend(request: APIRequestContext, categoryId: string, amount: string) {
  const response = await request.post("/app/transactions/new", {
    form: { intent: "add", js: "1", kind: "expense", amount, categoryId, occurredOn: today, description: "Spent" },
  });
  expect(response.status()).toBe(200);
}

test("the dashboard shows six categories and the rest behind “Show all” @phone", async ({ page }) => {
  await createVerifiedUser(page.request);
  for (const [categoryId, amount] of spending) await spend(page.request, categoryId, amount);
  await visit(page, "/app");
  const breakdown = page.getByTestId("dashboard-categories");
  await expect(breakdown.getByText("Leisure", { exact: true })).toBeVisible();
  await expect(breakdown.getByText("Eating out", { exact: true })).toBeHidden();
  await breakdown.getByText("Show all 8 categories").click();
  await expect(breakdown.getByText("Eating out", { exact: true })).toBeVisible();
  await expect(breakdown.getByText("Children", { exact: true })).toBeVisible();
  await lookAt(page, "dashboard-all-categories");
  await breakdown.getByText("Show fewer").click();
  await expect(breakdown.getByText("Children", { exact: true })).toBeHidden();
});

test("free reports offer no period they would not show, and no one-dot trend @phone", async ({ page }) => {
  await createVerifiedUser(page.request);
  await spend(page.request, spending[0][0], spending[0][1]);
  await visit(page, "/app/reports?range=12m");
  await expect(page.getByText("On your plan, reports cover the current month.")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Period" })).toHaveCount(0);
  await expect(page.getByText("Savings rate trend")).toHaveCount(0);
  await expect(page.getByText("Income vs expenses over time")).toBeVisible();
  await lookAt(page, "reports-free");
});

test("on a 1366 × 700 laptop the free sidebar keeps the account and sign-out in view", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 700 });
  await createVerifiedUser(page.request);
  await visit(page, "/app");
  const sidebar = page.getByRole("complementary", { name: "App navigation" });
  await expect(sidebar.getByRole("button", { name: "Sign out" })).toBeInViewport({ ratio: 1 });
  await expect(sidebar.getByRole("link", { name: "Upgrade", exact: true })).toBeVisible();
});
