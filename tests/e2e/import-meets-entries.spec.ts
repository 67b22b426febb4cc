import { expect, test } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import { confirmImport, ingCsv, ingRent, previewStatement } from "./ing-statement";

/**
 * An import meets what is already there (issue 22): a coffee typed by hand, then the bank's statement with that coffee
 * in it. The preview says it is already entered; after saving, the expenses list shows it once, under the person's own
 * title.
 */

/** Today as the app sees it (the reader's time zone), "YYYY-MM-DD". */
const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Amsterdam" }).format(new Date());

test("a statement row typed in by hand before is linked, not added twice", async ({ page }) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Ines Import" });

  // Typed by hand, today.
  await page.goto(`/app/expenses?month=${today.slice(0, 7)}`);
  await page.getByRole("banner").getByRole("link", { name: "Add entry" }).click();
  const sheet = page.getByRole("dialog");
  await expect(sheet.getByRole("heading", { name: "New entry" })).toBeVisible();
  await sheet.getByText("Expense", { exact: true }).click();
  await sheet.getByLabel("Amount").fill("3.20");
  await sheet.getByText("Eating out", { exact: true }).click();
  await sheet.getByLabel(/Description/).fill("Coffee with Sanne");
  await sheet.getByRole("button", { name: "Add expense" }).click();
  await expect(sheet).toBeHidden();

  // The bank's statement: that coffee, and the rent.
  const day = Number(today.slice(8, 10));
  const month = today.slice(0, 7);
  await previewStatement(page, {
    name: "ing.csv",
    buffer: ingCsv([
      { day, month, name: "Café Noir", direction: "Af", amount: "3,20", description: "Koffie" },
      ingRent({ day, month, description: "Huur" }),
    ]),
  });
  await expect(
    page.getByText("2 rows: 1 new, 1 already entered, 0 already imported, 0 transfers between your accounts"),
  ).toBeVisible();
  const coffee = page.getByRole("row").filter({ hasText: "Café Noir" });
  await expect(coffee.getByText(/^Already entered: Coffee with Sanne, /)).toBeVisible();
  await expect(coffee.getByRole("checkbox", { name: "Add as a new entry instead: Café Noir" })).not.toBeChecked();
  await lookAt(page, "import-already-entered", { regionsScroll: true });

  await confirmImport(page, 2);
  await expect(page.getByText("1 entry added to Everyday account.")).toBeVisible();
  await expect(page.getByText("1 row was already entered and is now linked to its entry.")).toBeVisible();

  // The expenses list: the coffee once, under the title the person typed.
  await page.goto(`/app/expenses?month=${month}`);
  const main = page.getByRole("main");
  await expect(main.getByText("Woonstichting")).toBeVisible();
  await expect(main.getByText("Coffee with Sanne")).toHaveCount(1);
  await expect(main.getByText("Café Noir")).toHaveCount(0);
});

test("without JavaScript, a row already entered can be added as a new entry instead", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name: "Nora No-Script" });
  const typed = await page.request.post("/app/transactions/new", {
    form: {
      intent: "add",
      kind: "expense",
      amount: "3.20",
      categoryId: "00000000-0000-4000-8000-000000000207",
      occurredOn: today,
      description: "Coffee with Sanne",
    },
  });
  expect(typed.status()).toBeLessThan(400);

  const day = Number(today.slice(8, 10));
  const month = today.slice(0, 7);
  await previewStatement(page, {
    name: "ing.csv",
    buffer: ingCsv([{ day, month, name: "Café Noir", direction: "Af", amount: "3,20", description: "Koffie" }]),
  });
  const coffee = page.getByRole("row").filter({ hasText: "Café Noir" });
  await expect(coffee.getByText(/^Already entered: Coffee with Sanne, /)).toBeVisible();
  // Two coffees that day after all: this one is another.
  await coffee.getByRole("checkbox", { name: "Add as a new entry instead: Café Noir" }).check();
  await confirmImport(page, 1);
  await expect(page.getByText("1 entry added to Everyday account.")).toBeVisible();

  await page.goto(`/app/expenses?month=${month}`);
  const main = page.getByRole("main");
  await expect(main.getByText("Coffee with Sanne")).toHaveCount(1);
  await expect(main.getByText("Café Noir")).toHaveCount(1);
  await context.close();
});
