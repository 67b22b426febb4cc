// The smoke suite's test object: every page a test opens fails the test on an uncaught exception or a console error,
// and on a Vite dependency re-optimisation (which reloads every open page mid-test).
import fs from "node:fs";
import { test as base, expect, type Page } from "@playwright/test";
import { smokeEnvironment } from "./env";

export { expect };
export { demo } from "./env";

const { serverLog, baseURL } = await smokeEnvironment();

/** Vite's lines when it has to re-bundle dependencies it did not know at start-up (vite.config.ts optimizeDeps). */
const reoptimised = /new dependencies optimized|optimized dependencies changed/;

const problemsOf = new WeakMap<Page, string[]>();
/** A document whose error status the test asked for (the 404 page), with that status. */
const expectedDocumentStatus = new WeakMap<Page, { url: string; status: number }>();

export function watch(page: Page): string[] {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`uncaught ${error.name} on ${page.url()}: ${error.message}`));
  page.on("console", (message) => {
    // Nothing is allowed: a failed request, a hydration mismatch, a React warning and a CSP report all land here.
    if (message.type() !== "error") return;
    // The one exception: Chromium reports the status of a document the test deliberately opened with that error
    // status (the 404 page must answer 404). Any other failed request, on that page too, still counts.
    const expected = expectedDocumentStatus.get(page);
    if (
      expected &&
      message.location().url === expected.url &&
      message.text() ===
        `Failed to load resource: the server responded with a status of ${expected.status} (${statusText(expected.status)})`
    )
      return;
    problems.push(`console error on ${page.url()}: ${message.text()} (${message.location().url})`);
  });
  problemsOf.set(page, problems);
  return problems;
}

export function expectNoProblems(page: Page): void {
  expect(problemsOf.get(page) ?? [], `page errors and console errors on ${page.url()}`).toEqual([]);
}

export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use, testInfo) => {
    const problems = watch(page);
    await use(page);
    const log = fs.existsSync(serverLog) ? fs.readFileSync(serverLog, "utf8") : "";
    if (testInfo.status !== testInfo.expectedStatus && log)
      await testInfo.attach("server.log", { body: log, contentType: "text/plain" });
    expect(problems, `page errors and console errors (last page ${page.url()})`).toEqual([]);
    expect(
      log.match(reoptimised)?.[0],
      "Vite re-optimised dependencies during the run (it reloads open pages): add the package to optimizeDeps.include in vite.config.ts",
    ).toBeUndefined();
  },
});

/** True once React has hydrated the document (app/root.tsx sets it); a click before that would be lost. */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, {
    timeout: 60_000,
  });
}

/**
 * A full page load: answers `status` (200 unless told), renders with the stylesheet applied, hydrates, and has
 * logged nothing wrong so far.
 */
export async function visit(page: Page, path: string, options: { status?: number } = {}): Promise<void> {
  if (options.status && options.status >= 400)
    expectedDocumentStatus.set(page, { url: new URL(path, baseURL).href, status: options.status });
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(options.status ?? 200);
  await waitForHydration(page);
  await expectStyled(page);
  expectNoProblems(page);
}

function statusText(status: number): string {
  return ({ 404: "Not Found" } as Record<number, string>)[status] ?? String(status);
}

/** The stylesheet is applied: Tailwind's preflight zeroes the body margin a bare document has (8px). */
export async function expectStyled(page: Page): Promise<void> {
  expect(await page.evaluate(() => getComputedStyle(document.body).margin), `CSS applied on ${page.url()}`).toBe("0px");
}

/**
 * A marker on `window` that survives client-side navigation and disappears on a full page load: a link handled by
 * the router (JavaScript) keeps it.
 */
export async function markWindow(page: Page): Promise<void> {
  await page.evaluate(() => ((window as unknown as { smokeMarker?: boolean }).smokeMarker = true));
}

export async function windowMarked(page: Page): Promise<boolean> {
  return page.evaluate(() => (window as unknown as { smokeMarker?: boolean }).smokeMarker === true);
}

/** Signs in through the auth screen like a person would and waits for /app. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await visit(page, "/auth");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/app(\/|\?|$)/);
  await waitForHydration(page);
}

/**
 * Fills in the sign-up form the page shows (the e-mail too unless it is filled in already, as an invitation does),
 * then confirms through the development outbox, as a newcomer does; following the link signs this browser in. Better
 * Auth sends the mail beside the sign-up's answer, not before it, so the outbox is opened again until the mail is there.
 */
export async function signUpThroughOutbox(
  page: Page,
  { name, email, password }: { name: string; email: string; password: string },
): Promise<void> {
  await page.getByLabel("Full name").fill(name);
  const emailField = page.getByLabel("Email");
  if ((await emailField.inputValue()) !== email) await emailField.fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const mail = page
    .getByRole("listitem")
    .filter({ hasText: `To ${email}` })
    .filter({ hasText: "Confirm your e-mail address" });
  await expect(async () => {
    await visit(page, "/dev/mail");
    await expect(mail).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await mail.getByRole("link", { name: /\/auth\/verify\?/ }).click();
  await expect(page).toHaveURL(/\/app(\/|\?|$)/);
  await waitForHydration(page);
}
