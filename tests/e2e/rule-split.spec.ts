import { expect, test, type Page } from "@playwright/test";
import { householdOfTwo } from "./couple";
import { createVerifiedUser, lookAt } from "./fixtures";
import { confirmImport, currentMonth, ingCsv, previewStatement } from "./ing-statement";
import { visit } from "./marketing-support";

const month = currentMonth;

/** An ING export with one supermarket receipt of €80.00. */
const receipt = {
  name: "ing.csv",
  buffer: ingCsv([
    { day: 1, name: "ALBERT HEIJN 1234", direction: "Af", amount: "80,00", description: "Albert Heijn" },
  ]),
};

/** The receipt is one row of the month's expenses marked "Split", and its page shows these part amounts. */
async function expectSplitEntry(page: Page, amounts: string[]) {
  await visit(page, `/app/expenses?month=${month}`);
  const row = page.getByRole("link", { name: /^Edit entry: Albert Heijn/ });
  await expect(row).toContainText("Split");
  await row.click();
  const split = page.getByTestId("split");
  for (const [index, amount] of amounts.entries())
    await expect(split.getByLabel(`Amount of part ${index + 1}`)).toHaveValue(amount);
}

test("a rule splits an imported receipt 80 % groceries and the rest eating out; the preview shows the parts", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Sanne Split" });
  await visit(page, "/app/rules");
  const form = page.locator("#new-rule form");
  await form.getByLabel("Value (condition 1)").fill("Albert Heijn");
  await form.getByText("Split the amount").click();
  await form.getByLabel("Category (part 1)").selectOption({ label: "Groceries" });
  await form.getByLabel("Percentage or amount (part 1)").fill("80");
  await form.getByLabel("Category (part 2)").selectOption({ label: "Eating out" });
  await form.getByLabel("Percentage or amount (part 2)").fill("10");
  await form.getByRole("button", { name: "Save rule" }).click();
  // Percentages that leave 10 % to nobody are refused, what was typed kept.
  await expect(form.getByText("The percentages must add up to 100 %, or let one part take the rest.")).toBeVisible();
  await expect(form.getByLabel("Percentage or amount (part 2)")).toHaveValue("10");
  await form.getByLabel("How much (part 2)").selectOption({ label: "The rest" });
  await expect(form.getByLabel("Percentage or amount (part 2)")).toBeHidden();
  await lookAt(page, "rule-split-form");
  await form.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByText("Rule saved")).toBeVisible();
  await expect(page.getByTestId("rule-card").first()).toContainText(
    "When counterparty contains “Albert Heijn” → split into 80% Groceries, the rest Eating out",
  );

  await previewStatement(page, receipt);
  await expect(page.getByRole("heading", { name: "Check before saving" })).toBeVisible();
  const category = page.getByLabel("Category: Albert Heijn");
  await expect(category).toHaveValue("split");
  const parts = page.getByRole("list", { name: "The parts of this payment" });
  await expect(parts).toContainText(/Groceries\s*€64\.00/);
  await expect(parts).toContainText(/Eating out\s*€16\.00/);
  await lookAt(page, "rule-split-import");
  await confirmImport(page, 1);

  // The entry is one row marked split; its page shows the rule's parts.
  await expectSplitEntry(page, ["64", "16"]);
});

test("without JavaScript a split rule is written from the plain form", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name: "Plain Rule" });
  await page.goto("/app/rules");
  const form = page.locator("#new-rule form");
  await form.getByLabel("Value (condition 1)").fill("Jumbo");
  await form.getByText("Split the amount").click();
  await form.getByLabel("Category (part 1)").selectOption({ label: "Groceries" });
  await form.getByLabel("How much (part 1)").selectOption({ label: "Fixed amount" });
  await form.getByLabel("Percentage or amount (part 1)").fill("5.00");
  await form.getByLabel("Category (part 2)").selectOption({ label: "Eating out" });
  await form.getByLabel("How much (part 2)").selectOption({ label: "The rest" });
  await form.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByTestId("rule-card").first()).toContainText(
    "When counterparty contains “Jumbo” → split into €5.00 Groceries, the rest Eating out",
  );
  await context.close();
});

