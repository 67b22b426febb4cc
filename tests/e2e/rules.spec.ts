import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import { confirmImport, currentMonth, ingCsv, previewStatement } from "./ing-statement";
import { visit } from "./marketing-support";

const look = (page: Page, name: string) => lookAt(page, `rules-${name}`, { regionsScroll: true });

const month = currentMonth;

/** An ING export with two shops, the second one twice. */
const ingFile = {
  name: "ing.csv",
  buffer: ingCsv([
    { day: 1, name: "ALBERT HEIJN 1234", direction: "Af", amount: "23,50", description: "Pas 12" },
    { day: 2, name: "Café Noir", direction: "Af", amount: "3,20", description: "Koffie" },
    { day: 3, name: "Café Noir", direction: "Af", amount: "4,10", description: "Koffie" },
  ]),
};

test("rules are written, suggest categories while typing, learn from the import preview and apply to existing entries", async ({
  page,
}) => {
  test.setTimeout(300_000);
  await createVerifiedUser(page.request, { name: "Rutger Regel" });

  // No rules yet: one calm sentence, and the form open.
  await visit(page, "/app/rules");
  await expect(page.getByRole("heading", { name: "Rules", level: 1 })).toBeVisible();
  await expect(page.getByTestId("rules-empty")).toContainText("No rules yet:");
  await expect(page.getByTestId("rules-count")).toHaveText("0 of 10 rules");
  await look(page, "empty");

  // A pattern RE2 cannot run is answered beside its row.
  const form = page.locator("#new-rule form");
  await form.getByLabel("How to compare (condition 1)").selectOption("regex");
  await form.getByLabel("Value (condition 1)").fill("(albert)\\1");
  await form.getByLabel("Put in category").selectOption({ label: "Groceries" });
  await form.getByRole("button", { name: "Save rule" }).click();
  await expect(form.getByText("This regular expression can’t be used.", { exact: false })).toBeVisible();

  // Two conditions: counterparty and an amount range.
  await form.getByLabel("How to compare (condition 1)").selectOption("contains");
  await form.getByLabel("Value (condition 1)").fill("Albert Heijn");
  await form.getByRole("button", { name: "Add a condition" }).click();
  await form.getByLabel("What to look at (condition 2)").selectOption("amount");
  await form.getByLabel("How to compare (condition 2)").selectOption("between");
  await form.getByLabel("Value (condition 2)").fill("1");
  await form.getByLabel("Upper amount (condition 2)").fill("100");
  await form.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByText("Rule saved")).toBeVisible();
  const first = page.getByTestId("rule-card").first();
  await expect(first).toContainText(
    "When counterparty contains “Albert Heijn” and amount is between €1.00 and €100.00 → Groceries",
  );
  await look(page, "list");

  // Typing an entry by hand: the rule preselects Groceries and says why; saving stays the user's choice.
  await visit(page, "/app/transactions/new");
  await page.getByLabel("Amount").fill("12.50");
  await page.getByLabel(/Description/).fill("Albert Heijn");
  await expect(page.getByText("Suggested by your rule for “Albert Heijn”")).toBeVisible();
  await expect(page.getByRole("radio", { name: "Groceries" })).toBeChecked();
  await look(page, "suggestion");
  await page.getByRole("button", { name: "Add expense" }).click();
  await expect(page).toHaveURL(/\/app\/expenses/);

  // The import preview: the rule sorts Albert Heijn; changing a café's category offers to learn it.
  await previewStatement(page, ingFile);
  await expect(page.getByRole("heading", { name: "Check before saving" })).toBeVisible();
  await expect(page.getByText("Set by your rule")).toBeVisible();
  // The dictionary already takes a café for eating out (and says why); the person prefers Leisure.
  await expect(page.getByLabel("Category: Café Noir").first().locator("option:checked")).toHaveText("Eating out");
  await page.getByLabel("Category: Café Noir").first().selectOption({ label: "Leisure" });
  await expect(page.getByText("Always put Café Noir in Leisure?")).toBeVisible();
  await look(page, "import-offer");
  await page.getByRole("button", { name: "Yes, always" }).click();
  await expect(page.getByText("From now on, Café Noir goes in Leisure.")).toBeVisible();
  // The other café row follows the learned rule at once.
  await expect(page.getByLabel("Category: Café Noir").nth(1)).toHaveValue(
    await page.getByLabel("Category: Café Noir").first().inputValue(),
  );
  await confirmImport(page, 3);

  // An imported entry changed on its own page: the answer to "Always …?" is a form of its own (it works without JavaScript).
  await visit(page, `/app/expenses?month=${month}`);
  // Titled by its payee; the hand-typed Albert Heijn of 12.50 is the other one.
  const pas = await page
    .getByRole("link", { name: /^Edit entry: Albert Heijn/ })
    .filter({ hasText: "23.50" })
    .getAttribute("href");
  await visit(page, pas ?? "");
  await page.getByText("Eating out", { exact: true }).click();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Always put ALBERT HEIJN 1234 in Eating out?")).toBeVisible();
  await look(page, "edit-offer");
  await page.getByRole("button", { name: "Yes, always" }).click();
  await expect(page.getByText("From now on, ALBERT HEIJN 1234 goes in Eating out.")).toBeVisible();

  // In the edit sheet the offer comes as a toast.
  await visit(page, `/app/expenses?month=${month}`);
  await page
    .getByRole("link", { name: /^Edit entry: Café Noir/ })
    .first()
    .click();
  const sheet = page.getByRole("dialog");
  await sheet.getByText("Groceries", { exact: true }).click();
  await sheet.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Always put Café Noir in Groceries?")).toBeVisible();
  await page.getByRole("button", { name: "Yes, always" }).click();
  await expect(page.getByText("Samen will remember that")).toBeVisible();

  // What Samen remembers of a payee (Café Noir, twice) is no rule. The answer a rule stood in the way of is a learned
  // rule, and it runs first; it moves like any.
  await visit(page, "/app/rules");
  const cards = page.getByTestId("rule-card");
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(0)).toContainText("When counterparty is “ALBERT HEIJN 1234” → Eating out");
  await expect(cards.nth(0)).toContainText("Learned");
  await cards.nth(1).getByRole("button", { name: "Move rule 2 up" }).click();
  await expect(cards.nth(0)).toContainText("Albert Heijn” and amount");

  // "Apply to existing entries": first the count, then the change. The Albert Heijn rule, now first, takes back
  // the entry its learned rule put in Eating out.
  await page.getByRole("button", { name: "Check existing entries" }).click();
  await expect(page.getByText("Entries that would change: 1")).toBeVisible();
  await look(page, "apply");
  await page.getByRole("button", { name: "Apply the rules now" }).click();
  await expect(page.getByText("Done. Entries changed: 1")).toBeVisible();
});

