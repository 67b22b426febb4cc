import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { createVerifiedUser, testAccount } from "./fixtures";

test.describe("auth screens", () => {
  test("/login and /auth open in sign-in mode, /signup in create-account mode, toggled by a link @phone", async ({
    page,
  }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(page.getByLabel("Confirm password")).toHaveCount(0);
    await page.getByRole("link", { name: "Sign up" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByRole("heading", { name: "Create your account" })).toBeVisible();
    await expect(page.getByLabel("Full name")).toBeVisible();
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
  });

  test("a signed-in visitor of the auth screen goes to redirectTo, never to another site", async ({ page }) => {
    await createVerifiedUser(page.request);
    await page.goto("/auth?redirectTo=%2Fapp%2Fsettings%2Fsecurity");
    await expect(page).toHaveURL(/\/app\/settings\/security$/);
    for (const evil of ["%2F%2Fevil.example", "https%3A%2F%2Fevil.example", "%2F%5Cevil.example"]) {
      await page.goto(`/signup?redirectTo=${evil}`);
      await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/app\/?$/);
    }
  });

  test("a protected page sends an anonymous visitor to sign in and back again", async ({ page, request }) => {
    const account = await createVerifiedUser(request);
    await page.goto("/app/settings/security");
    await expect(page).toHaveURL(/\/auth\?redirectTo=%2Fapp%2Fsettings%2Fsecurity$/);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/app\/settings\/security$/);
  });

  test("the 6th rapid wrong password is refused with the translated rate-limit message", async ({
    browser,
    request,
  }) => {
    const account = await createVerifiedUser(request, { language: "de" });
    const context = await browser.newContext({
      locale: "de-DE",
      extraHTTPHeaders: { "accept-language": "de-DE,de;q=0.9" },
    });
    const page = await context.newPage();
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Willkommen zurück" })).toBeVisible();
    await page.getByLabel("E-Mail").fill(account.email);
    for (let attempt = 1; attempt <= 6; attempt++) {
      await page.getByLabel("Passwort", { exact: true }).fill(`falsch ${attempt}`);
      await page.getByRole("button", { name: "Anmelden" }).click();
      const expected =
        attempt < 6
          ? "Ungültige E-Mail-Adresse oder ungültiges Passwort"
          : "Zu viele Versuche. Bitte warte etwas, bevor du es erneut versuchst.";
      await expect(page.getByText(expected).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Anmelden" })).toBeEnabled();
    }
    await expect(page.getByText("Authentifizierungsfehler").first()).toBeVisible();
    await context.close();
  });

  test("sign-out and sign-in in one tab are followed by the other tabs without a reload", async ({ context }) => {
    const account = await createVerifiedUser(context.request);
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto("/");
    await second.goto("/pricing");
    await expect(second.locator("header").getByRole("button", { name: "Sign out" }).first()).toBeVisible();
    await first.locator("header").getByRole("button", { name: "Sign out" }).first().click();
    await expect(first.getByText("Signed out successfully").first()).toBeVisible();
    await expect(second.locator("header").getByRole("link", { name: "Log in" }).first()).toBeVisible();

    await first.goto("/auth?redirectTo=%2F");
    await first.getByLabel("Email").fill(account.email);
    await first.getByLabel("Password", { exact: true }).fill(account.password);
    await first.getByRole("button", { name: "Sign in" }).click();
    await expect(first.getByText("Welcome back!").first()).toBeVisible();
    await expect(second.locator("header").getByRole("button", { name: "Sign out" }).first()).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form still signs in, reports mistakes and signs out", async ({ page, request }) => {
      const account = await createVerifiedUser(request);
      await page.goto("/auth?redirectTo=%2Fapp%2Fsettings%2Fsecurity");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill("wrong wrong wrong");
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page.getByRole("alert")).toContainText("Authentication error");
      await expect(page.getByRole("alert")).toContainText("Invalid email or password");
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await expect(page).toHaveURL(/\/app\/settings\/security$/);
      await page.goto("/");
      await page.locator("header").getByRole("button", { name: "Sign out" }).first().click();
      await expect(page.locator("header").getByRole("link", { name: "Log in" }).first()).toBeVisible();
    });

    test("sign-up without JavaScript shows the check-your-inbox step", async ({ page }) => {
      const account = testAccount();
      await page.goto("/signup");
      await page.getByLabel("Email").fill(account.email);
      await page.getByLabel("Password", { exact: true }).fill(account.password);
      await page.getByLabel("Confirm password").fill(account.password);
      await page.getByRole("button", { name: "Create account" }).click();
      await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
      await expect(page.getByText(account.email)).toBeVisible();
    });
  });

  test("the development outbox is not served in production", async ({ request }) => {
    expect((await request.get("/dev/mail")).status()).toBe(404);
  });

  test("auth pages have no accessibility violations @phone", async ({ page }) => {
    for (const path of [
      "/auth",
      "/signup",
      "/forgot-password",
      "/reset-password?token=unknown",
      "/auth/verify?token=unknown",
    ]) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).analyze();
      expect({
        path,
        violations: results.violations.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target).join(", ")}`,
        ),
      }).toEqual({
        path,
        violations: [],
      });
    }
  });

  test("the security section has no accessibility violations, before and during set-up", async ({ page }) => {
    const account = await createVerifiedUser(page.request);
    await page.goto("/app/settings/security");
    // The app shell around it belongs to the budget app's own checks.
    const section = () => new AxeBuilder({ page }).include("#security");
    expect((await section().analyze()).violations).toEqual([]);
    await page.getByLabel("Your password").fill(account.password);
    await page.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(page.getByTestId("two-factor-backup-codes")).toBeVisible();
    expect((await section().analyze()).violations).toEqual([]);
  });
});
