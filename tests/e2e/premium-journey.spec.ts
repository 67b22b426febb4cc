import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { PGlite } from "@electric-sql/pglite";
import { pgliteExtensions } from "../../app/db/pglite-extensions.server";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { PDFParse } from "pdf-parse";
import { createVerifiedUser, lookAt, mailsFor, waitForMailLink } from "./fixtures";

const salaryId = "00000000-0000-4000-8000-000000000101";
const groceriesId = "00000000-0000-4000-8000-000000000202";

function thisMonth() {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "UTC" }).format(new Date());
  return { today, month: today.slice(0, 7), first: `${today.slice(0, 7)}-01` };
}

async function expectNoAxeViolations(page: Page, include?: string) {
  const builder = new AxeBuilder({ page });
  // On pages other areas share (Settings), only the premium sections are ours to answer for.
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
}

/** Adds an entry through the budget tool's own form action (the same request its page sends). */
async function addEntry(
  request: APIRequestContext,
  entry: {
    kind: "income" | "expense";
    amount: string;
    categoryId: string;
    description: string;
    occurredOn: string;
    householdId?: string;
  },
) {
  return request.post("/app/transactions/new", {
    form: {
      intent: "add",
      js: "1",
      kind: entry.kind,
      amount: entry.amount,
      categoryId: entry.categoryId,
      description: entry.description,
      occurredOn: entry.occurredOn,
      ...(entry.householdId ? { householdId: entry.householdId } : {}),
    },
    maxRedirects: 0,
  });
}

async function downloadBytes(page: Page, click: () => Promise<void>): Promise<{ name: string; bytes: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), click()]);
  const file = await download.path();
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(file) };
}

/**
 * Counts what is left of a user in the running server's embedded database, by opening a copy of its data
 * directory (PGlite allows one process per directory; the copy is recovered like after a crash).
 */