test("a condition chosen before the page's script ran is kept once it runs", async ({ page }) => {
  await createVerifiedUser(page.request, { name: "Vroege Vogel" });
  // The page's modules wait until the form has been filled in, as on a slow phone connection.
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/**/*.js", async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/app/rules", { waitUntil: "domcontentloaded" });
  const form = page.locator("#new-rule form");
  await form.getByLabel("What to look at (condition 1)").selectOption("description");
  await form.getByLabel("How to compare (condition 1)").selectOption("startsWith");
  await form.getByLabel("Value (condition 1)").fill("Lunch");
  // Before the script, a blank row stands in for "Add a condition": filled in, it becomes a condition of its own.
  await form.getByLabel("What to look at (condition 2)").selectOption("amount");
  await form.getByLabel("Value (condition 2)").fill("5");
  await expect(page.locator("html")).not.toHaveAttribute("data-hydrated", "true");

  release();
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  // A re-render (a third row) must not put back what the server sent.
  await form.getByRole("button", { name: "Add a condition" }).click();
  await expect(form.getByLabel("What to look at (condition 1)")).toHaveValue("description");
  await expect(form.getByLabel("How to compare (condition 1)")).toHaveValue("startsWith");
  await expect(form.getByLabel("Value (condition 1)")).toHaveValue("Lunch");
  await expect(form.getByLabel("What to look at (condition 2)")).toHaveValue("amount");
  await expect(form.getByLabel("How to compare (condition 2)")).toHaveValue("equals");
  await expect(form.getByLabel("Value (condition 2)")).toHaveValue("5");
  await expect(form.getByLabel("What to look at (condition 3)")).toHaveValue("counterparty");
  await expect(form.getByLabel("Value (condition 3)")).toHaveValue("");
});
