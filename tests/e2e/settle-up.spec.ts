import fs from "node:fs";
import { expect, test, type Browser } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { createVerifiedUser, lookAt, waitForMailLink } from "./fixtures";

/**
 * Two people, two phones (issue 15, "Settle up"): the owner invites a partner who edits through the mailed invitation,
 * both add shared and personal expenses, both read the same sentence on Settle up, one marks the month settled and the
 * other then sees it square.
 */

const phone = { width: 360, height: 740 };
const today = new Date().toISOString().slice(0, 10);
const groceriesId = "00000000-0000-4000-8000-000000000202";

async function signedInPage(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  const account = await createVerifiedUser(page.request, { name });
  return { context, page, account };
}

test("both add shared and personal expenses, see who owes whom, and one settles for both", async ({ browser }) => {
  test.setTimeout(240_000);
  const owner = await signedInPage(browser, "Pieter Owner");
  const partner = await signedInPage(browser, "Sanne Partner");

  expect((await owner.page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);
  // The owner invites in Settings, choosing a partner who edits; the invitation goes out through the SMTP sink.
  await owner.page.goto("/app/settings#partner");
  const partners = owner.page.locator("#partner");
  await partners.getByLabel("Their e-mail address").fill(partner.account.email);
  await partners.getByLabel("Add and change money, budgets, rules and goals").check();
  await partners.getByRole("button", { name: "Send invitation" }).click();
  await expect(partners.getByText(partner.account.email).first()).toBeVisible();
  const invitation = new URL(await waitForMailLink(partner.account.email, "/app/invitations/")).pathname;
  await partner.page.goto(invitation);
  // Every household starts as "My budget": to the partner it reads as its owner's.
  await expect(partner.page.getByText("Pieter Owner's budget").first()).toBeVisible();
  await partner.page.getByRole("button", { name: "Accept and open the budget" }).click();
  await expect(partner.page).toHaveURL(/\/app\?joined=1/);
  const switcher = partner.page.getByRole("banner").locator("details");
  await expect(switcher.locator("summary")).toContainText("Pieter Owner's budget");
  await switcher.locator("summary").click();
  await expect(switcher.getByRole("button", { name: /My budget/ })).toBeVisible();
  await expect(switcher.getByRole("button", { name: /Pieter Owner's budget/ })).toBeVisible();
  await switcher.locator("summary").click();
  // A partner is not offered what only the owner may do.
  await expect(partner.page.getByRole("link", { name: "Invite partner" })).toHaveCount(0);

  // The owner pays 346.90 shared and 80 personal.
  const add = (amount: string, shared: "1" | "0") => ({
    intent: "add",
    js: "1",
    kind: "expense",
    amount,
    categoryId: groceriesId,
    occurredOn: today,
    shared,
  });
  expect((await owner.page.request.post("/app/transactions/new", { form: add("346.90", "1") })).status()).toBe(200);
  expect((await owner.page.request.post("/app/transactions/new", { form: add("80", "0") })).status()).toBe(200);

  // The partner adds 100 shared through quick entry (one tap on "Shared"; paid by "Me" already), and 25 personal.
  await partner.page.goto("/app/expenses");
  await partner.page.getByTestId("quick-add").click();
  const sheet = partner.page.getByRole("dialog");
  await sheet.getByLabel("Amount").fill("100");
  await sheet.getByText("Shared", { exact: true }).click();
  await expect(sheet.getByText("Paid by")).toBeVisible();
  await lookAt(partner.page, "quick-entry-shared");
  await sheet.getByRole("button", { name: "Add expense" }).click();
  await expect(sheet).toBeHidden();
  expect((await partner.page.request.post("/app/transactions/new", { form: add("25", "0") })).status()).toBe(200);

  // Equal split of 446.90: 223.45 each; the partner paid 100, so owes 123.45. Both read the same sentence.
  for (const person of [owner, partner]) {
    await person.page.goto("/app/settle-up");
    await expect(person.page.getByTestId("settle-sentence")).toHaveText(/Sanne Partner owes Pieter Owner .?123[.,]45/);
  }
  const ownerSentence = await owner.page.getByTestId("settle-sentence").textContent();
  expect(await partner.page.getByTestId("settle-sentence").textContent()).toBe(ownerSentence);
  await lookAt(partner.page, "settle-up-open");

  // What starts shared: groceries are shared until someone says otherwise; the choice is kept, and can go back.
  const defaults = partner.page.getByTestId("category-sharing");
  const groceries = defaults.getByLabel("Groceries", { exact: true });
  await expect(groceries).toHaveValue("shared");
  await groceries.selectOption("personal");
  await defaults.getByRole("button", { name: "Save categories" }).click();
  await expect(partner.page.getByText("Saved.", { exact: true })).toBeVisible();
  await partner.page.reload();
  await expect(groceries).toHaveValue("personal");
  await groceries.selectOption("shared");
  await defaults.getByRole("button", { name: "Save categories" }).click();
  await expect(partner.page.getByText("Saved.", { exact: true })).toBeVisible();
  await partner.page.reload();
  await expect(groceries).toHaveValue("shared");

  // The partner asks the owner to settle up: the owner's bell says so, with the month's sentence; asking again tells nobody twice.
  await partner.page.getByRole("button", { name: "Ask Pieter Owner to settle up" }).click();
  await expect(partner.page.getByText(/Request sent for/)).toBeVisible();
  await partner.page.getByRole("button", { name: "Ask Pieter Owner to settle up" }).click();
  await expect(partner.page.getByText(/You already asked about/)).toBeVisible();
  await owner.page.goto("/app/settle-up");
  await owner.page
    .getByRole("banner")
    .getByRole("button", { name: /Notifications/ })
    .click();
  await expect(
    owner.page.getByText(/Sanne Partner asks you to settle up for .+: Sanne Partner owes Pieter Owner .?123[.,]45/),
  ).toHaveCount(1);
  // The open menu is looked at in pictures only: axe reads the page behind it as hidden while it is open.
  if (process.env.SHOTS_DIR)
    await owner.page.screenshot({ path: `${process.env.SHOTS_DIR}/settle-up-request-bell-${phone.width}.png` });
  await owner.page.keyboard.press("Escape");

  // The owner tells the partner about shared expenses from 500: a 600 shared sofa shows in the partner's bell.
  await owner.page.getByLabel(/Notify from/).fill("500");
  await owner.page.getByRole("button", { name: "Save amount" }).click();
  await expect(owner.page.getByText("Saved.")).toBeVisible();
  const sofa = {
    intent: "add",
    js: "1",
    kind: "expense",
    amount: "600",
    categoryId: groceriesId,
    occurredOn: today,
    shared: "1",
    description: "Sofa",
  };
  expect((await owner.page.request.post("/app/transactions/new", { form: sofa })).status()).toBe(200);
  await partner.page.reload();
  await partner.page
    .getByRole("banner")
    .getByRole("button", { name: /Notifications/ })
    .click();
  await expect(partner.page.getByText(/Pieter Owner added a shared expense: Sofa, .?600[.,]00/)).toBeVisible();
  await partner.page.keyboard.press("Escape");
  await expect(partner.page.getByTestId("settle-sentence")).toHaveText(/Sanne Partner owes Pieter Owner .?423[.,]45/);

  // "Mark as settled" asks first, naming the people and the amount; cancelling records nothing.
  const confirm = partner.page.getByTestId("settle-confirm");
  await confirm.locator("summary").click();
  await expect(confirm.getByText(/Did Sanne Partner pay Pieter Owner .?423[.,]45 for /)).toBeVisible();
  await lookAt(partner.page, "settle-up-confirm");
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(confirm.getByRole("button", { name: "Yes, mark as settled" })).toBeHidden();
  await expect(partner.page.getByTestId("settle-sentence")).toHaveText(/owes Pieter Owner .?423[.,]45/);

  // Settled, then undone from the toast: the balance is back; settled again, it stays.
  await confirm.locator("summary").click();
  await confirm.getByRole("button", { name: "Yes, mark as settled" }).click();
  await expect(partner.page.getByTestId("settle-sentence")).toContainText("You're square");
  await partner.page.getByRole("button", { name: "Undo", exact: true }).first().click();
  await expect(partner.page.getByText("Settlement undone. The balance is back.")).toBeVisible();
  await expect(partner.page.getByTestId("settle-sentence")).toHaveText(/owes Pieter Owner .?423[.,]45/);
  await confirm.locator("summary").click();
  await confirm.getByRole("button", { name: "Yes, mark as settled" }).click();
  await expect(partner.page.getByTestId("settle-sentence")).toContainText("You're square");
  // The member who settled may undo it from the history for a month; the other member may not.
  await expect(partner.page.getByRole("button", { name: /^Undo “Sanne Partner paid Pieter Owner/ })).toBeVisible();
  await lookAt(partner.page, "settle-up-undo");
  await owner.page.reload();
  await expect(owner.page.getByTestId("settle-sentence")).toContainText("You're square");
  await expect(owner.page.getByText(/Sanne Partner paid Pieter Owner .?423[.,]45/)).toBeVisible();
  await expect(owner.page.getByRole("button", { name: /^Undo/ })).toHaveCount(0);
  await lookAt(owner.page, "settle-up-settled");

  // A later shared expense opens the month again, and the page says why.
  const bread = { ...sofa, amount: "10", description: "Bread" };
  expect((await owner.page.request.post("/app/transactions/new", { form: bread })).status()).toBe(200);
  await owner.page.reload();
  await expect(owner.page.getByTestId("settle-sentence")).toHaveText(/Sanne Partner owes Pieter Owner .?5[.,]00/);
  await expect(owner.page.getByTestId("settle-reopened")).toContainText(
    /Sanne Partner paid Pieter Owner .?423[.,]45 on .+\. 1 shared entry added or changed since then opened the month again\./,
  );
  await lookAt(owner.page, "settle-up-reopened");

  // Exports: the CSV says shared or personal and who paid; the settlements come as their own CSV.
  await owner.page.goto("/app/exports");
  await lookAt(owner.page, "exports-couple");
  const [transactionsFile] = await Promise.all([
    owner.page.waitForEvent("download"),
    owner.page.getByRole("button", { name: "Download CSV" }).click(),
  ]);
  const entries = parse(fs.readFileSync(await transactionsFile.path()).toString("utf8"), { bom: true }) as string[][];
  expect(entries[0]).toEqual([
    "Date",
    "Type",
    "Category",
    "Description",
    "Amount",
    "Currency",
    "Shared or personal",
    "Paid or received by",
    "Entry ID",
  ]);
  expect(entries.slice(1).map((row) => [row[4], row[6], row[7]])).toEqual(
    expect.arrayContaining([
      ["-100.00", "Shared", "Sanne Partner"],
      ["-80.00", "Personal", "Pieter Owner"],
      ["-600.00", "Shared", "Pieter Owner"],
    ]),
  );
  const [settlementsFile] = await Promise.all([
    owner.page.waitForEvent("download"),
    owner.page.getByRole("button", { name: "Settlements (CSV)" }).click(),
  ]);
  expect(settlementsFile.suggestedFilename()).toBe(`samen-settlements-${today.slice(0, 7)}.csv`);
  const settlements = parse(fs.readFileSync(await settlementsFile.path()).toString("utf8"), {
    bom: true,
  }) as string[][];
  expect(settlements.slice(1).map((row) => row.slice(0, 5))).toEqual([
    [today.slice(0, 7), "Sanne Partner", "Pieter Owner", "423.45", "EUR"],
  ]);

  await owner.context.close();
  await partner.context.close();
});

test("a free household meets what fair share does and the way to upgrade, not the split", async ({ page }) => {
  await createVerifiedUser(page.request, { name: "Free Owner" });
  await page.goto("/app/settle-up");
  await expect(page.getByRole("heading", { name: "Share costs fairly, settle up in one tap" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Upgrade to Premium" })).toBeVisible();
  await expect(page.getByTestId("settle-sentence")).toHaveCount(0);
  await lookAt(page, "settle-up-free");
});