async function tracesInDatabase(userId: string, email: string): Promise<number> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "samen-premium-db-"));
  fs.cpSync(path.join(dataDir, "pglite"), copy, { recursive: true });
  const database = new PGlite(copy, { extensions: pgliteExtensions });
  try {
    const lower = email.toLowerCase();
    const result = await database.query<{ total: number }>(
      `select (
        (select count(*) from "user" where "id" = $1 or lower("email") = $2)
      + (select count(*) from "session" where "user_id" = $1)
      + (select count(*) from "account" where "user_id" = $1)
      + (select count(*) from "household" where "owner_user_id" = $1)
      + (select count(*) from "household_member" where "user_id" = $1)
      + (select count(*) from "notification" where "user_id" = $1)
      + (select count(*) from "invitation" where "email" = $2 or "invited_by_user_id" = $1)
      + (select count(*) from "transaction" where "created_by" = $1)
      + (select count(*) from "verification" where "value" = $1 or "identifier" like '%' || $2 || '%')
      )::int as "total"`,
      [userId, lower],
    );
    return result.rows[0]?.total ?? -1;
  } finally {
    await database.close();
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

test("premium journey: gate → test-mode upgrade → invite → partner reads only → revoke → exports → delete account", async ({
  page,
  browser,
}) => {
  test.setTimeout(360_000);
  const { today, month, first } = thisMonth();
  const owner = await createVerifiedUser(page.request, { name: "Olga Owner" });
  for (const entry of [
    { kind: "income" as const, amount: "3250.00", categoryId: salaryId, description: "Salary", occurredOn: first },
    {
      kind: "expense" as const,
      amount: "84.50",
      categoryId: groceriesId,
      description: 'Market "Zuid", fruit',
      occurredOn: today,
    },
  ]) {
    expect((await addEntry(page.request, entry)).status()).toBeLessThan(400);
  }

  // A free owner meets the partner gate in Settings: what it does, and an upgrade button.
  await page.goto("/app/settings");
  const gate = page.locator('[data-premium-gate="partners"]');
  await expect(gate.getByRole("heading", { name: "Share your budget with your partner" })).toBeVisible();
  await expect(page.locator('[data-premium-gate="customCategories"]')).toBeVisible();
  await gate.getByRole("link", { name: "Upgrade to Premium" }).click();

  // The upgrade page: test mode clearly labelled, prices from the translations, the terms next to the button.
  await expect(page).toHaveURL(/\/app\/upgrade\?feature=partners/);
  await expect(page.getByTestId("test-mode")).toContainText("Test mode");
  await expect(page.locator('[data-price="premium"]')).toHaveText("4.99 €");
  await expect(page.locator("#premium-terms")).toContainText("billed monthly in advance");
  await expect(page.locator("#premium-terms")).toContainText("non-refundable");
  await expectNoAxeViolations(page);
  await page.getByRole("button", { name: "Upgrade to Premium (test mode)" }).click();
  await expect(page.getByRole("status")).toContainText("Welcome to Premium!");
  await expect(page.getByTestId("plan-title")).toHaveText("Premium");

  // Cancel at period end shows "Premium until <date>", resume undoes it.
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByTestId("plan-title")).toHaveText(/^Premium until /);
  await page.getByRole("button", { name: "Resume subscription" }).click();
  await expect(page.getByTestId("plan-title")).toHaveText("Premium");

  // The owner invites a partner by e-mail, in Dutch.
  const partnerEmail = `partner-${Date.now().toString(36)}@samen.test`;
  await page.goto("/app/settings");
  const sharing = page.locator('[data-section="partners"]');
  await sharing.getByLabel("Their e-mail address").fill(partnerEmail);
  await sharing.getByLabel("Only look").check();
  await sharing.getByLabel("Language of the e-mail").selectOption("nl");
  await sharing.getByRole("button", { name: "Send invitation" }).click();
  await expect(sharing.getByText(`Invitation sent to ${partnerEmail}.`)).toBeVisible();
  await expect(sharing.getByRole("list", { name: "Pending invitations" })).toContainText(partnerEmail);
  await expectNoAxeViolations(page, "[data-section]");

  // The mail arrives in the SMTP sink, in Dutch, with a single-use link.
  const link = await waitForMailLink(partnerEmail, "/app/invitations/");
  // The owner sees the same link on the page, to hand over without mail.
  await expect(sharing.getByTestId("invitation-link").getByLabel("Invitation link")).toHaveValue(link);
  const mail = mailsFor(partnerEmail).at(-1);
  expect(mail?.subject).toContain("Olga Owner nodigt je uit");
  // Later, "Get link" on the pending invitation gives a new link (the mailed one stops working); "Withdraw" stays
  // beside it, and the link takes its own line below both.
  await page.reload();
  const pending = sharing.getByRole("list", { name: "Pending invitations" }).getByRole("listitem");
  await pending.getByRole("button", { name: `Get link for ${partnerEmail}` }).click();
  const renewed = pending.getByTestId("invitation-link");
  await expect(renewed).toContainText("This is a new link");
  const [getLink, withdraw, linkBox] = await Promise.all([
    pending.getByRole("button", { name: `Get link for ${partnerEmail}` }).boundingBox(),
    pending.getByRole("button", { name: /Withdraw/ }).boundingBox(),
    renewed.boundingBox(),
  ]);
  expect(Math.abs((getLink?.y ?? 0) - (withdraw?.y ?? -100))).toBeLessThan(4);
  expect(linkBox?.y ?? 0).toBeGreaterThan((withdraw?.y ?? 0) + (withdraw?.height ?? 0) - 1);
  const renewedLink = await renewed.getByLabel("Invitation link").inputValue();
  expect(renewedLink).not.toBe(link);
  const invitationPath = new URL(renewedLink).pathname;

  // The partner signs up with that address and accepts.
  const partnerContext = await browser.newContext();
  const partnerPage = await partnerContext.newPage();
  // Before signing in, the link lands on a sign-in that names the invitation and fills in the invited address.
  await partnerPage.goto(invitationPath);
  await expect(partnerPage).toHaveURL(/\/auth\?redirectTo=%2Fapp%2Finvitations%2F/);
  const invited = partnerPage.getByTestId("auth-invitation");
  await expect(invited).toContainText("Olga Owner invites you to");
  await expect(invited).toContainText(`Sign in or create a free account with ${partnerEmail} to see this budget.`);
  await expect(partnerPage.getByLabel("Email")).toHaveValue(partnerEmail);
  await lookAt(partnerPage, "auth-invitation");
  await createVerifiedUser(partnerPage.request, { email: partnerEmail, name: "Pieter Partner" });
  await partnerPage.goto(invitationPath);
  await expect(partnerPage.getByRole("heading", { level: 1 })).toContainText("Olga Owner");
  await partnerPage.getByRole("button", { name: "Accept and open the budget" }).click();
  await expect(partnerPage).toHaveURL(/\/app\?joined=1/);

  // The partner sees the owner's dashboard, read-only: no add button, a "View only" badge, the owner's entries.
  await expect(partnerPage.getByRole("banner").getByText("View only", { exact: true })).toBeVisible();
  await expect(partnerPage.getByRole("link", { name: "Add entry" })).toHaveCount(0);
  await expect(partnerPage.getByText("€3,250.00").first()).toBeVisible();
  const ownerHouseholdId = (await partnerContext.cookies()).find((cookie) => cookie.name === "samen_household")
    ?.value as string;
  expect(ownerHouseholdId).toMatch(/^[0-9a-f-]{36}$/);
  // Every write is refused by the server, whatever the page shows.
  const partnerWrite = await addEntry(partnerPage.request, {
    kind: "expense",
    amount: "1",
    categoryId: groceriesId,
    description: "sneaky",
    occurredOn: today,
    householdId: ownerHouseholdId,
  });
  expect(partnerWrite.status()).toBe(403);
  // The link is single use.
  await partnerPage.goto(invitationPath);
  await expect(partnerPage.getByRole("heading", { level: 1 })).toHaveText("This invitation was already used");

  // The owner was notified (the alert dot).
  await page.goto("/app");
  await expect(page.getByTestId("alert-dot")).toBeVisible();
  await page
    .getByRole("banner")
    .getByRole("button", { name: /Notifications/ })
    .click();
  await expect(page.getByText("Pieter Partner joined your household.")).toBeVisible();
  await page.keyboard.press("Escape");

  // The owner ends the partner's access; the partner's very next request no longer sees the household.
  await page.goto("/app/settings");
  await expect(sharing.getByRole("list", { name: "People with access" })).toContainText(partnerEmail);
  await sharing.getByRole("button", { name: "End access" }).click();
  await expect(sharing.getByRole("list", { name: "People with access" })).not.toContainText(partnerEmail);
  await partnerPage.goto("/app");
  await expect(partnerPage.getByText(/view only/i)).toHaveCount(0);
  await expect(partnerPage.getByText("€3,250.00")).toHaveCount(0);
  const afterRevoke = await addEntry(partnerPage.request, {
    kind: "expense",
    amount: "1",
    categoryId: groceriesId,
    description: "sneaky",
    occurredOn: today,
    householdId: ownerHouseholdId,
  });
  expect(afterRevoke.status()).toBe(404);
  await partnerContext.close();

  // Exports: CSV of this month (parsed) and the monthly PDF (parsed).
  await page.goto("/app/exports");
  await expectNoAxeViolations(page);
  const csv = await downloadBytes(page, () => page.getByRole("button", { name: "Download CSV" }).click());
  expect(csv.name).toBe(`samen-transactions-${month}.csv`);
  expect([...csv.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = parse(csv.bytes.toString("utf8"), { bom: true }) as string[][];
  expect(rows[0]).toEqual(["Date", "Type", "Category", "Description", "Amount", "Currency", "Entry ID"]);
  expect(rows.slice(1).map((row) => row.slice(0, 6))).toEqual(
    expect.arrayContaining([
      [first, "Income", "Salary", "Salary", "3250.00", "EUR"],
      [today, "Expense", "Groceries", 'Market "Zuid", fruit', "-84.50", "EUR"],
    ]),
  );
  const pdf = await downloadBytes(page, () => page.getByRole("button", { name: "Download PDF" }).click());
  expect(pdf.name).toBe(`samen-${month}.pdf`);
  const parser = new PDFParse({ data: new Uint8Array(pdf.bytes) });
  const { text } = await parser.getText();
  await parser.destroy();
  expect(text).toContain("Monthly report");
  expect(text).toContain("Total income");
  expect(text).toContain("€3,250.00");
  expect(text).toContain("Groceries");

  // Data rights: download everything, then delete the account with the password.
  await page.goto("/app/settings/data");
  await expectNoAxeViolations(page);
  const json = await downloadBytes(page, () => page.getByRole("link", { name: "Download all my data (JSON)" }).click());
  const exported = JSON.parse(json.bytes.toString("utf8")) as {
    user: { id: string; email: string };
    households: { transactions: unknown[] }[];
  };
  expect(exported.user.email).toBe(owner.email);
  expect(exported.households[0]?.transactions).toHaveLength(2);

  // The database check below can see this user while the account exists (so its zero later means something).
  expect(await tracesInDatabase(exported.user.id, owner.email)).toBeGreaterThan(3);

  await page.getByLabel("Your password").fill("not my password");
  await page.getByLabel(/I understand/).check();
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page.getByText("That password isn't right. Nothing was deleted.")).toBeVisible();
  await page.getByLabel("Your password").fill(owner.password);
  await page.getByLabel(/I understand/).check();
  await page.getByRole("button", { name: "Delete my account for good" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/app");
  await expect(page).toHaveURL(/\/auth(\?|$)/);
  await expect
    .poll(() => mailsFor(owner.email).some((item) => item.subject === "Your Samen account has been deleted"))
    .toBe(true);
  expect(await tracesInDatabase(exported.user.id, owner.email)).toBe(0);
});
