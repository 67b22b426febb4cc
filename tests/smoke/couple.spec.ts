// A couple on a home server (issue 23): `npm start` with no billing and no SMTP, so every feature is there and an
// invitation is handed over by its link. The owner imports a bank statement and invites a partner who edits; the link
// names the owner's household and what the partner may do; the partner's groceries are shared without a tap; settle
// up asks first, can be undone, and settles again. On a phone and on a laptop.
import type { Browser } from "@playwright/test";
import { confirmImport, ingCsv, ingSalary, previewStatement } from "../e2e/ing-statement";
import { expect, expectNoProblems, signUpThroughOutbox, test, visit, watch } from "./support";

const viewports = {
  phone: { width: 360, height: 740 },
  laptop: { width: 1280, height: 800 },
} as const;

const password = "calm money journey 42";

async function newPerson(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: "en-GB", timezoneId: "Europe/Amsterdam" });
  const page = await context.newPage();
  watch(page);
  return { context, page };
}

for (const [device, viewport] of Object.entries(viewports)) {
  test(`a couple on a home server, on a ${device}`, async ({ browser }) => {
    test.skip(process.env.SMOKE_COMMAND !== "npm start", "`npm start` is the installation without billing");
    test.setTimeout(300_000);
    const stamp = `${device}-${Date.now().toString(36)}`;
    const owner = await newPerson(browser, viewport);
    const partner = await newPerson(browser, viewport);
    const ownerEmail = `owner-${stamp}@samen.test`;
    const partnerEmail = `partner-${stamp}@samen.test`;

    // The owner signs up and imports a bank statement.
    await visit(owner.page, "/signup");
    await signUpThroughOutbox(owner.page, { name: "Olga Owner", email: ownerEmail, password });
    const statement = ingCsv([
      ingSalary({ day: 1, description: "Naam: Werkgever BV Omschrijving: Salaris IBAN: NL20INGB0001234567" }),
      {
        day: 1,
        name: "ALBERT HEIJN 1403 AMSTERDAM",
        direction: "Af",
        amount: "23,45",
        description: "Pasvolgnr: 002 01-11-2026 11:11 Transactie: 71ICVVKX Term: CT123456 Apple Pay",
      },
    ]);
    await previewStatement(owner.page, { name: "ing.csv", buffer: statement });
    await expect(owner.page.getByRole("heading", { name: "Check before saving" })).toBeVisible();
    await confirmImport(owner.page, 2);

    // No billing here: partner sharing is simply there. The owner invites a partner who edits and copies the link
    // (there is no mail server to send it).
    await visit(owner.page, "/app/settings/partners");
    await owner.page.getByLabel("Their e-mail address").fill(partnerEmail);
    await owner.page.getByLabel("Add and change money, budgets, rules and goals").check();
    await owner.page.getByRole("button", { name: "Send invitation" }).click();
    const linkField = owner.page.getByTestId("invitation-link").getByLabel("Invitation link");
    await expect(linkField).toHaveValue(/\/app\/invitations\//);
    const firstLink = await linkField.inputValue();
    // Later, from the pending list: a fresh link replaces the first one.
    await visit(owner.page, "/app/settings/partners");
    await owner.page.getByRole("button", { name: `Get link for ${partnerEmail}` }).click();
    const renewed = owner.page.getByTestId("invitation-link");
    await expect(renewed).toContainText("This is a new link");
    await expect(renewed.getByLabel("Invitation link")).not.toHaveValue(firstLink);
    const invitationPath = new URL(await renewed.getByLabel("Invitation link").inputValue()).pathname;

    // The link names who invites the partner to which household, and what they may do; the address is filled in.
    await visit(partner.page, invitationPath);
    await expect(partner.page).toHaveURL(/\/auth\?redirectTo=/);
    const invited = partner.page.getByTestId("auth-invitation");
    await expect(invited).toContainText("Olga Owner invites you to “Olga Owner's budget”");
    await expect(invited).toContainText("to keep this budget together");
    await partner.page.getByRole("link", { name: "Sign up" }).click();
    await expect(partner.page.getByTestId("auth-invitation")).toBeVisible();
    await expect(partner.page.getByLabel("Email")).toHaveValue(partnerEmail);
    await signUpThroughOutbox(partner.page, { name: "Pieter Partner", email: partnerEmail, password });
    await visit(partner.page, invitationPath);
    await partner.page.getByRole("button", { name: "Accept and open the budget" }).click();
    await expect(partner.page).toHaveURL(/\/app\?joined=1/);

    // The partner adds groceries: shared without a tap, and the form says why.
    await visit(partner.page, "/app/transactions/new");
    await partner.page.getByLabel("Amount").fill("60.00");
    await partner.page.getByText("Groceries", { exact: true }).click();
    await expect(partner.page.getByRole("radio", { name: "Shared", exact: true })).toBeChecked();
    await expect(partner.page.getByTestId("sharing-suggestion")).toContainText("Groceries");
    if (process.env.SHOTS_DIR)
      await partner.page.screenshot({ path: `${process.env.SHOTS_DIR}/couple-groceries-shared-${viewport.width}.png` });
    await partner.page.getByLabel(/Description/).fill("Market");
    await partner.page.getByRole("button", { name: "Add expense" }).click();
    await expect(partner.page).not.toHaveURL(/\/transactions\/new/);

    // Settle up: the partner paid the larger shared part, so the owner owes the difference.
    await visit(owner.page, "/app/settle-up");
    const sentence = owner.page.getByTestId("settle-sentence");
    await expect(sentence).toHaveText(/Olga Owner owes Pieter Partner €\d+\.\d\d/);
    const owed = await sentence.textContent();
    const confirm = owner.page.getByTestId("settle-confirm");
    await confirm.locator("summary").click();
    await expect(confirm.getByText(/^Did Olga Owner pay Pieter Partner €/)).toBeVisible();
    if (process.env.SHOTS_DIR)
      await owner.page.screenshot({ path: `${process.env.SHOTS_DIR}/couple-settle-confirm-${viewport.width}.png` });
    await confirm.getByRole("button", { name: "Yes, mark as settled" }).click();
    await expect(sentence).toContainText("You're square");
    // Undone from the toast, the balance is back; settled again, it stays, and the history offers the way back.
    await owner.page.getByRole("button", { name: "Undo", exact: true }).click();
    await expect(sentence).toHaveText(owed ?? "");
    await confirm.locator("summary").click();
    await confirm.getByRole("button", { name: "Yes, mark as settled" }).click();
    await expect(sentence).toContainText("You're square");
    await expect(owner.page.getByRole("button", { name: /^Undo “Olga Owner paid Pieter Partner/ })).toBeVisible();
    if (process.env.SHOTS_DIR)
      await owner.page.screenshot({ path: `${process.env.SHOTS_DIR}/couple-settled-undo-${viewport.width}.png` });
    await visit(partner.page, "/app/settle-up");
    await expect(partner.page.getByTestId("settle-sentence")).toContainText("You're square");

    expectNoProblems(owner.page);
    expectNoProblems(partner.page);
    await owner.context.close();
    await partner.context.close();
  });
}
