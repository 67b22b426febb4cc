import { expect, test, type Browser } from "@playwright/test";
import { createVerifiedUser, signInOverApi, type TestAccount } from "./fixtures";

/** A second browser of the same person, signed in: the session "everywhere" has to end. */
async function otherBrowser(browser: Browser, account: TestAccount) {
  const context = await browser.newContext();
  await signInOverApi(context.request, account);
  expect((await context.request.get("/app", { maxRedirects: 0 })).status()).toBe(200);
  return context;
}

for (const javaScriptEnabled of [true, false]) {
  test(`"Sign out everywhere" ends every session, this one too, and says so (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled });
    const account = await createVerifiedUser(context.request);
    const elsewhere = await otherBrowser(browser, account);
    const page = await context.newPage();
    await page.goto("/app/settings/security");
    await expect(page.getByRole("heading", { name: "Sign out everywhere" })).toBeVisible();
    await page.getByRole("button", { name: "Sign out everywhere" }).click();

    await expect(page).toHaveURL(/\/auth$/);
    if (javaScriptEnabled) await expect(page.getByText("Signed out everywhere")).toBeVisible();
    // Both browsers are signed out: their next visit to the app goes to sign-in.
    expect((await context.request.get("/app", { maxRedirects: 0 })).status()).toBe(302);
    expect((await elsewhere.request.get("/app", { maxRedirects: 0 })).status()).toBe(302);
    await elsewhere.close();
    await context.close();
  });
}
