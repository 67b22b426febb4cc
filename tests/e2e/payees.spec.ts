import { expect, test, type Locator, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import { confirmImport, currentMonth, ingCsv, previewStatement, type IngBooking } from "./ing-statement";

/**
 * The Payees screen (issue 22): after a first import, the household's payees with their entries; a rename shows in
 * the entries' titles at once, a default category is kept for the next import, and a merge moves one payee's entries
 * into another's, with Undo in its toast.
 */
const card = (day: number, name: string, amount: string): IngBooking => ({
  day,
  name,
  direction: "Af",
  amount,
  description: `Pasvolgnr: 002 0${day}-01-2026 11:11 Transactie: 71ICV${day} Term: CT1234`,
});

const statement = {
  name: "ing-payees.csv",
  buffer: ingCsv([
    card(1, "ALBERT HEIJN 1403 AMSTERDAM", "23,45"),
    card(2, "JUMBO UTRECHT", "12,30"),
    card(3, "JUMBO UTRECHT", "8,15"),
  ]),
};

const look = (page: Page, name: string) => lookAt(page, `payees-${name}`);

/** Opens a payee's edit panel (a native <details>, which stays open after a save). */
async function edit(payee: Locator) {
  if ((await payee.locator("details").getAttribute("open")) === null) await payee.getByText("Edit").click();
}

function row(page: Page, name: string) {
  return page.getByTestId("payee-row").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

test("payees: list, rename, default category, merge with undo", async ({ page }) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Payee Tester" });
  await previewStatement(page, statement);
  await confirmImport(page, 3);

  // Settings links to the screen, beside the categories.
  await page.goto("/app/settings");
  await page.getByRole("link", { name: "Manage payees" }).click();
  await expect(page.getByRole("heading", { name: "Payees", level: 1 })).toBeVisible();
  await expect(row(page, "Jumbo")).toContainText("2 entries");
  await expect(row(page, "Albert Heijn")).toContainText("1 entry");
  await look(page, "list");

  // Rename: the entries without a title of their own follow at once.
  const jumbo = row(page, "Jumbo");
  await edit(jumbo);
  await look(page, "edit");
  await jumbo.getByLabel("Name").fill("Jumbo Supermarkt");
  await jumbo.getByRole("button", { name: "Rename" }).click();
  await expect(row(page, "Jumbo Supermarkt")).toBeVisible();
  await page.goto(`/app/expenses?month=${currentMonth}`);
  await expect(page.getByText("Jumbo Supermarkt")).toHaveCount(2);

  // A default category for money out.
  await page.goto("/app/payees");
  const renamed = row(page, "Jumbo Supermarkt");
  await edit(renamed);
  await renamed.getByLabel("Default category, money out").selectOption({ label: "Health" });
  await renamed.getByRole("button", { name: "Save categories" }).click();
  await expect(row(page, "Jumbo Supermarkt")).toContainText("Money out: Health");

  // Merge into Albert Heijn, then Undo from the toast.
  const merging = row(page, "Jumbo Supermarkt");
  await edit(merging);
  await merging.getByLabel("Merge into").selectOption({ label: "Albert Heijn" });
  await merging.getByRole("button", { name: "Merge" }).click();
  await expect(page.getByText("Jumbo Supermarkt merged into Albert Heijn.")).toBeVisible();
  await expect(row(page, "Albert Heijn")).toContainText("3 entries");
  await expect(row(page, "Jumbo Supermarkt")).toHaveCount(0);
  await look(page, "merged");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(page.getByText("Jumbo Supermarkt is a payee of its own again.")).toBeVisible();
  await expect(row(page, "Jumbo Supermarkt")).toContainText("2 entries");
  await expect(row(page, "Albert Heijn")).toContainText("1 entry");

  // Bad input is a translated message, never an error page.
  const again = row(page, "Albert Heijn");
  await edit(again);
  await again.getByLabel("Name").fill("   ");
  await again.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByText("Enter a name.")).toBeVisible();
});

test("payees: every form works as a plain post without JavaScript", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name: "No Script" });
  const withScript = await browser.newContext({ storageState: await context.storageState() });
  const scripted = await withScript.newPage();
  await previewStatement(scripted, statement);
  await confirmImport(scripted, 3);
  await withScript.close();

  await page.goto("/app/payees");
  const jumbo = row(page, "Jumbo");
  await edit(jumbo);
  await jumbo.getByLabel("Name").fill("Jumbo Markt");
  await jumbo.getByRole("button", { name: "Rename" }).click();
  await expect(row(page, "Jumbo Markt")).toContainText("2 entries");

  const renamed = row(page, "Jumbo Markt");
  await edit(renamed);
  await renamed.getByLabel("Merge into").selectOption({ label: "Albert Heijn" });
  await renamed.getByRole("button", { name: "Merge" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Jumbo Markt merged into Albert Heijn." })).toBeVisible();
  await expect(row(page, "Albert Heijn")).toContainText("3 entries");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(row(page, "Jumbo Markt")).toContainText("2 entries");
  await context.close();
});
