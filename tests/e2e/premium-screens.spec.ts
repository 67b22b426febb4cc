import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser, settleAnimations, waitForMailLink } from "./fixtures";

/** Set SHOTS_DIR to keep a PNG of every screen (for looking at them at 360 and 1280 px). */
async function look(page: Page, name: string, include?: string) {
  const directory = process.env.SHOTS_DIR;
  if (directory) {
    // One picture per screenful, so a tall phone page stays readable.
    const height = page.viewportSize()?.height ?? 800;
    const total = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let index = 0; index * height < total && index < 6; index++) {
      await page.evaluate((top) => window.scrollTo(0, top), index * height);
      await page.screenshot({ path: `${directory}/${name}-${page.viewportSize()?.width}-${index}.png` });
    }
    await page.evaluate(() => window.scrollTo(0, 0));
  }
  // Axe measures colours as painted: not mid-transition, and not under a pointer left over a button by the last click.
  await page.mouse.move(0, 0);
  await settleAnimations(page);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const results = await builder.analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
  // Nothing may stick out sideways on a phone.
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("main *")].filter(
      (element) => element.getBoundingClientRect().right > width + 1,
    );
    return wide
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join(".")}: ${element.textContent?.slice(0, 40)}`,
      );
  });
  expect(overflow).toEqual([]);
}

test("premium screens are accessible and fit the phone and the desktop @phone", async ({ page, browser }) => {
  test.setTimeout(240_000);
  await createVerifiedUser(page.request, { name: "Sara Screens" });

  // Free: the gates and the plan comparison.
  await page.goto("/app/settings");
  await expect(page.locator('[data-premium-gate="partners"]')).toBeVisible();
  await look(page, "settings-free", "[data-section]");
  await page.goto("/app/reports");
  await expect(page.locator('[data-premium-gate="exports"]')).toBeVisible();
  await page.goto("/app/exports");
  await look(page, "exports-free");
  await page.goto("/app/upgrade?feature=exports");
  await look(page, "upgrade-free");

  // Premium (test mode): the subscription state, the sections, the exports.
  await page.getByRole("button", { name: /Upgrade to Premium/ }).click();
  await expect(page.getByTestId("plan-title")).toHaveText("Premium");
  await page.getByRole("button", { name: "Cancel subscription" }).click();
  await expect(page.getByTestId("plan-title")).toHaveText(/^Premium until/);
  await look(page, "upgrade-cancelling");

  await page.goto("/app/settings/categories");
  await page.getByLabel("Name").fill("Huisdieren & dierenarts");
  await page.getByRole("button", { name: "Add category" }).click();
  await expect(page.getByText("Category added.")).toBeVisible();
  await page.getByRole("button", { name: /^Edit/ }).click();
  await look(page, "categories");

  await page.goto("/app/settings/partners");
  const invitee = `screens-${Date.now().toString(36)}@samen.test`;
  await page.getByLabel("Their e-mail address").fill(invitee);
  await page.getByLabel("Only look").check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${invitee}.`)).toBeVisible();
  await look(page, "partners");

  await page.goto("/app/exports");
  await look(page, "exports");
  await page.goto("/app/settings/data");
  await look(page, "data");

  // The invitation page, seen with the wrong account.
  const link = new URL(await waitForMailLink(invitee, "/app/invitations/")).pathname;
  const other = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const otherPage = await other.newPage();
  await createVerifiedUser(otherPage.request, { name: "Someone Else" });
  await otherPage.goto(link);
  await expect(otherPage.getByRole("heading", { level: 1 })).toHaveText(
    "This invitation is for another e-mail address",
  );
  await look(otherPage, "invitation-wrong-email");
  await other.close();
});
