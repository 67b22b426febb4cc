import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import { currentMonth, ingCsv, ingRent, ingSalary, previewStatement } from "./ing-statement";

const look = (page: Page, name: string) => lookAt(page, `import-${name}`, { regionsScroll: true });

const month = currentMonth;

/** ING: semicolons, YYYYMMDD dates, "Af"/"Bij", decimal commas, a salary, two card payments and the rent. */
const ingFile = {
  name: "ing.csv",
  buffer: ingCsv([
    ingSalary({ day: 1, description: "Salaris" }),
    { day: 2, name: "Café Noir", direction: "Af", amount: "3,20", description: "Koffie" },
    { day: 2, name: "Bakkerij Jansen", direction: "Af", amount: "4,75", description: "Brood" },
    ingRent({ day: 3, description: "Huur" }),
  ]),
};

const previewRow = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

test("a bank statement is previewed, adjusted, imported, recognised again and undone", async ({ page }) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Ines Import" });

  await page.goto("/app/import");
  await expect(page.getByRole("heading", { name: "Import a bank statement" })).toBeVisible();
  await expect(page.getByLabel("Into account")).toHaveValue(/.+/);
  await expect(page.getByText("No imports yet.")).toBeVisible();
  await look(page, "upload");

  // Preview: four new rows from the ING preset; one category changed, one row unticked.
  await previewStatement(page, ingFile);
  await expect(page).toHaveURL(/\/app\/import\/[0-9a-f-]{36}$/);
  await expect(page.getByText("4 rows: 4 new, 0 already imported, 0 transfers between your accounts")).toBeVisible();
  await expect(page.getByText("Recognised as ING")).toBeVisible();
  // With no rules yet, a telling word already suggests a category, and says which.
  await expect(previewRow(page, "Woonstichting").getByText("Because of “huur”")).toBeVisible();
  await expect(previewRow(page, "Woonstichting").getByRole("combobox")).toHaveValue(/.+/);
  await expect(previewRow(page, "Woonstichting").getByRole("combobox").locator("option:checked")).toHaveText("Housing");
  await look(page, "preview");
  await previewRow(page, "Café Noir").getByRole("combobox").selectOption({ label: "Eating out" });
  await previewRow(page, "Woonstichting").getByRole("checkbox").uncheck();
  await page.getByRole("button", { name: "Import 3 rows" }).click();

  // Done: counts, then the entries on the expenses page.
  await expect(page.getByRole("heading", { name: "Imported", level: 2 })).toBeVisible();
  await expect(page.getByText("3 entries added to Everyday account.")).toBeVisible();
  await look(page, "done");
  await page.getByRole("link", { name: "See the entries" }).click();
  await expect(page).toHaveURL(new RegExp(`/app/expenses\\?month=${month}`));
  const main = page.getByRole("main");
  // Titles are the payees, not the bank's text.
  await expect(main.getByRole("link").filter({ hasText: "Café Noir" })).toContainText("Eating out");
  await expect(main.getByText("Bakkerij Jansen")).toBeVisible();
  await expect(main.getByText("Koffie")).toHaveCount(0);
  await expect(main.getByText("Woonstichting")).toHaveCount(0);

  // The same file again: what was imported is recognised; the unticked rent is still new.
  await previewStatement(page, ingFile);
  await expect(page.getByText("4 rows: 1 new, 3 already imported, 0 transfers between your accounts")).toBeVisible();
  await expect(previewRow(page, "Café Noir").getByText("Already imported")).toBeVisible();
  await expect(previewRow(page, "Woonstichting").getByText("New", { exact: true })).toBeVisible();

  // Undo, behind its confirmation.
  await page.getByRole("link", { name: "Choose another file" }).click();
  await expect(page).toHaveURL(/\/app\/import\?account=/);
  const history = page.getByRole("region", { name: "Recent imports" });
  await expect(history.getByText(/ing\.csv · 3 rows/)).toBeVisible();
  await history.getByText("Undo import").first().click();
  await expect(history.getByText("Remove everything this import added?")).toBeVisible();
  await history.getByRole("button", { name: "Undo import" }).click();
  await expect(page.getByText("Import undone: 3 rows removed.").first()).toBeVisible();
  await expect(page.getByText("No imports yet.")).toBeVisible();
  await page.goto(`/app/expenses?month=${month}`);
  await expect(page.getByRole("main").getByText("Café Noir")).toHaveCount(0);
});

