import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";
import { plainSpaces, text, visit } from "./marketing-support";

const look = (page: Page, name: string) => lookAt(page, `accounts-${name}`);

const de = (key: string, namespace = "money") => text("de", key, namespace);
const euro = (amount: number) =>
  plainSpaces(new Intl.NumberFormat("de-DE", { style: "currency", currency: "EUR" }).format(amount));
const card = (page: Page, name: string) =>
  page.getByTestId("account-card").filter({ has: page.getByRole("heading", { name, exact: true }) });

test("a premium household adds a savings account with an IBAN and an opening balance, edits and archives it", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Karin Konto", language: "de" });
  expect((await page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);

  await visit(page, "/app/accounts");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(de("accounts.title"));
  // The Everyday account is there from the start, in the reader's language, and cannot be archived.
  const everyday = card(page, de("accounts.everyday"));
  await expect(everyday).toContainText(de("accounts.kinds.checking"));
  await expect(everyday.getByRole("button", { name: new RegExp(de("accounts.archive")) })).toHaveCount(0);

  // An IBAN that fails its check is answered beside the field, in German.
  await page.locator("#new-account summary").click();
  const form = page.locator("#new-account form");
  await form.getByLabel(de("accounts.fields.name"), { exact: true }).fill("Notgroschen");
  await form
    .getByLabel(de("accounts.fields.kind"), { exact: true })
    .selectOption({ label: de("accounts.kinds.savings") });
  await form.getByLabel(de("accounts.fields.iban"), { exact: true }).fill("DE00 3704 0044 0532 0130 00");
  await form.getByLabel(de("accounts.fields.openingBalance"), { exact: true }).fill("1.000,00");
  await form.getByRole("button", { name: de("accounts.addButton") }).click();
  await expect(form.getByText(de("errors.iban.invalid", "app"))).toBeVisible();
  await expect(form.getByLabel(de("accounts.fields.iban"), { exact: true })).toHaveAttribute("aria-invalid", "true");

  // Corrected, it is saved: kind, the IBAN in groups of four, the balance and the total.
  await form.getByLabel(de("accounts.fields.iban"), { exact: true }).fill("de89370400440532013000");
  await form.getByRole("button", { name: de("accounts.addButton") }).click();
  await expect(page.getByText(de("accounts.created"))).toBeVisible();
  const savings = card(page, "Notgroschen");
  await expect(savings).toContainText(de("accounts.kinds.savings"));
  await expect(savings.getByTestId("account-iban")).toHaveText("DE89 3704 0044 0532 0130 00");
  await expect(savings.getByTestId("account-balance")).toHaveText(euro(1000));
  await expect(page.getByTestId("accounts-total")).toContainText(euro(1000));
  await expect(savings.getByRole("link", { name: new RegExp(de("accounts.import")) })).toHaveAttribute(
    "href",
    /^\/app\/import\?account=[0-9a-f-]{36}$/,
  );
  await look(page, "premium");

  // Edited: a credit card that owes money shows as owed, and the total follows.
  await savings.locator("summary").click();
  await savings.getByLabel(de("accounts.fields.name"), { exact: true }).fill("Kreditkarte");
  await savings
    .getByLabel(de("accounts.fields.kind"), { exact: true })
    .selectOption({ label: de("accounts.kinds.credit_card") });
  await savings.getByLabel(de("accounts.fields.openingBalance"), { exact: true }).fill("-250,50");
  await savings.getByRole("button", { name: de("accounts.save") }).click();
  await expect(page.getByText(de("accounts.saved"))).toBeVisible();
  const creditCard = card(page, "Kreditkarte");
  await expect(creditCard.getByTestId("account-balance")).toHaveText(euro(-250.5));
  await expect(creditCard.getByTestId("account-balance")).toHaveClass(/text-destructive/);
  await expect(page.getByTestId("accounts-total")).toContainText(euro(-250.5));

  // The dashboard shows both accounts and leads to all of them.
  await visit(page, "/app");
  const summary = page.getByTestId("accounts-card");
  await expect(summary).toContainText(de("accounts.everyday"));
  await expect(summary).toContainText("Kreditkarte");
  await expect(summary.getByRole("link", { name: de("accounts.import") })).toHaveAttribute("href", "/app/import");
  await look(page, "dashboard");
  await summary.getByRole("link", { name: de("accounts.dashboardLink") }).click();
  await expect(page).toHaveURL(/\/app\/accounts$/);

  // Archived, it moves to its own section and leaves the total; it can be brought back.
  await card(page, "Kreditkarte")
    .getByRole("button", { name: new RegExp(de("accounts.archive")) })
    .click();
  await expect(page.getByText(de("accounts.archivedToast"))).toBeVisible();
  const archivedSection = page.locator("section", {
    has: page.getByRole("heading", { name: de("accounts.archived") }),
  });
  await expect(archivedSection.getByTestId("account-card")).toHaveCount(1);
  await expect(page.getByTestId("accounts-total")).toContainText(euro(0));
  await look(page, "archived");
  await card(page, "Kreditkarte")
    .getByRole("button", { name: new RegExp(de("accounts.unarchive")) })
    .click();
  await expect(page.getByText(de("accounts.unarchivedToast"))).toBeVisible();
  await expect(archivedSection).toHaveCount(0);
});

