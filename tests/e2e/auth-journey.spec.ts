import { expect, test, type Page } from "@playwright/test";
import {
  createVerifiedUser,
  signInOverApi,
  testAccount,
  totpCode,
  verificationLink,
  waitForMailLink,
} from "./fixtures";

async function expectToast(page: Page, title: string, description?: string) {
  await expect(page.getByText(title, { exact: true }).first()).toBeVisible();
  if (description) await expect(page.getByText(description, { exact: true }).first()).toBeVisible();
}

test.describe("accounts: the whole journey", () => {
  test("sign up, confirm, header, sign out, wrong password, forgot and reset, sign in again", async ({
    page,
    browser,
  }) => {
    const account = testAccount({ name: "Anna de Vries" });

    // Sign up with a typo in the confirmation: the spec's message, and no request is made.
    await page.goto("/signup");
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Terms of Service" })).toHaveAttribute("href", "/terms");
    await expect(page.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
    await page.getByLabel("Full name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm password").fill(`${account.password}!`);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.getByRole("button", { name: "Create account" }).click();
    await expectToast(page, "Error", "Passwords don't match");
    expect(posts).toEqual([]);

    // Fixed: the button says what it is doing, then the spec's toast.
    await page.getByLabel("Confirm password").fill(account.password);
    await page.route("**/signup**", async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("button", { name: "Creating account…" })).toBeDisabled();
    await expectToast(page, "Account created", "Please check your email to verify your account.");
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    await page.unroute("**/signup**");

    // Signing in before confirming is refused.
    const early = await page.request.post("/api/auth/sign-in/email", {
      data: { email: account.email, password: account.password },
    });
    expect(early.status()).toBe(403);

    // The link from the mail signs in and lands on the app's home.
    await page.goto(await verificationLink(account.email));
    await expect(page).toHaveURL(/\/app\/?$/);

    // Another browser (a second device) signs in too: its session must end when the password is reset.
    const otherDevice = await browser.newContext();
    await signInOverApi(otherDevice.request, account);
    const otherPage = await otherDevice.newPage();
    await otherPage.goto("/");
    await expect(otherPage.locator("header").getByText(account.email, { exact: true }).first()).toBeVisible();

    // The public header shows the e-mail and Sign out instead of Login / Start free.
    await page.goto("/");
    const header = page.locator("header");
    await expect(header.getByText(account.email, { exact: true }).first()).toBeVisible();
    await expect(header.getByRole("link", { name: "Log in" })).toHaveCount(0);

    // Sign out: the spec's toast, and the header switches back.
    await header.getByRole("button", { name: "Sign out" }).first().click();
    await expectToast(page, "Signed out successfully", "You have been signed out of your account.");
    await expect(header.getByRole("link", { name: "Log in" }).first()).toBeVisible();

    // A wrong password: "Authentication error" with the service's message.
    await page.goto("/auth");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill("definitely not it");
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectToast(page, "Authentication error", "Invalid email or password");

    // Forgot password → mail → choose a new one.
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/forgot-password$/);
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText(`If there is an account for ${account.email}`)).toBeVisible();
    await page.goto(await waitForMailLink(account.email, "/reset-password"));
    const newPassword = "a brand new quiet evening";
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Save new password" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expectToast(page, "Password changed");

    // The other device's session is gone.
    await otherPage.reload();
    await expect(otherPage.locator("header").getByRole("link", { name: "Log in" }).first()).toBeVisible();
    await otherDevice.close();

    // The old password no longer works; the new one signs in, with the spec's welcome.
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectToast(page, "Authentication error", "Invalid email or password");
    await page.getByLabel("Password", { exact: true }).fill(newPassword);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectToast(page, "Welcome back!", "You have been successfully signed in.");
    await expect(page).toHaveURL(/\/app\/?$/);
  });

  test("two-factor sign-in: turn on with a QR code, a code is asked at sign-in, a backup code works, turn off", async ({
    page,
  }) => {
    const account = await createVerifiedUser(page.request);

    await page.goto("/app/settings/security");
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
    await page.getByLabel("Your password").fill(account.password);
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByRole("img", { name: "QR code to add Samen to your authenticator app" })).toBeVisible();
    const setupKey = (await page.getByTestId("two-factor-manual-key").textContent()) ?? "";
    const backupCodes = (await page.getByTestId("two-factor-backup-codes").locator("li").allTextContents()).map(
      (code) => code.trim(),
    );
    expect(backupCodes).toHaveLength(10);

    // A wrong first code is refused; the right one turns it on.
    await page.getByLabel("6-digit code").fill("000000");
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByText("That code is not right.", { exact: false }).first()).toBeVisible();
    await page.getByLabel("6-digit code").fill(totpCode(setupKey));
    await page.getByRole("button", { name: "Turn on" }).click();
    await expectToast(page, "Two-factor sign-in is on");
    await page.reload();
    await expect(page.getByText("On", { exact: true })).toBeVisible();

    // Sign out, sign in: the password alone is not enough any more.
    expect((await page.request.post("/auth/sign-out", { maxRedirects: 0 })).status()).toBe(302);
    await page.goto("/auth?redirectTo=%2Fapp%2Fsettings%2Fsecurity");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth\/two-factor\?redirectTo=%2Fapp%2Fsettings%2Fsecurity$/);
    await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();

    // A backup code works (once).
    await page.getByRole("link", { name: "Lost your phone? Use a backup code" }).click();
    await page.getByLabel("Backup code").fill(backupCodes[0] as string);
    await page.getByRole("button", { name: "Verify" }).click();
    await expectToast(page, "Welcome back!");
    await expect(page).toHaveURL(/\/app\/settings\/security$/);

    // Turning it off needs a current code and the password.
    await page.getByLabel("Code from your app or a backup code").fill(totpCode(setupKey));
    await page.getByLabel("Your password").fill(account.password);
    await page.getByRole("button", { name: "Turn off" }).click();
    await expectToast(page, "Two-factor sign-in is off");
    await page.reload();
    await expect(page.getByText("Off", { exact: true })).toBeVisible();

    // And the used backup code is spent anyway: the next sign-in needs only the password.
    expect((await page.request.post("/auth/sign-out", { maxRedirects: 0 })).status()).toBe(302);
    await page.goto("/auth");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/app\/?$/);
  });
});