test("a person splits a preview row themselves; parts that do not add up are refused with what was typed kept", async ({
  page,
}) => {
  await createVerifiedUser(page.request, { name: "Pieter Parts" });
  await previewStatement(page, receipt);
  await expect(page.getByRole("heading", { name: "Check before saving" })).toBeVisible();
  await page.getByRole("button", { name: "Split this payment: Albert Heijn" }).click();
  const split = page.getByTestId("split");
  await split.getByLabel("Category of part 1").selectOption({ label: "Groceries" });
  await split.getByLabel("Amount of part 1").fill("60");
  await split.getByLabel("Category of part 2").selectOption({ label: "Leisure" });
  await split.getByLabel("Amount of part 2").fill("10");
  await expect(split.getByTestId("split-remaining")).toHaveText("€10.00 left to divide");
  // The server refuses what the script warned about, and shows the preview again with every part as typed.
  await page.getByRole("button", { name: /^Import 1 row$/ }).click();
  await expect(page.getByText("The parts must add up to the payment's amount.")).toBeVisible();
  await expect(split.getByLabel("Amount of part 2")).toHaveValue("10");
  await split.getByRole("button", { name: "Split evenly" }).click();
  await expect(split.getByLabel("Amount of part 1")).toHaveValue("40");
  // The message was about the parts as posted: once they change, the live line speaks instead.
  await expect(page.getByText("The parts must add up to the payment's amount.")).toHaveCount(0);
  await split.getByLabel("Amount of part 1").fill("70");
  await split.getByLabel("Amount of part 2").fill("10");
  await expect(split.getByTestId("split-remaining")).toHaveText("The parts add up to the payment.");
  await lookAt(page, "import-own-split");
  await confirmImport(page, 1);

  await expectSplitEntry(page, ["70", "10"]);
});

test("without JavaScript a preview row is split through the server", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name: "Plain Parts" });
  await previewStatement(page, receipt);
  await page.getByRole("button", { name: "Split this payment: Albert Heijn" }).click();
  const split = page.getByTestId("split");
  await split.getByLabel("Category of part 2").selectOption({ label: "Leisure" });
  await split.getByLabel("Amount of part 1").fill("1");
  await split.getByRole("button", { name: "Split evenly" }).click();
  await expect(split.getByLabel("Amount of part 1")).toHaveValue("40");
  await expect(split.getByLabel("Amount of part 2")).toHaveValue("40");
  await expect(split.getByLabel("Category of part 2")).toHaveValue(
    (await split.getByLabel("Category of part 2").locator("option", { hasText: "Leisure" }).getAttribute("value")) ??
      "",
  );
  await page.getByRole("button", { name: /^Import 1 row$/ }).click();
  await expect(page.getByRole("heading", { name: "Imported", level: 2 })).toBeVisible();
  await page.goto(`/app/expenses?month=${month}`);
  await expect(page.getByRole("link", { name: /^Edit entry: Albert Heijn/ })).toContainText("Split");
  await context.close();
});

test("in a household of two, a rule's parts and a preview row's own parts each say for whom", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const { owner, partner } = await householdOfTwo(browser, testInfo, {
    owner: "Fenna Owner",
    partner: "Gijs Partner",
  });
  const page = owner.page;
  await visit(page, "/app/rules");
  const form = page.locator("#new-rule form");
  await form.getByLabel("Value (condition 1)").fill("Albert Heijn");
  await form.getByText("Split the amount").click();
  await form.getByLabel("Category (part 1)").selectOption({ label: "Groceries" });
  await form.getByLabel("Percentage or amount (part 1)").fill("80");
  await form.getByLabel("For whom (part 1)").selectOption({ label: "Mark as shared" });
  await form.getByLabel("Category (part 2)").selectOption({ label: "Leisure" });
  await form.getByLabel("How much (part 2)").selectOption({ label: "The rest" });
  await form.getByLabel("For whom (part 2)").selectOption({ label: "Mark as personal" });
  await lookAt(page, "rule-split-form-two");
  await form.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByTestId("rule-card").first()).toContainText(
    "→ split into 80% Groceries (shared), the rest Leisure (personal)",
  );

  // The preview shows the rule's parts with whose they are; the person's own split asks it of each part too.
  await previewStatement(page, receipt);
  const parts = page.getByRole("list", { name: "The parts of this payment" });
  await expect(parts).toContainText(/Groceries · shared\s*€64\.00/);
  await expect(parts).toContainText(/Leisure · personal\s*€16\.00/);
  await page.getByRole("button", { name: "Split this payment: Albert Heijn" }).click();
  await expect(page.getByTestId("split").getByLabel("Shared or personal, part 1")).toBeVisible();
  await lookAt(page, "import-own-split-two");
  // Parts left empty: the rule's split is what is imported.
  await confirmImport(page, 1);
  await visit(page, `/app/expenses?month=${month}`);
  await expect(page.getByRole("link", { name: /^Edit entry: Albert Heijn/ })).toContainText("Split");
  await owner.context.close();
  await partner.context.close();
});
