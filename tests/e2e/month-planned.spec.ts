import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import { confirmImport, currentMonth, ingCsv, previewStatement } from "./ing-statement";
import { visit } from "./marketing-support";

/**
 * Issue 14's journey, on a phone and a desktop: two budgets and a monthly rent are set up through their screens;
 * Left to spend and Safe to spend follow as expenses come in; the rent is confirmed with one tap; and a rule is
 * learned during an import and sorts the next import by itself.
 */
const look = (page: Page, name: string) => lookAt(page, `month-planned-${name}`, { regionsScroll: true });

const month = currentMonth;

/**
 * An ING export: a market stall the household buys vegetables at, on the given days. No word in it gives the category
 * away, so the person chooses it and Samen offers to remember.
 */
const statement = (name: string, days: number[]) => ({
  name,
  buffer: ingCsv(
    days.map((day) => ({
      day,
      name: "Markt Kraam 7",
      direction: "Af",
      amount: "10,00",
      description: `Marktdag ${day}`,
    })),
  ),
});

async function addExpense(page: Page, amount: string, category: string, description: string) {
  const phone = (page.viewportSize()?.width ?? 1280) < 768;
  if (phone) await page.getByTestId("quick-add").click();
  else await page.getByRole("banner").getByRole("link", { name: "Add entry" }).click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByRole("heading", { name: "New entry" })).toBeVisible();
  await sheet.getByText("Expense", { exact: true }).click();
  await sheet.getByLabel("Amount").fill(amount);
  await sheet.getByLabel(/Description/).fill(description);
  await sheet.getByText(category, { exact: true }).click();
  await sheet.getByRole("button", { name: "Add expense" }).click();
  await expect(sheet).toBeHidden();
}

async function setBudget(page: Page, category: string, amount: string) {
  const row = page.getByTestId("unbudgeted-category").filter({ hasText: category });
  await row.getByText("Set a budget").click();
  await row.getByLabel("Monthly limit").fill(amount);
  await row.getByRole("button", { name: "Save budget" }).click();
  await expect(page.getByTestId("budget-card").filter({ hasText: category })).toBeVisible();
}

const safeToSpend = (page: Page) => page.getByTestId("safe-to-spend-value");
const leftToSpend = (page: Page) => page.getByTestId("left-to-spend-value");

test("two budgets and a monthly rent: left to spend and safe to spend follow the month, the rent is confirmed, a rule is learned in an import", async ({
  page,
}) => {
  test.setTimeout(360_000);
  await createVerifiedUser(page.request, { name: "Maya Month" });

  // Two budgets: groceries 300 €, eating out 100 €.
  await visit(page, "/app/budgets");
  await setBudget(page, "Groceries", "300");
  await setBudget(page, "Eating out", "100");
  await expect(page.getByTestId("budget-left-total")).toHaveText("€400.00");

  // Rent of 1,150 € and a salary of 3,000 €, both on the last day of the month: still to come whatever today is.
  await visit(page, "/app/recurring");
  for (const series of [
    { kind: "Expense", name: "Rent", amount: "1150", category: "Housing" },
    { kind: "Income", name: "Salary", amount: "3000", category: "Salary" },
  ]) {
    // An empty page opens the form by itself; after a series is added it is closed again.
    const details = page.locator("#new-series");
    if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open)))
      await details.locator("summary").click();
    const form = details.locator("form");
    await form.getByText(series.kind, { exact: true }).click();
    await form.getByLabel("Name").fill(series.name);
    await form.getByLabel(/^Amount/).fill(series.amount);
    await form.getByLabel("Category").selectOption({ label: series.category });
    await form.getByLabel("Repeats").selectOption("monthly");
    await form.getByLabel("Day of the month").selectOption("last");
    await form.getByLabel("Starts").fill(`${month}-01`);
    await form.getByRole("button", { name: "Add series" }).click();
    await expect(page.getByTestId("series-card").filter({ hasText: series.name })).toBeVisible();
  }
  await expect(page.getByTestId("recurring-calendar")).toContainText("Rent");

  // A first expense so the dashboard has a month to show: 50 € of groceries, inside its budget.
  await visit(page, "/app");
  await addExpense(page, "50", "Groceries", "Weekly shop");
  // Left: 400 − 50. Safe: 3,000 expected − 50 spent − 1,150 rent − 350 left in budgets.
  await expect(leftToSpend(page)).toHaveText("€350.00");
  await expect(safeToSpend(page)).toHaveText("€1,450.00");
  await page.getByText("How is this computed?").click();
  const breakdown = page.getByTestId("safe-to-spend-breakdown");
  await expect(breakdown).toContainText("€3,000.00");
  await expect(breakdown).toContainText("€1,150.00");
  await look(page, "dashboard");

  // Spending inside a budget moves what is left, not what is safe; spending outside one lowers both views of the month.
  await addExpense(page, "20", "Eating out", "Pizza");
  await expect(leftToSpend(page)).toHaveText("€330.00");
  await expect(safeToSpend(page)).toHaveText("€1,450.00");
  await addExpense(page, "30", "Transport", "Train");
  await expect(leftToSpend(page)).toHaveText("€330.00");
  await expect(safeToSpend(page)).toHaveText("€1,420.00");

  // The rent confirmed with one tap: it is spent now rather than still to come, so safe to spend holds.
  await visit(page, "/app/recurring");
  await page
    .getByTestId("upcoming-list")
    .getByRole("button", { name: /^Confirm Rent/ })
    .click();
  await expect(page.getByText("Rent entered: €1,150.00")).toBeVisible();
  await visit(page, "/app");
  await expect(safeToSpend(page)).toHaveText("€1,420.00");
  await expect(page.getByTestId("safe-to-spend").getByRole("link", { name: /Upcoming bills/ })).toContainText("1");

  // An import: the market stall's row is put in Groceries, Samen offers to remember it, and the answer is yes.
  await previewStatement(page, statement("ing.csv", [2]));
  await expect(page.getByRole("heading", { name: "Check before saving" })).toBeVisible();
  await page.getByLabel("Category: Markt Kraam").selectOption({ label: "Groceries" });
  await expect(page.getByText("Always put Markt Kraam in Groceries?")).toBeVisible();
  await look(page, "learn");
  await page.getByRole("button", { name: "Yes, always" }).click();
  await expect(page.getByText("From now on, Markt Kraam goes in Groceries.")).toBeVisible();
  await confirmImport(page, 1);

  // The next statement is sorted by what Samen remembered of the payee (no rule), and the groceries budget has 10 € less.
  await previewStatement(page, statement("ing-next.csv", [2, 3]));
  await expect(page.getByLabel("Category: Markt Kraam")).toHaveValue(
    (await page
      .getByLabel("Category: Markt Kraam")
      .locator("option", { hasText: "Groceries" })
      .getAttribute("value")) as string,
  );
  await expect(page.getByText("You chose this for this payee")).toBeVisible();
  await visit(page, "/app/rules");
  await expect(page.getByTestId("rules-empty")).toBeVisible();
  await visit(page, "/app");
  await expect(leftToSpend(page)).toHaveText("€320.00");
  await look(page, "after-import");
});