test("the free plan keeps a savings account, money moved there is no spending, and a goal follows it", async ({
  page,
}) => {
  await createVerifiedUser(page.request, { name: "Frida Free" });
  await visit(page, "/app/accounts");
  const panel = page.locator("#new-account");
  await expect(panel).toContainText(text("en", "accounts.addHintSavings", "money"));
  await panel.locator("summary").click();
  const kind = panel.getByLabel(text("en", "accounts.fields.kind", "money"), { exact: true });
  await expect(kind.locator("option")).toHaveText([text("en", "accounts.kinds.savings", "money")]);
  await panel.getByLabel(text("en", "accounts.fields.name", "money"), { exact: true }).fill("Rainy day");
  await panel.getByLabel(text("en", "accounts.fields.openingBalance", "money"), { exact: true }).fill("100.00");
  await panel.getByRole("button", { name: text("en", "accounts.addButton", "money") }).click();
  await expect(page.getByText(text("en", "accounts.created", "money"))).toBeVisible();

  // Two accounts: the free plan's limit now says what Premium adds.
  await expect(page.getByTestId("accounts-limit")).toContainText(text("en", "accounts.limitFree", "money"));
  await expect(page.getByTestId("accounts-limit").getByRole("link")).toHaveAttribute("href", "/app/upgrade");
  await expect(page.locator("#new-account")).toHaveCount(0);
  await expect(page.getByTestId("account-card")).toHaveCount(2);
  await look(page, "free");

  // A goal that follows the savings account starts at its balance and takes no money by hand.
  await visit(page, "/app/goals");
  await page.getByLabel("Name").fill("Rainy day fund");
  await page.getByLabel(/Target/).fill("500");
  await page
    .getByLabel(text("en", "goals.source", "app"), { exact: true })
    .selectOption({ label: "The balance of Rainy day" });
  await look(page, "goal-form");
  await page.getByRole("button", { name: "Create goal" }).click();
  const goal = page.getByTestId("goal-card").filter({ hasText: "Rainy day fund" });
  await expect(goal.getByTestId("goal-follows")).toHaveText(
    text("en", "goals.follows", "app").replace("{{account}}", "Rainy day"),
  );
  await expect(goal.getByText("€100.00", { exact: true })).toBeVisible();
  await expect(goal.getByRole("button", { name: "Add", exact: true })).toHaveCount(0);

  // Moving €150 there raises the goal; the month's spending stays at zero.
  await visit(page, "/app/accounts");
  await page.getByRole("link", { name: text("en", "accounts.everyday", "money"), exact: true }).click();
  await page.locator("#move-money summary").click();
  const form = page.locator("#move-money form");
  await form
    .getByLabel(text("en", "accounts.transfer.to", "money"), { exact: true })
    .selectOption({ label: "Rainy day" });
  await form.getByLabel(text("en", "accounts.transfer.amount", "money"), { exact: true }).fill("150");
  await form.getByRole("button", { name: text("en", "accounts.transfer.submit", "money") }).click();
  await expect(page.getByTestId("transfer-row")).toHaveCount(1);
  await visit(page, "/app/goals");
  await expect(goal.getByText("€250.00", { exact: true })).toBeVisible();
  await expect(goal).toContainText("50%");
  await look(page, "goal-follows");
  await visit(page, "/app");
  await expect(page.getByTestId("accounts-card")).toContainText("Rainy day");
  await expect(page.getByTestId("card-expenses").getByTestId("card-value")).toHaveText("€0.00");
});

test("without JavaScript the forms are plain posts that answer beside the field", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name: "Nora No-Script" });
  expect((await page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);
  const en = (key: string, namespace = "money") => text("en", key, namespace);

  await page.goto("/app/accounts");
  await page.locator("#new-account summary").click();
  const form = page.locator("#new-account form");
  await form.getByLabel(en("accounts.fields.name"), { exact: true }).fill("Cash tin");
  await form.getByLabel(en("accounts.fields.kind"), { exact: true }).selectOption({ label: en("accounts.kinds.cash") });
  await form.getByLabel(en("accounts.fields.iban"), { exact: true }).fill("NL00 0000");
  await form.getByRole("button", { name: en("accounts.addButton") }).click();
  // The page comes back with the form open, the typed values kept and the message beside the IBAN.
  await expect(form.getByText(en("errors.iban.invalid", "app"))).toBeVisible();
  await expect(form.getByLabel(en("accounts.fields.name"), { exact: true })).toHaveValue("Cash tin");
  await form.getByLabel(en("accounts.fields.iban"), { exact: true }).fill("");
  await form.getByRole("button", { name: en("accounts.addButton") }).click();
  await expect(card(page, "Cash tin")).toContainText(en("accounts.kinds.cash"));
  await context.close();
});
