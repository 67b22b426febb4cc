import { expect, test, type Browser } from "@playwright/test";
import { createVerifiedUser, lookAt, waitForMailLink } from "./fixtures";

/**
 * Shared or personal per expense (issue 15): in a household of two, a joint account makes its new expenses shared, a
 * rule marks some personal (and says so while an entry is typed), and "Apply to existing entries" counts and changes
 * what the rules say. A household of one never sees the question.
 */

const today = new Date().toISOString().slice(0, 10);
const groceriesId = "00000000-0000-4000-8000-000000000202";

async function signedInPage(browser: Browser, name: string, viewport: { width: number; height: number } | null) {
  const context = await browser.newContext(viewport ? { viewport } : {});
  const page = await context.newPage();
  const account = await createVerifiedUser(page.request, { name });
  return { context, page, account };
}

test("a joint account starts expenses shared, a rule marks some personal, and applying the rules changes the rest", async ({
  browser,
  viewport,
}) => {
  test.setTimeout(300_000);
  const owner = await signedInPage(browser, "Pieter Owner", viewport);
  const partner = await signedInPage(browser, "Sanne Partner", viewport);
  const page = owner.page;

  // Alone, the owner is never asked.
  await page.goto("/app/accounts");
  await page.getByTestId("account-card").first().locator("summary").click();
  await expect(page.getByLabel("New expenses are shared")).toHaveCount(0);

  expect((await page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);
  expect(
    (
      await page.request.post("/app/settings/partners", {
        form: { intent: "invite", email: partner.account.email, language: "en", access: "edit" },
      })
    ).status(),
  ).toBe(200);
  await partner.page.goto(new URL(await waitForMailLink(partner.account.email, "/app/invitations/")).pathname);
  await partner.page.getByRole("button", { name: "Accept and open the budget" }).click();
  await expect(partner.page).toHaveURL(/\/app\?joined=1/);

  // The Everyday account becomes a joint one: a badge says so.
  await page.goto("/app/accounts");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const card = page.getByTestId("account-card").first();
  await expect(card.getByTestId("account-shared")).toHaveCount(0);
  await card.locator("summary").click();
  await expect(
    card.getByText("A joint account: its expenses start out shared between you.", { exact: false }),
  ).toBeVisible();
  await card.getByLabel("New expenses are shared").check();
  await lookAt(page, "accounts-sharing-form");
  await card.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Account saved")).toBeVisible();
  await expect(card.getByTestId("account-shared")).toHaveText("Shared");
  await lookAt(page, "accounts-shared");

  // An expense typed before any rule: shared, as the account says.
  const add = {
    intent: "add",
    js: "1",
    kind: "expense",
    amount: "23.50",
    categoryId: groceriesId,
    occurredOn: today,
    description: "Albert Heijn",
  };
  expect((await page.request.post("/app/transactions/new", { form: add })).status()).toBe(200);

  // A rule: Albert Heijn is personal.
  await page.goto("/app/rules");
  // The condition's selects are React state: a choice made before hydration is set back to the default by it.
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  const form = page.locator("#new-rule form");
  await form.getByLabel("What to look at (condition 1)").selectOption("description");
  await form.getByLabel("Value (condition 1)").fill("Albert Heijn");
  await form.getByLabel("Shared or personal").selectOption({ label: "Mark as personal" });
  await lookAt(page, "rules-sharing-form");
  await form.getByRole("button", { name: "Save rule" }).click();
  await expect(page.getByText("Rule saved")).toBeVisible();
  await expect(page.getByTestId("rule-card").first()).toContainText(
    "When description contains “Albert Heijn” → mark personal",
  );

  // Applying it to existing entries: first the count, then the change.
  await page.getByRole("button", { name: "Check existing entries" }).click();
  await expect(page.getByText("Become shared or personal: 1")).toBeVisible();
  await lookAt(page, "rules-sharing");
  await page.getByRole("button", { name: "Apply the rules now" }).click();
  await expect(page.getByText("Done. Entries changed: 1")).toBeVisible();
  await page.getByRole("button", { name: "Check existing entries" }).click();
  await expect(page.getByText("Your rules would change none of your entries.")).toBeVisible();

  // Typing an entry by hand: the account's "Shared" gives way to the rule's "Personal", with the reason.
  await page.goto("/app/transactions/new");
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
  await expect(page.getByRole("radio", { name: "Shared", exact: true })).toBeChecked();
  await page.getByLabel("Amount").fill("12.50");
  await page.getByLabel(/Description/).fill("Albert Heijn");
  await expect(page.getByTestId("sharing-suggestion")).toHaveText("Suggested by your rule for “Albert Heijn”");
  await expect(page.getByRole("radio", { name: "Personal", exact: true })).toBeChecked();
  await lookAt(page, "entry-sharing-suggestion");
  // A tap of the user's own wins.
  await page.getByText("Shared", { exact: true }).click();
  await expect(page.getByRole("radio", { name: "Shared", exact: true })).toBeChecked();
  await expect(page.getByTestId("sharing-suggestion")).toHaveText("");

  await owner.context.close();
  await partner.context.close();
});
