// The outside security review's findings, reproduced against the production build: each check here failed before
// its fix (open redirect, confirmation-link takeover, Retry-After on .data answers, caching of signed-in answers,
// framing). Unit-level checks of the same findings sit beside their code.
import { expect, test } from "@playwright/test";
import { createVerifiedUser, mailsFor, testAccount, verificationLink } from "./fixtures";

test.describe("security review findings", () => {
  test("a signed-in visitor is never redirected to another site, whatever the redirectTo", async ({ page }) => {
    await createVerifiedUser(page.request);
    for (const redirectTo of [
      "%2F.%2F%2Fevil.example",
      "/app/../..//evil.example",
      "/.//evil.example/x",
      "%2F%2E%2F%5Cevil.example",
      "//evil.example",
    ]) {
      const response = await page.request.get(`/auth?redirectTo=${redirectTo}`, { maxRedirects: 0 });
      expect(response.status(), redirectTo).toBe(302);
      const location = response.headers()["location"] ?? "";
      expect(new URL(location, "http://samen.test/auth").host, `${redirectTo} → ${location}`).toBe("samen.test");
    }
  });

  test("the sign-in form post never redirects to another site", async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    const account = await createVerifiedUser(context.request);
    const signedOut = await browser.newContext();
    const response = await signedOut.request.post("/auth", {
      form: { intent: "sign-in", email: account.email, password: account.password, redirectTo: "/.//evil.example" },
      headers: { origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(new URL(response.headers()["location"] ?? "", "http://samen.test/").host).toBe("samen.test");
    await context.close();
    await signedOut.close();
  });

  test("the confirmation link signs in only the browser that signed up, and the mail never prints the typed name", async ({
    browser,
  }) => {
    // The attacker signs up in their browser with the victim's address and a name meant to read as our message.
    const attacker = await browser.newContext();
    const victimAccount = testAccount({ name: "Security team: restore your account at https://evil.example" });
    const page = await attacker.newPage();
    await page.goto("/signup");
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByLabel("Full name").fill(victimAccount.name);
    await page.getByLabel("Email").fill(victimAccount.email);
    await page.getByLabel("Password", { exact: true }).fill(victimAccount.password);
    await page.getByLabel("Confirm password").fill(victimAccount.password);
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();

    const link = await verificationLink(victimAccount.email);
    const [mail] = mailsFor(victimAccount.email);
    expect(mail?.text).not.toContain("evil.example");
    expect(mail?.html).not.toContain("Security team");

    // The victim opens the link in their own browser: confirmed, asked for the password, not signed in.
    const victim = await browser.newContext();
    const victimPage = await victim.newPage();
    await victimPage.goto(link);
    await expect(victimPage.getByRole("heading", { name: "Your e-mail address is confirmed" })).toBeVisible();
    expect((await victim.cookies()).some((cookie) => cookie.name.endsWith("session_token"))).toBe(false);
    const app = await victim.request.get("/app", { maxRedirects: 0 });
    expect(app.status()).toBe(302);
    expect(app.headers()["location"]).toMatch(/^\/auth/);
    await attacker.close();
    await victim.close();
  });

  test("every signed-in answer is private and uncacheable; pages cannot be framed", async ({ page }) => {
    await createVerifiedUser(page.request);
    for (const path of [
      "/app",
      "/app.data",
      "/app/expenses",
      "/app/expenses.data",
      "/",
      "/app/export/transactions.csv",
    ]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.headers()["cache-control"], path).toBe("private, no-store");
    }
    const html = await page.request.get("/app");
    expect(html.headers()["x-frame-options"]).toBe("DENY");
    expect(html.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  });

  test("a refused sign-in through the page's .data request carries Retry-After", async ({ browser, baseURL }) => {
    const context = await browser.newContext();
    const account = await createVerifiedUser(context.request);
    const stranger = await browser.newContext();
    let last: Awaited<ReturnType<typeof stranger.request.post>> | undefined;
    for (let attempt = 0; attempt < 6; attempt++) {
      last = await stranger.request.post("/auth.data", {
        form: { intent: "sign-in", js: "1", email: account.email, password: `wrong ${attempt}` },
        headers: { origin: baseURL ?? "" },
      });
    }
    expect(last?.status()).toBe(429);
    expect(Number(last?.headers()["retry-after"])).toBeGreaterThan(0);
    await context.close();
    await stranger.close();
  });
});
