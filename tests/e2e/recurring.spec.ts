import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import { visit } from "./marketing-support";

const look = (page: Page, name: string) => lookAt(page, `recurring-${name}`);

const today = new Date().toISOString().slice(0, 10);
const month = today.slice(0, 7);
const housingId = "00000000-0000-4000-8000-000000000201";
const leisureId = "00000000-0000-4000-8000-000000000206";

/** The same day of an earlier month (the 3rd, which every month has). */
function monthsAgo(count: number): string {
  const date = new Date(`${month}-03T00:00:00Z`);
  date.setUTCMonth(date.getUTCMonth() - count);
  return date.toISOString().slice(0, 10);
}

/** Three months of a hand-typed entry on the 3rd: a rhythm detection picks up. */
async function enterMonthly(request: APIRequestContext, description: string, amount: string) {
  for (const count of [3, 2, 1]) {
    const response = await request.post("/app/transactions/new", {
      form: {
        intent: "add",
        js: "1",
        kind: "expense",
        amount,
        categoryId: leisureId,
        occurredOn: monthsAgo(count),
        description,
      },
    });
    expect(response.status()).toBe(200);
  }
}

test("sets up rent, confirms and skips its date with undo, and adds a suggestion from the history", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Rita Recurring" });
  await enterMonthly(page.request, "Gym", "30.00");
  await enterMonthly(page.request, "Spotify", "10.99");

  await visit(page, "/app/recurring");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Recurring");
  await expect(page.getByTestId("recurring-empty")).toBeVisible();
  const suggestions = page.getByTestId("recurring-suggestions");
  await expect(suggestions.getByTestId("suggestion")).toHaveCount(2);
  await expect(suggestions).toContainText("Every month on day 3");
  await look(page, "suggestions");

  // Dismissed for this session: gone, and still gone after a reload.
  await suggestions.getByRole("button", { name: "Dismiss Spotify" }).click();
  await expect(suggestions.getByTestId("suggestion")).toHaveCount(1);
  await visit(page, "/app/recurring");
  await expect(page.getByTestId("suggestion")).toHaveCount(1);

  // Rent on the 1st, since this month began.
  await page.locator("#new-series summary").click();
  const form = page.locator("#new-series form");
  await form.getByLabel("Name").fill("Rent");
  await form.getByLabel(/^Amount/).fill("950");
  await form.getByLabel("Category").selectOption(housingId);
  // Only a monthly series asks for its day of the month.
  await form.getByLabel("Repeats").selectOption("weekly");
  await expect(form.getByLabel("Day of the month")).toBeHidden();
  await form.getByLabel("Repeats").selectOption("monthly");
  await form.getByLabel("Day of the month").selectOption("1");
  await form.getByLabel("Starts").fill(`${month}-01`);
  await look(page, "form");
  await form.getByRole("button", { name: "Add series" }).click();
  await expect(page.getByText("Series added")).toBeVisible();
  const card = page.getByTestId("series-card").filter({ hasText: "Rent" });
  await expect(card).toContainText("Every month on day 1");
  await expect(page.getByTestId("recurring-totals")).toContainText("€950.00");
  await expect(page.getByTestId("recurring-calendar")).toContainText("Rent");
  await look(page, "upcoming");
  const viewport = page.viewportSize()!;
  await page.setViewportSize({ width: 768, height: 1024 });
  await look(page, "upcoming");
  await page.setViewportSize(viewport);

  // Confirmed with one tap; undone from the toast; skipped.
  const upcoming = page.getByTestId("upcoming-list");
  await upcoming.getByRole("button", { name: /^Confirm Rent/ }).click();
  await expect(page.getByText("Rent entered: €950.00")).toBeVisible();
  await expect(upcoming).toHaveCount(0);
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Back in upcoming")).toBeVisible();
  await expect(upcoming.getByRole("button", { name: /^Skip Rent/ })).toBeVisible();
  await upcoming.getByRole("button", { name: /^Skip Rent/ }).click();
  await expect(page.getByText(/^Rent skipped for/)).toBeVisible();
  await expect(page.getByText("Nothing else is due this month.")).toBeVisible();

  // The suggestion, added from its filled-in form, becomes a series and leaves the suggestions.
  await page.getByTestId("suggestion").locator("summary", { hasText: "Add" }).click();
  await page.getByTestId("suggestion").getByRole("button", { name: "Add series" }).click();
  await expect(page.getByText("Series added")).toBeVisible();
  await expect(page.getByTestId("recurring-suggestions")).toHaveCount(0);
  await expect(page.getByTestId("series-card").filter({ hasText: "Gym" })).toContainText("Every month on day 3");
  await look(page, "series");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a date is confirmed by a plain form post", async ({ page }) => {
    await createVerifiedUser(page.request, { name: "Nora Noscript" });
    const created = await page.request.post("/app/recurring", {
      form: {
        intent: "create",
        kind: "expense",
        amount: "950",
        description: "Rent",
        categoryId: housingId,
        frequency: "monthly",
        day: "1",
        startsOn: `${month}-01`,
      },
    });
    expect(created.status()).toBe(200);
    await page.goto("/app/recurring");
    await page
      .getByTestId("upcoming-list")
      .getByRole("button", { name: /^Confirm Rent/ })
      .click();
    await expect(page.getByText("Nothing else is due this month.")).toBeVisible();
    await expect(page.getByTestId("recurring-calendar")).toContainText("Rent");
    await page.goto("/app/expenses");
    await expect(page.getByText("Rent").first()).toBeVisible();
  });
});
