import { expect, test } from "@playwright/test";
import { householdOfTwo } from "./couple";
import { lookAt } from "./fixtures";
import { confirmImport, currentMonth, ingCsv, previewStatement, previousMonth } from "./ing-statement";

/**
 * Shared by default where it is shared (issue 23): groceries start shared in a household of two, but a couple who each
 * pay their own lunch tells the Payees screen that one shop's expenses start personal, and the next statement follows.
 */

const shop = (month: string, amount: string) => ({
  month,
  day: 3,
  name: "ALBERT HEIJN 1403 AMSTERDAM",
  direction: "Af" as const,
  amount,
  description: "Pasvolgnr: 002 Transactie: 71ICVVKX Term: CT123456",
});

test("a payee's expenses start personal once the couple says so, before their category's default", async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000);
  const { owner, partner } = await householdOfTwo(browser, testInfo, { owner: "Pieter Eigen", partner: "Sanne Deel" });
  const page = owner.page;

  // The first statement: Albert Heijn is groceries, so it starts shared.
  await previewStatement(page, { name: "first.csv", buffer: ingCsv([shop(previousMonth, "23,45")]) });
  await confirmImport(page, 1);

  await page.goto("/app/payees");
  const row = page.getByTestId("payee-row").filter({ hasText: "Albert Heijn" });
  await row.locator("summary").click();
  const sharing = row.getByLabel("Their expenses start", { exact: true });
  await expect(sharing).toHaveValue("");
  await sharing.selectOption("personal");
  await row.getByRole("button", { name: "Save defaults" }).click();
  await expect(row.getByTestId("payee-sharing")).toHaveText("Starts personal");
  await lookAt(page, "payee-sharing");

  // The next statement's Albert Heijn starts personal: it is not in the month's shared costs.
  await previewStatement(page, { name: "second.csv", buffer: ingCsv([shop(currentMonth, "31,20")]) });
  await confirmImport(page, 1);
  await page.goto(`/app/settle-up?month=${currentMonth}`);
  // Half of 31.20 would be owed if it were shared; personal, nothing is.
  await expect(page.getByTestId("settle-sentence")).toBeVisible();
  await expect(page.getByTestId("settle-sentence")).not.toContainText(/15[.,]60/);
  await page.goto(`/app/settle-up?month=${previousMonth}`);
  await expect(page.getByTestId("settle-sentence")).toContainText(/11[.,]7[23]/);

  // The partner, an editor, sees the same default.
  await partner.page.goto("/app/payees");
  await expect(
    partner.page.getByTestId("payee-row").filter({ hasText: "Albert Heijn" }).getByTestId("payee-sharing"),
  ).toHaveText("Starts personal");

  await owner.context.close();
  await partner.context.close();
});
