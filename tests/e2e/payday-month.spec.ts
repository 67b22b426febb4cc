import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import { visit } from "./marketing-support";

/**
 * Issue 22: a household paid on the 25th starts its month there. The owner sets the day in Settings; the dashboard's
 * month is then the pay period that holds today, its days under the month's name.
 */
const look = (page: Page, name: string) => lookAt(page, `payday-month-${name}`);

/** The pay period that holds today with payday 25, as the server formats it ("November 25 – December 24"). */
function expectedPeriod(today: Date) {
  const year = today.getUTCFullYear();
  const month = today.getUTCMonth() - (today.getUTCDate() >= 25 ? 0 : 1);
  const from = Date.UTC(year, month, 25);
  const through = Date.UTC(year, month + 1, 24);
  const range = new Intl.DateTimeFormat("en", { day: "numeric", month: "long", timeZone: "UTC" }).formatRange(
    from,
    through,
  );
  const name = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(from);
  return { range, name };
}

const householdForm = (page: Page) => page.locator("form", { has: page.getByLabel("My month starts on day") });

test("the month starts on payday: set in Settings, shown on the dashboard @phone", async ({ page }) => {
  await createVerifiedUser(page.request, { name: "Paula Payday" });

  await visit(page, "/app/settings");
  const day = page.getByLabel("My month starts on day");
  await expect(day).toHaveValue("1");
  await day.selectOption("25");
  await householdForm(page).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("My month starts on day")).toHaveValue("25");

  await visit(page, "/app");
  const { range, name } = expectedPeriod(new Date());
  await expect(page.getByTestId("period-days")).toHaveText(range);
  await expect(page.getByTestId("period-days").locator("..")).toContainText(name);
  await look(page, "dashboard");

  // Back to day 1: the calendar month, without a range.
  await visit(page, "/app/settings");
  await page.getByLabel("My month starts on day").selectOption("1");
  await householdForm(page).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await visit(page, "/app");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("period-days")).toHaveCount(0);
});
