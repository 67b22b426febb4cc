import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import {
  confirmImport,
  currentMonth,
  ingCsv,
  ingRent,
  ingSalary,
  previewStatement,
  previousMonth,
  type IngBooking,
} from "./ing-statement";

/**
 * The first real month (issue 22): two months of an ING export as the bank writes it, card lines full of
 * boilerplate and direct debits named only in "Naam:" lines. After the import the list reads as payees, most rows
 * are in the right category with no rule written, rent and salary are suggested as series, and search finds one shop
 * in both months.
 */
function month(month: string): IngBooking[] {
  const day = month.replace("-", "").slice(2);
  return [
    ingSalary({ month, day: 1, description: "Naam: Werkgever BV Omschrijving: Salaris IBAN: NL20INGB0001234567" }),
    ingRent({
      month,
      day: 1,
      name: "Woonstichting De Key",
      description:
        "Naam: Woonstichting De Key Omschrijving: Huur IBAN: NL44RABO0123456789 Machtiging ID: 77 Incassant ID: NL12ZZZ",
    }),
    {
      month,
      day: 1,
      name: "ALBERT HEIJN 1403 AMSTERDAM",
      direction: "Af",
      amount: "23,45",
      description: `Pasvolgnr: 002 01-${day}-2026 11:11 Transactie: 71ICVVKX Term: CT123456 Apple Pay`,
    },
    {
      month,
      day: 1,
      name: "AH to go 5812 Utrecht CS",
      direction: "Af",
      amount: "4,10",
      description: `Pasvolgnr: 002 01-${day}-2026 08:02 Transactie: 5D2K81M3 Term: 9QX471`,
    },
    {
      month,
      day: 1,
      name: "NS GROEP IZ NS",
      direction: "Af",
      amount: "18,90",
      description: "Pasvolgnr: 002 Transactie: 8Q1",
    },
  ];
}

const statement = { name: "ing-two-months.csv", buffer: ingCsv([...month(previousMonth), ...month(currentMonth)]) };
const look = (page: Page, name: string) => lookAt(page, `first-month-${name}`, { regionsScroll: true });

test("two months of a bank statement read as payees, are categorised, suggest series and are searchable", async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  await createVerifiedUser(page.request, { name: "Eerste Maand" });

  await previewStatement(page, statement);
  await expect(page.getByRole("heading", { name: "Check before saving" })).toBeVisible();
  // Titles are payees: every branch of Albert Heijn is Albert Heijn, and it is a known shop.
  const albert = page.getByRole("row").filter({ hasText: "Albert Heijn" });
  await expect(albert).toHaveCount(4);
  await expect(albert.first().getByText("Known shop")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Woonstichting De Key" }).first()).toContainText(
    "Because of “huur”",
  );
  await look(page, "preview");
  await confirmImport(page, 10);

  await page.goto(`/app/expenses?month=${currentMonth}`);
  const list = page.getByTestId("transaction-list");
  await expect(list.getByRole("link", { name: /^Edit entry: Albert Heijn/ })).toHaveCount(2);
  await expect(list.getByRole("link").filter({ hasText: "Albert Heijn" }).first()).toContainText("Groceries");
  await expect(list.getByRole("link").filter({ hasText: "Woonstichting De Key" })).toContainText("Housing");
  await expect(list.getByRole("link", { name: /^Edit entry: NS\b/ })).toContainText("Transport");
  await expect(list).not.toContainText("Pasvolgnr");
  await expect(list).not.toContainText("Transactie");
  await look(page, "expenses");

  // The entry keeps what the bank wrote, on its own page.
  // (A tap opens the edit sheet; the entry's own page is where its details are.)
  const entryPage = await list
    .getByRole("link", { name: /^Edit entry: Albert Heijn/ })
    .first()
    .getAttribute("href");
  await page.goto(entryPage ?? "");
  await expect(page.getByRole("region", { name: "What your bank wrote" })).toContainText("Pasvolgnr");

  // Two months running at the same amount: rent and salary are suggested as series.
  await page.goto("/app/recurring");
  const suggestions = page.getByRole("region", { name: "Suggestions from your history" });
  await expect(suggestions).toContainText("Woonstichting De Key");
  // Named by the payee, the legal form folded away.
  await expect(suggestions.getByRole("heading", { name: "Werkgever", exact: true })).toBeVisible();

  // Search across all months, from the month list's search and on its own page.
  await page.goto(`/app/expenses?month=${currentMonth}&q=albert`);
  await page.getByRole("link", { name: "Search “albert” in all months" }).click();
  await expect(page).toHaveURL(/\/app\/search\?q=albert/);
  await page.getByLabel("Search all entries").fill("albert heijn");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  const months = page.getByRole("main").getByRole("heading", { level: 2 });
  await expect(months).toHaveCount(2);
  await expect(page.getByRole("main").getByRole("link", { name: /^Edit entry: Albert Heijn/ })).toHaveCount(4);
  await expect(page.getByRole("main")).toContainText("Spent €27.55");
  await look(page, "search");

  // An amount, written the person's way, finds the rent of both months.
  await page.getByLabel("Search all entries").fill(">1000");
  await page.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByRole("main").getByRole("link", { name: /^Edit entry: Woonstichting De Key/ })).toHaveCount(2);

  // Without JavaScript the search is the same plain form.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto("/app/search");
  await noScript.getByLabel("Search all entries").fill("albert heijn");
  await noScript.getByRole("button", { name: "Search", exact: true }).click();
  await expect(noScript.getByRole("main").getByRole("heading", { level: 2 })).toHaveCount(2);
  await plain.close();
});
