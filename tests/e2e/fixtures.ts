import AxeBuilder from "@axe-core/playwright";
// Shared helpers for browser tests of every area: accounts made through the real sign-up and the real
// (sink-caught) confirmation mail, reading mails, and two-factor codes.
import crypto from "node:crypto";
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { readMail } from "../fakes/mail-reader";
import { readSinkMails } from "../fakes/smtp-sink";

export interface TestAccount {
  email: string;
  password: string;
  name: string;
}

/** A fresh address per call, so tests never share accounts or rate-limit counters. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now().toString(36)}-${crypto.randomBytes(3).toString("hex")}@samen.test`;
}

export function testAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  return { email: uniqueEmail(), password: "calm money journey 42", name: "Test Person", ...overrides };
}

function mailDirectory(): string {
  const directory = process.env.E2E_MAIL_DIR;
  if (!directory) throw new Error("E2E_MAIL_DIR is not set (run through playwright.config.ts)");
  return directory;
}

/** Waits until the sink holds a mail for `recipient` whose link starts with `linkPrefix`; returns that link. */
export async function waitForMailLink(
  recipient: string,
  linkPrefix: string,
  options: { skip?: number; timeout?: number } = {},
): Promise<string> {
  const deadline = Date.now() + (options.timeout ?? 15_000);
  for (;;) {
    const links = readSinkMails(mailDirectory(), recipient)
      .flatMap((mail) => [...readMail(mail).text.matchAll(/https?:\/\/\S+/g)].map((match) => match[0]))
      .filter((link) => new URL(link).pathname.startsWith(linkPrefix));
    const link = links[options.skip ?? 0];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No mail with a ${linkPrefix} link for ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** All mails the sink caught for one address, decoded. */
export function mailsFor(recipient: string) {
  return readSinkMails(mailDirectory(), recipient).map(readMail);
}

/** The link of the newest confirmation mail, turned into a path on the test server. */
export async function verificationLink(email: string, skip = 0): Promise<string> {
  return waitForMailLink(email, "/auth/verify", { skip });
}

/**
 * Signs up through the auth screen like a person would, opens the confirmation link from the mail and
 * ends signed in on /app.
 */
export async function signUpAndVerify(page: Page, account: TestAccount): Promise<void> {
  await page.goto("/signup");
  await page.getByLabel("Full name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await page.goto(await verificationLink(account.email));
  await expect(page).toHaveURL(/\/app(\/|$|\?)/);
}

/** A random address in 198.18.0.0/15, the range set aside for benchmark tests (RFC 2544). */
function homeAddress(): string {
  const [a = 0, b = 0, c = 0] = crypto.randomBytes(3);
  return `198.${18 + (a % 2)}.${b}.${c}`;
}

/**
 * A confirmed, signed-in account without the UI (fast): signs up over the HTTP API, follows the link from the
 * sink, signs in, and leaves the session cookie in the request context. Pass `page.request` (or `context.request`) so the
 * browser pages of that context are signed in too.
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  overrides: Partial<TestAccount> & { language?: string } = {},
): Promise<TestAccount> {
  const account = testAccount(overrides);
  const signUp = await request.post("/api/auth/sign-up/email", {
    data: { email: account.email, password: account.password, name: account.name, locale: overrides.language ?? "en" },
    // Each test household signs up from a home of its own, as real ones do: the suite signs up far more people than
    // one address may in 15 minutes (the server believes X-Forwarded-For from loopback, its default TRUST_PROXY).
    headers: { "x-forwarded-for": homeAddress() },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const link = await verificationLink(account.email);
  // Signed up over the API, not in this browser's sign-up form: the link confirms but signs in only the browser that
  // signed up, so this context signs in with the password afterwards.
  const verify = await request.get(link, { maxRedirects: 0 });
  expect(verify.status(), "the confirmation link confirms the address").toBe(200);
  await signInOverApi(request, account);
  return account;
}

/** Signs in through the JSON API (after sign-out, or for a second context of the same account). */
export async function signInOverApi(
  request: APIRequestContext,
  account: Pick<TestAccount, "email" | "password">,
): Promise<void> {
  const response = await request.post("/api/auth/sign-in/email", {
    data: { email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(200);
}

function base32Decode(value: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const character of value.replace(/[\s=]/g, "").toUpperCase()) {
    const index = alphabet.indexOf(character);
    if (index < 0) throw new Error(`not base32: ${character}`);
    bits += index.toString(2).padStart(5, "0");
  }
  const bytes: number[] = [];
  for (let offset = 0; offset + 8 <= bits.length; offset += 8)
    bytes.push(Number.parseInt(bits.slice(offset, offset + 8), 2));
  return Buffer.from(bytes);
}

/** The 6-digit code an authenticator app shows for a setup key (RFC 6238, SHA-1, 30 s). */
export function totpCode(setupKey: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const digest = crypto.createHmac("sha1", base32Decode(setupKey)).update(counter).digest();
  const offset = (digest.at(-1) ?? 0) & 15;
  const number =
    ((digest[offset]! & 0x7f) << 24) | (digest[offset + 1]! << 16) | (digest[offset + 2]! << 8) | digest[offset + 3]!;
  return String(number % 1_000_000).padStart(6, "0");
}

/**
 * Waits until the page's finite animations and transitions have ended (a toast sliding in is half transparent, and axe
 * would measure its contrast mid-fade); endless ones, such as a spinner, are left running.
 */
export async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" || animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/**
 * What the screen tests check on every screen they open: axe finds nothing once animations have settled, and nothing
 * sticks out sideways (a phone scrolls the page, never a row). With `regionsScroll`, a wide element inside a
 * role=region (a sample table that scrolls on its own) is allowed. SHOTS_DIR keeps a PNG of each screen for looking.
 */
export async function lookAt(page: Page, name: string, options: { regionsScroll?: boolean } = {}): Promise<void> {
  const directory = process.env.SHOTS_DIR;
  if (directory)
    await page.screenshot({ path: `${directory}/${name}-${page.viewportSize()?.width}.png`, fullPage: true });
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).analyze();
  expect(
    results.violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
    ),
  ).toEqual([]);
  expect(await sidewaysOverflow(page, options)).toEqual([]);
}

/** What sticks out of the page on the right (up to five elements, named), ignoring scrolling regions when asked. */
export async function sidewaysOverflow(
  page: Page,
  { regionsScroll = false }: { regionsScroll?: boolean } = {},
): Promise<string[]> {
  return page.evaluate((regionsScroll) => {
    const width = document.documentElement.clientWidth;
    // A visually hidden box (a chart's table for screen readers) is clipped to one pixel: what it holds is never seen
    // and never widens the page, however wide its own box is.
    const wide = [...document.querySelectorAll("main *")].filter(
      (element) =>
        !(regionsScroll && element.closest("[role=region]")) &&
        !element.closest(".sr-only") &&
        element.getBoundingClientRect().right > width + 1,
    );
    return wide
      .slice(0, 5)
      .map(
        (element) =>
          `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join(".")}: ${element.textContent?.slice(0, 40)}`,
      );
  }, regionsScroll);
}