test("an unknown CSV goes through the mapping step, and a PDF is refused clearly", async ({ page }) => {
  test.setTimeout(180_000);
  await createVerifiedUser(page.request, { name: "Mario Mapping" });

  const unknown = [
    "Wann;Was;Wieviel",
    `02.${month.slice(5)}.${month.slice(0, 4)};Bäckerei Müller;-4,80`,
    `03.${month.slice(5)}.${month.slice(0, 4)};Gehalt;2.500,00`,
  ].join("\n");
  await previewStatement(page, { name: "bank.csv", mimeType: "text/csv", buffer: Buffer.from(unknown) });
  await expect(page.getByRole("heading", { name: "Which column is which?" })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "The first rows of your file" }).getByText("Bäckerei Müller"),
  ).toBeVisible();
  await page.getByLabel("Date", { exact: true }).selectOption({ label: "Wann" });
  await page.getByLabel("Date format").selectOption("DD.MM.YYYY");
  await page.getByLabel("One column with a minus sign for money out").check();
  await page.getByLabel("Amount (with sign)").selectOption({ label: "Wieviel" });
  await page.getByLabel("Description 1").selectOption({ label: "Was" });
  await page.getByLabel("Decimal separator").selectOption(",");
  // Read live in the browser with the chosen columns.
  await expect(
    page.getByRole("region", { name: "Read with these settings" }).getByText("Bäckerei Müller"),
  ).toBeVisible();
  await look(page, "mapping");
  await page.getByRole("button", { name: "Use these columns" }).click();
  await expect(page.getByText("2 rows: 2 new, 0 already imported, 0 transfers between your accounts")).toBeVisible();
  // The chosen columns can be sent to us as a preset proposal: a plain download of JSON.
  const share = page.getByRole("link", { name: "Share this layout" });
  await expect(share).toHaveAttribute("download", "samen-layout-bank.json");
  const href = (await share.getAttribute("href")) ?? "";
  const proposal = JSON.parse(decodeURIComponent(href.slice(href.indexOf(",") + 1)));
  expect(proposal).toMatchObject({ kind: "samen-bank-preset-proposal", recognise: ["Wann", "Wieviel", "Was"] });
  await look(page, "share-layout");
  await page.getByRole("button", { name: "Import 2 rows" }).click();
  await expect(page.getByText("2 entries added to Everyday account.")).toBeVisible();

  // The columns are remembered for the account: the next file of this bank goes straight to the preview.
  await previewStatement(page, { name: "bank.csv", mimeType: "text/csv", buffer: Buffer.from(unknown) });
  await expect(page.getByText("2 rows: 0 new, 2 already imported, 0 transfers between your accounts")).toBeVisible();

  await previewStatement(page, {
    name: "statement.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\n"),
  });
  await expect(page.getByText("This doesn't look like a bank statement.", { exact: false })).toBeVisible();
  await expect(page.getByRole("link", { name: "Choose another file" })).toBeVisible();
});

test("the mapping step works without JavaScript", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name: "Nora NoScript" });
  const unknown = ["Wann;Was;Wieviel", `02.${month.slice(5)}.${month.slice(0, 4)};Kino;-12,00`].join("\n");
  await previewStatement(page, { name: "bank.csv", mimeType: "text/csv", buffer: Buffer.from(unknown) });
  await expect(page.getByRole("heading", { name: "Which column is which?" })).toBeVisible();
  await page.getByLabel("Date", { exact: true }).selectOption({ label: "Wann" });
  await page.getByLabel("Date format").selectOption("DD.MM.YYYY");
  await page.getByLabel("Amount (with sign)").selectOption({ label: "Wieviel" });
  await page.getByLabel("Description 1").selectOption({ label: "Was" });
  await page.getByRole("button", { name: "Use these columns" }).click();
  await expect(page.getByText("1 row: 1 new", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "Import 1 row" }).click();
  await expect(page.getByText("1 entry added to Everyday account.")).toBeVisible();
  await context.close();
});
