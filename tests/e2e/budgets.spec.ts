import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createVerifiedUser, lookAt, waitForMailLink } from "./fixtures";
import { plainSpaces, text, visit } from "./marketing-support";

// The report's tables scroll on their own on a phone (a labelled region), the page never does.
const look = (page: Page, name: string) => lookAt(page, `budgets-${name}`, { regionsScroll: true });

const groceries = "00000000-0000-4000-8000-000000000202";
const eatingOut = "00000000-0000-4000-8000-000000000207";
const today = new Date().toISOString().slice(0, 10);
const month = today.slice(0, 7);
const previousMonth = (() => {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return number === 1 ? `${year - 1}-12` : `${year}-${String(number - 1).padStart(2, "0")}`;
})();

/** A translation with its placeholders filled in, as the page shows it. */
function filled(language: string, key: string, values: Record<string, string> = {}, namespace = "budgets"): string {
  return text(language, key, namespace).replace(
    /\{\{(\w+)\}\}/g,
    (placeholder, name: string) => values[name] ?? placeholder,
  );
}
const euro = (language: string, amount: number) =>
  plainSpaces(
    new Intl.NumberFormat(language === "de" ? "de-DE" : "en-GB", { style: "currency", currency: "EUR" }).format(amount),
  );
const monthName = (value: string) =>
  new Intl.DateTimeFormat("de-DE", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${value}-01T00:00:00Z`),
  );
const budgetCard = (page: Page, label: string) => page.getByTestId("budget-card").filter({ hasText: label });
const unbudgeted = (page: Page, label: string) => page.getByTestId("unbudgeted-category").filter({ hasText: label });

async function spend(request: APIRequestContext, categoryId: string, amount: string, occurredOn = today) {
  const response = await request.post("/app/transactions/new", {
    form: { intent: "add", js: "1", kind: "expense", amount, categoryId, occurredOn, description: "Budget test" },
  });
  expect(response.status()).toBe(200);
}

async function setBudget(request: APIRequestContext, fields: Record<string, string>) {
  const response = await request.post(`/app/budgets?month=${fields.month ?? month}`, {
    form: { intent: "set", scope: "repeat", month, ...fields },
  });
  expect(response.status()).toBe(200);
}

test("a household sets budgets, sees what is left and carried over, changes one month and removes one", async ({
  page,
}) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Berta Budget", language: "de" });
  const de = (key: string, values?: Record<string, string>) => filled("de", key, values);
  const groceriesLabel = text("de", "categories.groceries", "app");
  const eatingOutLabel = text("de", "categories.eatingOut", "app");

  // Before any budget: one sentence says what a budget is, and every expense category offers one.
  await visit(page, "/app/budgets");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(de("title"));
  await expect(page.getByTestId("budgets-empty")).toHaveText(de("empty"));
  await expect(unbudgeted(page, groceriesLabel)).toBeVisible();
  await look(page, "empty");

  // Last month: 400 € for groceries with rollover and 100 € spent, so 300 € carry into this month, where 120 € are spent.
  await setBudget(page.request, { categoryId: groceries, month: previousMonth, amount: "400", rollover: "on" });
  await spend(page.request, groceries, "100", `${previousMonth}-15`);
  await spend(page.request, groceries, "120");
  await spend(page.request, eatingOut, "25");

  await visit(page, "/app/budgets");
  const groceriesCard = budgetCard(page, groceriesLabel);
  await expect(groceriesCard.getByTestId("budget-left")).toHaveText(de("item.left", { amount: euro("de", 580) }));
  await expect(groceriesCard.getByTestId("budget-carry")).toContainText(
    de("item.carryIn", { amount: euro("de", 300), month: monthName(previousMonth) }),
  );
  await expect(groceriesCard).toContainText(de("item.rollsOver"));
  await expect(page.getByTestId("budget-left-total")).toHaveText(euro("de", 580));

  // A budget set on the page, below what was already spent: overspent, in words as well as colour.
  const row = unbudgeted(page, eatingOutLabel);
  await row.getByText(de("form.set")).click();
  await row.getByLabel(de("form.amount")).fill("20");
  await look(page, "editor");
  await row.getByRole("button", { name: de("form.save") }).click();
  await expect(page.getByText(de("toast.saved"))).toBeVisible();
  await expect(budgetCard(page, eatingOutLabel).getByTestId("budget-over")).toHaveText(
    de("item.over", { amount: euro("de", 5) }),
  );
  await expect(page.getByTestId("budget-left-total")).toHaveText(euro("de", 575));
  await look(page, "month");
  if (page.viewportSize()?.width === 1280) {
    await page.setViewportSize({ width: 768, height: 1024 });
    await look(page, "month");
    await page.setViewportSize({ width: 1280, height: 800 });
  }

  // Only this month: 500 € for groceries; the card says so, and the month's change can be undone.
  await groceriesCard.getByText(de("form.edit")).click();
  await groceriesCard.getByLabel(de("form.amount")).fill("500");
  await groceriesCard.getByLabel(de("form.onlyThisMonth")).check();
  await groceriesCard.getByRole("button", { name: de("form.save") }).click();
  await expect(groceriesCard.getByTestId("budget-left")).toHaveText(de("item.left", { amount: euro("de", 680) }));
  await expect(groceriesCard).toContainText(de("item.onlyThisMonth"));
  await groceriesCard.getByText(de("form.edit")).click();
  await groceriesCard.getByRole("button", { name: new RegExp(de("form.undoMonth")) }).click();
  await expect(page.getByText(de("toast.monthUndone"))).toBeVisible();
  await expect(groceriesCard.getByTestId("budget-left")).toHaveText(de("item.left", { amount: euro("de", 580) }));

  // Removing a budget puts the category back among those without one.
  const eatingOutCard = budgetCard(page, eatingOutLabel);
  await eatingOutCard.getByText(de("form.edit")).click();
  await eatingOutCard.getByRole("button", { name: new RegExp(de("form.remove")) }).click();
  await expect(page.getByText(de("toast.removed"))).toBeVisible();
  await expect(eatingOutCard).toHaveCount(0);
  await expect(unbudgeted(page, eatingOutLabel)).toBeVisible();

  // The dashboard shows left to spend and each budget's progress, and leads to the budgets.
  await visit(page, "/app");
  const card = page.getByTestId("left-to-spend");
  await expect(card.getByTestId("left-to-spend-value")).toHaveText(euro("de", 580));
  await expect(card.getByTestId("budget-progress")).toHaveCount(1);
  // The income and expense chart's screen-reader table lies past a phone's edge inside its clipped box, which the
  // sideways check counts: the dashboard and the reports are looked at on the desktop run.
  const desktop = page.viewportSize()?.width === 1280;
  if (desktop) await look(page, "dashboard");
  await expect(card.getByRole("link", { name: de("dashboard.open") })).toHaveAttribute(
    "href",
    `/app/budgets?month=${month}`,
  );

  // Reports: budget against actual for the month.
  await visit(page, "/app/reports");
  const report = page.getByTestId("budget-report");
  await expect(report.getByRole("row", { name: new RegExp(groceriesLabel) })).toContainText(euro("de", 120));
  if (desktop) await look(page, "report");
});

test("a new household's dashboard invites to set a budget once it has entries", async ({ page }) => {
  await createVerifiedUser(page.request, { name: "Ina Invite" });
  await spend(page.request, groceries, "12.50");
  await visit(page, "/app");
  const invitation = page.getByTestId("budget-invitation");
  await expect(invitation.getByRole("heading")).toHaveText(filled("en", "dashboard.invitationTitle"));
  await invitation.getByRole("link", { name: filled("en", "dashboard.invitationButton") }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(filled("en", "title"));
});

test("without JavaScript a budget is set with a plain form that answers beside the field", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await createVerifiedUser(page.request, { name: "Nora No-Script" });
  const en = (key: string, values?: Record<string, string>) => filled("en", key, values);
  const label = text("en", "categories.groceries", "app");

  await page.goto("/app/budgets");
  const row = unbudgeted(page, label);
  await row.getByText(en("form.set")).click();
  await row.getByLabel(en("form.amount")).fill("-5");
  await row.getByRole("button", { name: en("form.save") }).click();
  // The page comes back with the form open, the typed amount kept and the message beside it.
  const again = unbudgeted(page, label);
  await expect(again.getByText(en("errors.negative"))).toBeVisible();
  await expect(again.getByLabel(en("form.amount"))).toHaveValue("-5");
  await again.getByLabel(en("form.amount")).fill("250");
  await again.getByRole("button", { name: en("form.save") }).click();
  await expect(budgetCard(page, label).getByTestId("budget-left")).toHaveText(
    en("item.left", { amount: euro("en", 250) }),
  );
  await context.close();
});

test("a read-only partner sees the budgets without any control", async ({ page, browser }) => {
  test.setTimeout(180_000);
  await createVerifiedUser(page.request, { name: "Olga Owner" });
  expect((await page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);
  await setBudget(page.request, { categoryId: groceries, amount: "300" });
  const partnerEmail = `budget-partner-${Date.now().toString(36)}@samen.test`;
  expect(
    (
      await page.request.post("/app/settings/partners", {
        form: { intent: "invite", email: partnerEmail, language: "en" },
      })
    ).status(),
  ).toBe(200);
  const invitation = new URL(await waitForMailLink(partnerEmail, "/app/invitations/")).pathname;

  const partnerContext = await browser.newContext();
  const partner = await partnerContext.newPage();
  await createVerifiedUser(partner.request, { email: partnerEmail, name: "Pieter Partner" });
  expect((await partner.request.post(invitation, { form: {}, maxRedirects: 0 })).status()).toBe(302);
  await visit(partner, "/app/budgets");
  await expect(budgetCard(partner, text("en", "categories.groceries", "app"))).toBeVisible();
  await expect(partner.getByTestId("budget-editor")).toHaveCount(0);
  await expect(partner.getByTestId("unbudgeted-list")).toHaveCount(0);
  await partnerContext.close();
});
