import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import { plainSpaces, text, visit } from "./marketing-support";

const look = (page: Page, name: string) => lookAt(page, `account-${name}`);

const salaryId = "00000000-0000-4000-8000-000000000101";
const today = new Date().toISOString().slice(0, 10);
const de = (key: string, namespace = "money") => text("de", key, namespace);
const en = (key: string, namespace = "money") => text("en", key, namespace);
const euro = (amount: number) =>
  plainSpaces(new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(amount));
const balance = async (page: Page) => plainSpaces((await page.getByTestId("account-balance").textContent()) ?? "");

test("moving money between own accounts changes both balances, never the spending totals, and can be undone", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Theo Transfer", language: "de" });
  expect((await page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);
  expect(
    (
      await page.request.post("/app/transactions/new", {
        form: {
          intent: "add",
          js: "1",
          kind: "income",
          amount: "1000",
          categoryId: salaryId,
          occurredOn: today,
          description: "Gehalt",
        },
      })
    ).status(),
  ).toBe(200);
  expect(
    (
      await page.request.post("/app/accounts", { form: { intent: "create", name: "Rücklage", kind: "savings" } })
    ).status(),
  ).toBe(200);

  await visit(page, "/app");
  const spending = async () =>
    Promise.all(
      ["income", "expenses", "net"].map(async (key) =>
        plainSpaces((await page.getByTestId(`card-${key}`).getByTestId("card-value").textContent()) ?? ""),
      ),
    );
  const totalsBefore = await spending();

  // Each account's name on the Accounts page leads to its own page.
  await visit(page, "/app/accounts");
  await page.getByRole("link", { name: de("accounts.everyday"), exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(de("accounts.everyday"));
  await expect(page.getByRole("link", { name: de("accounts.import") })).toHaveAttribute(
    "href",
    /^\/app\/import\?account=[0-9a-f-]{36}$/,
  );
  expect(await balance(page)).toBe(euro(1000));

  // Move 250,00 to the savings account: the amount in German, the date today by default.
  await page.locator("#move-money summary").click();
  const form = page.locator("#move-money form");
  await expect(form.getByLabel(de("accounts.transfer.date"), { exact: true })).not.toHaveValue("");
  await form.getByLabel(de("accounts.transfer.to"), { exact: true }).selectOption({ label: "Rücklage" });
  await form.getByLabel(de("accounts.transfer.amount"), { exact: true }).fill("0");
  await form.getByRole("button", { name: de("accounts.transfer.submit") }).click();
  await expect(form.getByText(de("errors.transfer.notPositive", "app"))).toBeVisible();
  await form.getByLabel(de("accounts.transfer.amount"), { exact: true }).fill("250,00");
  await form.getByLabel(de("accounts.transfer.description"), { exact: true }).fill("Notgroschen");
  await form.getByRole("button", { name: de("accounts.transfer.submit") }).click();
  await expect(
    page.getByText(de("accounts.transfer.moved").replace("{{amount}}", euro(250)).replace("{{account}}", "Rücklage")),
  ).toBeVisible();
  await expect.poll(() => balance(page)).toBe(euro(750));
  const outgoing = page
    .getByTestId("transfer-row")
    .filter({ hasText: de("accounts.detail.transferOut").replace("{{account}}", "Rücklage") });
  await expect(outgoing).toContainText(`−${euro(250)}`);
  await expect(outgoing).toContainText("Notgroschen");
  await expect(page.getByTestId("account-activity")).toContainText("Gehalt");
  await look(page, "everyday");

  // The savings account holds it, shown as coming from the main account.
  await visit(page, "/app/accounts");
  await page.getByRole("link", { name: "Rücklage", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rücklage");
  expect(await balance(page)).toBe(euro(250));
  const incoming = page
    .getByTestId("transfer-row")
    .filter({ hasText: de("accounts.detail.transferIn").replace("{{account}}", de("accounts.everyday")) });
  await expect(incoming).toContainText(`+${euro(250)}`);
  await look(page, "savings");

  // Income, expenses and net are what they were: a transfer is neither.
  await visit(page, "/app");
  expect(await spending()).toEqual(totalsBefore);

  // Deleted, the money is back on the main account; the toast's undo brings the transfer back.
  await visit(page, "/app/accounts");
  await page.getByRole("link", { name: "Rücklage", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Rücklage");
  await incoming.getByRole("button", { name: new RegExp(de("accounts.detail.deleteTransfer")) }).click();
  await expect(page.getByText(de("accounts.transfer.deleted").replace("{{amount}}", euro(250)))).toBeVisible();
  await expect(page.getByTestId("transfer-row")).toHaveCount(0);
  await expect.poll(() => balance(page)).toBe(euro(0));
  await page.getByRole("button", { name: de("accounts.transfer.undo") }).click();
  await expect(page.getByText(de("accounts.transfer.restored"))).toBeVisible();
  await expect(page.getByTestId("transfer-row")).toHaveCount(1);
  await expect.poll(() => balance(page)).toBe(euro(250));
});

test("without JavaScript the form posts plainly and “More” pages through the activity", async ({ browser }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name: "Nina No-Script" });
  expect((await page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);
  expect(
    (
      await page.request.post("/app/accounts", { form: { intent: "create", name: "Savings", kind: "savings" } })
    ).status(),
  ).toBe(200);

  await page.goto("/app/accounts");
  await page.getByRole("link", { name: en("accounts.everyday"), exact: true }).click();
  const accountPath = new URL(page.url()).pathname;
  await page.locator("#move-money summary").click();
  const form = page.locator("#move-money form");
  await form.getByLabel(en("accounts.transfer.amount"), { exact: true }).fill("abc");
  await form.getByLabel(en("accounts.transfer.description"), { exact: true }).fill("Kept");
  await form.getByRole("button", { name: en("accounts.transfer.submit") }).click();
  // The page comes back with the form open, the typed values kept and the message beside the amount.
  await expect(form.getByText(en("errors.amount.invalid", "app"))).toBeVisible();
  await expect(form.getByLabel(en("accounts.transfer.description"), { exact: true })).toHaveValue("Kept");

  // 51 transfers fill one page and one more.
  const savingsId = await form.getByLabel(en("accounts.transfer.to"), { exact: true }).inputValue();
  for (let index = 1; index <= 51; index++) {
    const answer = await page.request.post(accountPath, {
      form: { intent: "transfer", toAccountId: savingsId, amount: String(index), occurredOn: today },
    });
    expect(answer.status()).toBe(200);
  }
  await page.goto(accountPath);
  await expect(page.getByTestId("transfer-row")).toHaveCount(50);
  await page.getByTestId("activity-more").click();
  await expect(page.getByTestId("transfer-row")).toHaveCount(1);
  await expect(page.getByTestId("activity-more")).toHaveCount(0);
  await page.getByRole("link", { name: en("accounts.detail.newest") }).click();
  await expect(page.getByTestId("transfer-row")).toHaveCount(50);
  await context.close();
});

test("money moved to a hryvnia card keeps both amounts, on a free plan, with and without JavaScript", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Oksana Two-Currencies" });
  // The free plan's second account, in hryvnias.
  expect(
    (
      await page.request.post("/app/accounts", {
        form: { intent: "create", name: "Monobank", kind: "savings", currency: "UAH" },
      })
    ).status(),
  ).toBe(200);
  const money = (minor: number, currency: string) =>
    plainSpaces(new Intl.NumberFormat("en", { style: "currency", currency }).format(minor / 100));

  await visit(page, "/app/accounts");
  await page.getByRole("link", { name: en("accounts.everyday"), exact: true }).click();
  await page.locator("#move-money summary").click();
  const form = page.locator("#move-money form");
  const received = form.getByLabel(en("accounts.transfer.received"), { exact: true });
  await expect(received).toBeVisible();
  await expect(form).toContainText(en("accounts.transfer.receivedHint").replace("{{currency}}", "UAH"));
  await form.getByLabel(en("accounts.transfer.amount"), { exact: true }).fill("200");
  await form.getByRole("button", { name: en("accounts.transfer.submit") }).click();
  await expect(form.getByText(en("errors.transfer.receivedRequired", "app"))).toBeVisible();
  await look(page, "move-between-currencies");
  await received.fill("9,712.40");
  await form.getByRole("button", { name: en("accounts.transfer.submit") }).click();
  await expect.poll(() => balance(page)).toBe(money(-200_00, "EUR"));
  const outgoing = page.getByTestId("transfer-row");
  await expect(outgoing).toContainText(`−${money(200_00, "EUR")}`);
  await expect(outgoing.getByTestId("transfer-other-side")).toHaveText(
    en("accounts.detail.received").replace("{{amount}}", money(9_712_40, "UAH")),
  );
  await look(page, "between-currencies");

  await visit(page, "/app/accounts");
  await page.getByRole("link", { name: "Monobank", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Monobank");
  expect(await balance(page)).toBe(money(9_712_40, "UAH"));
  await expect(page.getByTestId("transfer-row")).toContainText(`+${money(9_712_40, "UAH")}`);
  await expect(page.getByTestId("transfer-other-side")).toHaveText(
    en("accounts.detail.sent").replace("{{amount}}", money(200_00, "EUR")),
  );

  // Without scripts the same form asks for both amounts and posts plainly.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const noScript = await plain.newPage();
  await noScript.goto(page.url());
  await noScript.locator("#move-money summary").click();
  const plainForm = noScript.locator("#move-money form");
  await plainForm.getByLabel(en("accounts.transfer.amount"), { exact: true }).fill("1000");
  await plainForm.getByLabel(en("accounts.transfer.received"), { exact: true }).fill("20.10");
  await plainForm.getByRole("button", { name: en("accounts.transfer.submit") }).click();
  expect(await balance(noScript)).toBe(money(8_712_40, "UAH"));
  await expect(noScript.getByTestId("transfer-other-side").first()).toHaveText(
    en("accounts.detail.received").replace("{{amount}}", money(20_10, "EUR")),
  );
  await plain.close();
});

test("an account in yen keeps whole yen: its opening balance and money moved to it have no decimals", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Yuki Yen" });
  await visit(page, "/app/accounts");
  await page.locator("#new-account summary").click();
  const form = page.locator("#new-account form");
  await form.getByLabel(en("accounts.fields.name"), { exact: true }).fill("Japan Post");
  await form
    .getByLabel(en("accounts.fields.kind"), { exact: true })
    .selectOption({ label: en("accounts.kinds.savings") });
  // Named by the server's ICU, beside the base currencies' own names.
  await form.getByLabel(en("accounts.fields.currency"), { exact: true }).selectOption({ label: "JPY · Japanese Yen" });
  await form.getByLabel(en("accounts.fields.openingBalance"), { exact: true }).fill("150,000");
  await form.getByRole("button", { name: en("accounts.addButton") }).click();
  await expect(page.getByText(en("accounts.created"))).toBeVisible();
  const card = page
    .getByTestId("account-card")
    .filter({ has: page.getByRole("heading", { name: "Japan Post", exact: true }) });
  await expect(card.getByTestId("account-balance")).toHaveText("¥150,000");

  await page.getByRole("link", { name: en("accounts.everyday"), exact: true }).click();
  await page.locator("#move-money summary").click();
  const move = page.locator("#move-money form");
  await move.getByLabel(en("accounts.transfer.amount"), { exact: true }).fill("10");
  const received = move.getByLabel(en("accounts.transfer.received"), { exact: true });
  await expect(received).toHaveAttribute("placeholder", "0");
  await received.fill("1650.5");
  await move.getByRole("button", { name: en("accounts.transfer.submit") }).click();
  await expect(move.getByText(en("errors.amount.tooManyDecimals0", "app"))).toBeVisible();
  await received.fill("1,650");
  await move.getByRole("button", { name: en("accounts.transfer.submit") }).click();
  await expect(page.getByTestId("transfer-other-side")).toHaveText(
    en("accounts.detail.received").replace("{{amount}}", "¥1,650"),
  );
  await visit(page, "/app/accounts");
  await expect(card.getByTestId("account-balance")).toHaveText("¥151,650");
  // The fake ECB publishes the yen, as the real one does: the balance also shows in euros.
  await expect(card.getByTestId("account-base-balance")).toContainText("About €");
  await look(page, "yen");
});

test("another household's account and a bad id are not found", async ({ page }) => {
  await createVerifiedUser(page.request, { name: "Olga Other" });
  for (const path of ["/app/accounts/not-an-id", "/app/accounts/00000000-0000-4000-8000-000000000999"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
  }
});
