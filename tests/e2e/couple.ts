import { expect, type Browser, type TestInfo } from "@playwright/test";
import { createVerifiedUser, waitForMailLink } from "./fixtures";

/** Someone with their own browser context (their own cookies), sized like the project's viewport. */
export async function person(browser: Browser, testInfo: TestInfo, name: string) {
  const viewport = testInfo.project.use.viewport ?? { width: 1280, height: 800 };
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  return { context, page, account: await createVerifiedUser(page.request, { name }) };
}

/**
 * A household of two: the owner upgrades (sharing is premium), invites the partner to add and change money, and the
 * partner accepts from the invitation's e-mail.
 */
export async function householdOfTwo(browser: Browser, testInfo: TestInfo, names: { owner: string; partner: string }) {
  const owner = await person(browser, testInfo, names.owner);
  const partner = await person(browser, testInfo, names.partner);
  expect((await owner.page.request.post("/app/upgrade", { form: { intent: "upgrade" } })).status()).toBe(200);
  await owner.page.goto("/app/settings#partner");
  const partners = owner.page.locator("#partner");
  await partners.getByLabel("Their e-mail address").fill(partner.account.email);
  await partners.getByLabel("Add and change money, budgets, rules and goals").check();
  await partners.getByRole("button", { name: "Send invitation" }).click();
  await expect(partners.getByText(partner.account.email).first()).toBeVisible();
  await partner.page.goto(new URL(await waitForMailLink(partner.account.email, "/app/invitations/")).pathname);
  await partner.page.getByRole("button", { name: "Accept and open the budget" }).click();
  await expect(partner.page).toHaveURL(/\/app\?joined=1/);
  return { owner, partner };
}
