import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { settleAnimations, signUpAndVerify, testAccount } from "./fixtures";

/** Today on the test's clock, as the app (reader's time zone) sees it. */
function todayParts() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());
  const [year, month] = today.split("-");
  const monthName = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${today}T12:00:00Z`),
  );
  return { today, year: year as string, month: `${year}-${month}`, monthName };
}

async function openQuickEntry(page: Page, phone: boolean) {
  if (phone) await page.getByTestId("quick-add").click();
  else await page.getByRole("banner").getByRole("link", { name: "Add entry" }).click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByRole("heading", { name: "New entry" })).toBeVisible();
  return sheet;
}

async function addEntry(
  page: Page,
  phone: boolean,
  entry: { kind: "Expense" | "Income"; amount: string; category: string; description: string },
) {
  const sheet = await openQuickEntry(page, phone);
  await sheet.getByText(entry.kind, { exact: true }).click();
  await sheet.getByLabel("Amount").fill(entry.amount);
  await sheet.getByText(entry.category, { exact: true }).click();
  await sheet.getByLabel(/Description/).fill(entry.description);
  await sheet.getByRole("button", { name: entry.kind === "Income" ? "Add income" : "Add expense" }).click();
  await expect(sheet).toBeHidden();
}

/** A screen by its navigation: the sidebar on a desktop; on a phone its tab, or "More" and then the screen. */
async function openScreen(page: Page, phone: boolean, name: string) {
  if (!phone) return page.getByRole("navigation", { name: "Budget screens" }).getByRole("link", { name }).click();
  const tabs = page.getByRole("navigation", { name: "Screens" });
  const tab = tabs.getByRole("link", { name, exact: true });
  if (await tab.count()) return tab.click();
  await tabs.getByRole("link", { name: "More" }).click();
  await page
    .getByRole("navigation", { name: "More screens" })
    .getByRole("link", { name: new RegExp(`^${name}`) })
    .click();
}

async function expectNoAxeViolations(page: Page) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

async function journey(page: Page, phone: boolean) {
  const { year, monthName } = todayParts();
  const account = testAccount({ name: "Noor Jansen" });
  await signUpAndVerify(page, account);

  // An empty dashboard that teaches the first step.
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.getByTestId("empty-state")).toBeVisible();
  await expect(page.getByTestId("card-savingsRate").getByTestId("card-value")).toHaveText("—");
  await expectNoAxeViolations(page);

  // Salary from the empty state's own button, then three expenses through quick entry.
  await page.getByTestId("empty-state").getByRole("link", { name: "Add income" }).click();
  const sheet = page.getByRole("dialog");
  await sheet.getByLabel("Amount").fill("3,250.00");
  await sheet.getByLabel(/Description/).fill("Salary");
  await sheet.getByRole("button", { name: "Add income" }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByText("Income of €3,250.00 added")).toBeVisible();

  await addEntry(page, phone, { kind: "Expense", amount: "1150", category: "Housing", description: "Rent" });
  await addEntry(page, phone, { kind: "Expense", amount: "84.50", category: "Groceries", description: "Weekly shop" });
  await addEntry(page, phone, { kind: "Expense", amount: "45", category: "Transport", description: "Train" });

  // The cards, the chart and the category breakdown show them.
  await expect(page.getByTestId("empty-state")).toBeHidden();
  await expect(page.getByTestId("card-income").getByTestId("card-value")).toHaveText("€3,250.00");
  await expect(page.getByTestId("card-expenses").getByTestId("card-value")).toHaveText("€1,279.50");
  await expect(page.getByTestId("card-net").getByTestId("card-value")).toHaveText("€1,970.50");
  await expect(page.getByTestId("card-savingsRate").getByTestId("card-value")).toHaveText("60.6%");
  await expect(page.getByRole("row", { name: `${monthName} €3,250.00 €1,279.50` })).toBeAttached();
  const breakdown = page.locator("li", { hasText: "Housing" }).filter({ hasText: "of spending" });
  await expect(breakdown).toContainText("€1,150.00");
  await expect(breakdown).toContainText("89.9% of spending");

  // A bad amount is refused with a clear message, never an error page.
  const refused = await openQuickEntry(page, phone);
  await refused.getByLabel("Amount").fill("-5");
  await refused.getByRole("button", { name: "Add expense" }).click();
  await expect(refused.getByText("An expense must be more than zero.")).toBeVisible();
  await page.keyboard.press("Escape");

  // The period select re-aggregates on the server.
  await page.getByTestId("period-select").selectOption("weekly");
  await expect(page).toHaveURL(/period=weekly/);
  await expect(page.getByRole("row", { name: /^Week of .* €3,250\.00 €1,279\.50$/ })).toBeAttached();
  await page.getByTestId("period-select").selectOption("yearly");
  await expect(page).toHaveURL(/period=yearly/);
  await expect(page.getByRole("row", { name: `${year} €3,250.00 €1,279.50` })).toBeAttached();

  // Delete with undo.
  await page.goto("/app/expenses");
  await expect(page.getByTestId("list-total")).toHaveText("€1,279.50");
  await page.getByRole("link", { name: /^Edit entry: Train/ }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete entry" }).click();
  await expect(page.getByTestId("list-total")).toHaveText("€1,234.50");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Entry restored")).toBeVisible();
  await expect(page.getByTestId("list-total")).toHaveText("€1,279.50");
  await expectNoAxeViolations(page);

  // A goal with money in it.
  await openScreen(page, phone, "Goals");
  await expect(page.getByRole("heading", { name: "Savings goals", level: 1 })).toBeVisible();
  await page.getByLabel("Name").fill("Holiday");
  await page.getByLabel(/Target/).fill("1,200");
  await page.getByRole("button", { name: "Create goal" }).click();
  const card = page.getByTestId("goal-card").filter({ hasText: "Holiday" });
  await expect(card).toContainText("of €1,200.00");
  await card.getByLabel("Amount for Holiday").fill("150");
  await card.getByRole("button", { name: "Add", exact: true }).click();
  await expect(card.getByText("€150.00", { exact: true })).toBeVisible();
  await expect(card).toContainText("12.5%");
  await expectNoAxeViolations(page);

  // Reports show the month.
  await openScreen(page, phone, "Reports");
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  await expect(page.getByTestId("report-income")).toContainText("€3,250.00");
  await expect(page.getByTestId("report-expenses")).toContainText("€1,279.50");
  await expect(page.getByRole("row", { name: `${monthName} €3,250.00 €1,279.50` })).toBeAttached();
  await expectNoAxeViolations(page);

  // Polish: every label and number follows.
  await openScreen(page, phone, "Settings");
  await page.getByLabel("Language").selectOption("pl");
  await page.getByRole("button", { name: "Save" }).first().click();
  await expect(page.getByRole("heading", { name: "Ustawienia", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "pl");
  await page
    .getByRole("navigation", { name: phone ? "Ekrany" : "Ekrany budżetu" })
    .getByRole("link", { name: phone ? "Pulpit" : "Pulpit" })
    .click();
  await expect(page.getByRole("heading", { name: "Pulpit", level: 1 })).toBeVisible();
  await expect(page.getByTestId("card-income").getByTestId("card-value")).toHaveText("3250,00\u00a0€");
  await expect(page.getByTestId("card-savingsRate").getByTestId("card-value")).toHaveText("60,6%");
  await expect(page.getByText("Mieszkanie").first()).toBeVisible();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Pulpit", level: 1 })).toBeVisible();
  await expect(page.getByTestId("card-expenses").getByTestId("card-value")).toHaveText("1279,50\u00a0€");
}

test.describe("budget tool journey", () => {
  test.use({ timezoneId: "Europe/Amsterdam", locale: "en-GB" });

  test("a new user on a desktop: sign up, first entries, chart periods, a goal, reports, Polish", async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "desktop", "desktop only");
    // Sign-up to reports in one test, axe on four of its screens: a slow runner needs more than the default minute.
    test.setTimeout(360_000);
    await journey(page, false);
  });

  test.describe("on a 390 px phone", () => {
    test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    test("a new user on a phone: the same journey through the bottom bar and the + button @phone", async ({
      page,
    }, testInfo) => {
      test.skip(testInfo.project.name !== "phone", "phone project only");
      test.setTimeout(360_000);
      await journey(page, true);
    });
  });
});
