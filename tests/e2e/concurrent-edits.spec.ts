import { expect, test, type Browser, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt, waitForMailLink } from "./fixtures";

/**
 * Two people edit the same goal or entry at once (issue 15, "Concurrent edits"): the later save, based on what the page
 * loaded, is refused with the other person's change shown beside the form; nothing is silently overwritten. "Save mine
 * anyway" then saves on top of their version, "Use theirs" shows their values in the form.
 */

const phone = { width: 360, height: 740 };
const groceriesId = "00000000-0000-4000-8000-000000000202";

async function signedInPage(browser: Browser, name: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await browser.newContext({ viewport: phone, ...options });
  const page = await context.newPage();
  const account = await createVerifiedUser(page.request, { name });
  return { context, page, account };
}

/** An owner's premium household and a partner who joined through the mailed invitation, invited to edit. */
async function householdOfTwo(browser: Browser, partnerOptions: { javaScriptEnabled?: boolean } = {}) {
  const owner = await signedInPage(browser, "Pieter Owner");
  const partner = await signedInPage(browser, "Sanne Partner", partnerOptions);
  expect((await owner.page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);
  expect(
    (
      await owner.page.request.post("/app/settings/partners", {
        form: { intent: "invite", email: partner.account.email, language: "en", access: "edit" },
      })
    ).status(),
  ).toBe(200);
  const invitation = new URL(await waitForMailLink(partner.account.email, "/app/invitations/")).pathname;
  await partner.page.goto(invitation);
  await partner.page.getByRole("button", { name: "Accept and open the budget" }).click();
  await expect(partner.page).toHaveURL(/\/app\?joined=1/);
  return { owner, partner };
}

/** An expense of today, added by the owner; answers the address of its own page. */
async function addExpense(page: Page, description: string, amount: string): Promise<string> {
  const today = new Date().toISOString().slice(0, 10);
  const added = await page.request.post("/app/transactions/new", {
    form: { intent: "add", js: "1", kind: "expense", amount, categoryId: groceriesId, occurredOn: today, description },
  });
  expect(added.status()).toBe(200);
  await page.goto("/app/expenses");
  const href = await page.getByRole("link", { name: new RegExp(description) }).getAttribute("href");
  const entryPath = (href ?? "").split("?")[0] as string;
  expect(entryPath).toMatch(/^\/app\/transactions\/[0-9a-f-]{36}$/);
  return entryPath;
}

const goalCard = (page: Page) => page.getByTestId("goal-card").first();

/** Opens the goal's "Edit or archive" section and returns its edit form. */
async function openEdit(page: Page) {
  await page.goto("/app/goals");
  const card = goalCard(page);
  await card.getByText("Edit or archive").click();
  return card.locator("form").filter({ has: page.getByRole("textbox", { name: "Name", exact: true }) });
}

test("two people edit one goal: the stale save shows the other's change, overwrites nothing, and can be resolved", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // A premium household with a goal and a partner who edits.
  const { owner, partner } = await householdOfTwo(browser);
  expect(
    (
      await owner.page.request.post("/app/goals", { form: { intent: "create", name: "Holiday", target: "1200" } })
    ).status(),
  ).toBe(200);

  // Both open the same goal's edit form.
  const ownerForm = await openEdit(owner.page);
  const partnerForm = await openEdit(partner.page);
  await expect(partnerForm.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Holiday");

  // The owner saves first.
  await ownerForm.getByRole("textbox", { name: "Name", exact: true }).fill("Summer in Italy");
  await ownerForm.getByRole("button", { name: "Save goal" }).click();
  await expect(goalCard(owner.page)).toContainText("Summer in Italy");

  // The partner's save, based on the goal as it was, is refused: the owner's values are shown, the partner's typing stays.
  await partnerForm.getByRole("textbox", { name: "Name", exact: true }).fill("Ski trip");
  await partnerForm.getByRole("button", { name: "Save goal" }).click();
  const notice = partnerForm.getByTestId("conflict-notice");
  await expect(notice).toContainText("Someone changed this while you were editing");
  await expect(notice).toContainText("Summer in Italy");
  await expect(partnerForm.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Ski trip");
  await lookAt(partner.page, "concurrent-edit-conflict");
  // Nothing was overwritten: the owner's name is what the household has.
  await owner.page.reload();
  await expect(goalCard(owner.page)).toContainText("Summer in Italy");

  // "Save mine anyway" saves the partner's version on top of the owner's.
  await notice.getByRole("button", { name: "Save mine anyway" }).click();
  await expect(partnerForm.getByTestId("conflict-notice")).toHaveCount(0);
  await expect(goalCard(partner.page)).toContainText("Ski trip");

  // The owner's page still holds the version before that: the owner's next save meets the partner's change.
  const staleOwnerForm = goalCard(owner.page)
    .locator("form")
    .filter({ has: owner.page.getByRole("textbox", { name: "Name", exact: true }) });
  await goalCard(owner.page).getByText("Edit or archive").click();
  await staleOwnerForm.getByRole("textbox", { name: "Name", exact: true }).fill("Beach week");
  await staleOwnerForm.getByRole("button", { name: "Save goal" }).click();
  const ownerNotice = staleOwnerForm.getByTestId("conflict-notice");
  await expect(ownerNotice).toContainText("Ski trip");
  // "Use theirs" brings the partner's values into the form and ends the conflict.
  await ownerNotice.getByRole("button", { name: "Use theirs" }).click();
  await expect(staleOwnerForm.getByTestId("conflict-notice")).toHaveCount(0);
  await expect(staleOwnerForm.getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Ski trip");
  await expect(goalCard(owner.page)).toContainText("Ski trip");

  await owner.context.close();
  await partner.context.close();
});

test("two people edit one expense on its page: the later save shows the first one's amount, and 'Use theirs' takes it", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { owner, partner } = await householdOfTwo(browser);
  const entryPath = await addExpense(owner.page, "Weekly shop", "12.50");

  // Both open the same expense's page.
  await owner.page.goto(entryPath);
  await partner.page.goto(entryPath);
  await expect(partner.page.getByLabel("Amount")).toHaveValue("12.50");

  // The owner saves a new amount first and is back on the list.
  await owner.page.getByLabel("Amount").fill("20.40");
  await owner.page.getByRole("button", { name: "Save changes" }).click();
  await expect(owner.page).toHaveURL(/\/app\/expenses/);
  await expect(owner.page.getByTestId("list-total")).toHaveText("€20.40");

  // The partner's save, based on the expense as it was, is refused: the owner's amount is shown, the partner's typing stays.
  await partner.page.getByLabel("Amount").fill("30");
  await partner.page.getByRole("button", { name: "Save changes" }).click();
  const notice = partner.page.getByTestId("conflict-notice");
  await expect(notice).toContainText("Someone changed this while you were editing");
  await expect(notice).toContainText("€20.40");
  await expect(partner.page.getByLabel("Amount")).toHaveValue("30");
  await lookAt(partner.page, "concurrent-edit-entry-conflict");
  // Nothing was overwritten.
  await owner.page.reload();
  await expect(owner.page.getByTestId("list-total")).toHaveText("€20.40");

  // "Use theirs" shows the owner's amount in the form and ends the conflict; a save from there goes through.
  await notice.getByRole("link", { name: "Use theirs" }).click();
  await expect(partner.page.getByTestId("conflict-notice")).toHaveCount(0);
  await expect(partner.page.getByLabel("Amount")).toHaveValue("20.40");
  await partner.page.getByLabel("Amount").fill("25");
  await partner.page.getByRole("button", { name: "Save changes" }).click();
  await expect(partner.page).toHaveURL(/\/app\/expenses/);
  await expect(partner.page.getByTestId("list-total")).toHaveText("€25.00");

  await owner.context.close();
  await partner.context.close();
});

test("without JavaScript a stale save of an expense comes back with the notice, and 'Save mine anyway' saves it", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { owner, partner } = await householdOfTwo(browser, { javaScriptEnabled: false });
  const entryPath = await addExpense(owner.page, "Bakery", "4.20");

  await partner.page.goto(entryPath);
  await owner.page.goto(entryPath);
  await owner.page.getByLabel("Amount").fill("5");
  await owner.page.getByRole("button", { name: "Save changes" }).click();
  await expect(owner.page).toHaveURL(/\/app\/expenses/);

  // The plain form posts and the page comes back (409) with the owner's amount beside the partner's typing.
  await partner.page.getByLabel("Amount").fill("6");
  await partner.page.getByRole("button", { name: "Save changes" }).click();
  const notice = partner.page.getByTestId("conflict-notice");
  await expect(notice).toContainText("€5.00");
  await expect(partner.page.getByLabel("Amount")).toHaveValue("6");
  await notice.getByRole("button", { name: "Save mine anyway" }).click();
  await expect(partner.page).toHaveURL(/\/app\/expenses/);
  await expect(partner.page.getByTestId("list-total")).toHaveText("€6.00");

  // A delete from a page loaded before a change is refused the same way, and confirmed with "Delete anyway".
  await partner.page.goto(entryPath);
  await owner.page.goto(entryPath);
  await owner.page.getByLabel("Amount").fill("7");
  await owner.page.getByRole("button", { name: "Save changes" }).click();
  await expect(owner.page).toHaveURL(/\/app\/expenses/);
  await partner.page.getByRole("button", { name: "Delete entry" }).click();
  await expect(partner.page.getByTestId("conflict-notice")).toContainText("€7.00");
  await partner.page.getByRole("button", { name: "Delete anyway" }).click();
  await expect(partner.page).toHaveURL(/\/app\/expenses/);
  await expect(partner.page.getByTestId("list-total")).toHaveText("€0.00");

  await owner.context.close();
  await partner.context.close();
});

test("in the entry sheet: a stale save shows the other's amount and 'Use theirs' takes it; a stale delete asks again", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { owner, partner } = await householdOfTwo(browser);
  await addExpense(owner.page, "Weekly shop", "12.50");
  await partner.page.goto("/app/expenses");
  const ownerSheet = owner.page.getByRole("dialog");
  const partnerSheet = partner.page.getByRole("dialog");

  // Both open the entry in the sheet from the list; the owner saves first.
  await owner.page.getByRole("link", { name: /Weekly shop/ }).click();
  await partner.page.getByRole("link", { name: /Weekly shop/ }).click();
  await ownerSheet.getByLabel("Amount").fill("20.40");
  await ownerSheet.getByRole("button", { name: "Save changes" }).click();
  await expect(owner.page.getByTestId("list-total")).toHaveText("€20.40");

  await partnerSheet.getByLabel("Amount").fill("30");
  await partnerSheet.getByRole("button", { name: "Save changes" }).click();
  const notice = partnerSheet.getByTestId("conflict-notice");
  await expect(notice).toContainText("€20.40");
  await expect(notice).toBeInViewport();
  await lookAt(partner.page, "concurrent-edit-entry-sheet-conflict");
  await notice.getByRole("button", { name: "Use theirs" }).click();
  await expect(partnerSheet.getByTestId("conflict-notice")).toHaveCount(0);
  await expect(partnerSheet.getByLabel("Amount")).toHaveValue("20.40");

  // The owner changes it again while the partner's sheet is open: the partner's delete shows the change first.
  await owner.page.getByRole("link", { name: /Weekly shop/ }).click();
  await ownerSheet.getByLabel("Amount").fill("21");
  await ownerSheet.getByRole("button", { name: "Save changes" }).click();
  await expect(owner.page.getByTestId("list-total")).toHaveText("€21.00");
  await partnerSheet.getByRole("button", { name: "Delete entry" }).click();
  const deleteNotice = partnerSheet.getByTestId("conflict-notice");
  await expect(deleteNotice).toContainText("Delete it anyway?");
  await expect(deleteNotice).toContainText("€21.00");
  await deleteNotice.getByRole("button", { name: "Delete anyway" }).click();
  await expect(partner.page.getByText("Expense of €21.00 deleted")).toBeVisible();
  await expect(partner.page.getByTestId("list-total")).toHaveText("€0.00");

  await owner.context.close();
  await partner.context.close();
});
