// Settings the shared e2e server leaves empty: this file starts its own production server with analytics on
// (GA_MEASUREMENT_ID, ANALYTICS_EXCLUDED_IP), the app on another host (APP_URL) and pictures in a bucket
// (PUBLIC_ASSETS_URL). A local script stands in for Google's tag.
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { visit } from "./marketing-support";

const measurementId = "G-E2ETEST1";
const excludedIp = "203.0.113.7";
const appUrl = "https://app.samen.example";
const assetsUrl = "https://assets.samen.example/site";
let server: ChildProcess | undefined;
let origin = "";
let dataDir = "";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-analytics-"));
  server = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "error",
      AUTH_SECRET: "e2e-analytics-secret-e2e-analytics-secret",
      GA_MEASUREMENT_ID: measurementId,
      ANALYTICS_EXCLUDED_IP: excludedIp,
      APP_URL: appUrl,
      PUBLIC_ASSETS_URL: assetsUrl,
      SAMEN_BUILD_DIR: process.env.SAMEN_BUILD_DIR ?? "build",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error("the analytics test server did not start");
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
});

test.afterAll(async () => {
  if (server) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server?.once("exit", resolve));
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Serves a stand-in for gtag.js and counts how often the browser asks for it. */
async function fakeTagManager(context: BrowserContext) {
  const requests: string[] = [];
  await context.route("https://www.googletagmanager.com/**", async (route) => {
    requests.push(route.request().url());
    await route.fulfill({ contentType: "text/javascript", body: "window.__tagLoaded = true;" });
  });
  return requests;
}

type Command = [string, ...unknown[]];
const commands = (page: Page) =>
  page.evaluate(() =>
    ((window as unknown as { dataLayer?: ArrayLike<unknown>[] }).dataLayer ?? []).map((entry) => Array.from(entry)),
  ) as Promise<Command[]>;
const pageViews = async (page: Page) =>
  (await commands(page))
    .filter(([name, event]) => name === "event" && event === "page_view")
    .map(([, , params]) => (params as { page_path: string }).page_path);

test("nothing is loaded before consent, and declining keeps it that way @phone", async ({ page, context }) => {
  const requests = await fakeTagManager(context);
  await visit(page, `${origin}/`);
  const banner = page.getByRole("region", { name: "May we count your visit?" });
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("link", { name: "Read our privacy policy" })).toHaveAttribute("href", "/privacy");
  expect(requests).toEqual([]);
  await banner.getByRole("button", { name: "No, thanks" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  expect(requests).toEqual([]);
  expect(await page.evaluate(() => typeof (window as unknown as { gtag?: unknown }).gtag)).toBe("undefined");
});

test("after consent the tag loads with IP anonymisation and every route change sends a page view", async ({
  page,
  context,
}) => {
  const requests = await fakeTagManager(context);
  await visit(page, `${origin}/`);
  await page.getByRole("button", { name: "Allow analytics" }).click();
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  await expect.poll(() => requests).toEqual([`https://www.googletagmanager.com/gtag/js?id=${measurementId}`]);
  const config = (await commands(page)).find(([name]) => name === "config");
  expect(config).toEqual([
    "config",
    measurementId,
    expect.objectContaining({ anonymize_ip: true, send_page_view: false }),
  ]);
  await expect.poll(() => pageViews(page)).toEqual(["/"]);

  await page.getByRole("banner").getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect.poll(() => pageViews(page)).toEqual(["/", "/pricing"]);
  await page.getByRole("banner").getByRole("link", { name: "FAQ" }).click();
  await expect.poll(() => pageViews(page)).toEqual(["/", "/pricing", "/faq"]);
  const lastView = (await commands(page)).filter(([name]) => name === "event").at(-1)?.[2] as { page_title: string };
  expect(lastView.page_title).toBe("Frequently asked questions · Samen");

  // The choice is remembered: the next visit loads the tag without asking again.
  await visit(page, `${origin}/about`);
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  await expect.poll(() => pageViews(page)).toEqual(["/about"]);
});

test("the footer's cookie settings reopen the banner, and withdrawing consent stops page views", async ({
  page,
  context,
}) => {
  await fakeTagManager(context);
  await visit(page, `${origin}/`);
  await page.getByRole("button", { name: "Allow analytics" }).click();
  await expect.poll(() => pageViews(page)).toEqual(["/"]);
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  await page
    .getByRole("region", { name: "May we count your visit?" })
    .getByRole("button", { name: "No, thanks" })
    .click();
  await page.getByRole("banner").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page.waitForTimeout(300);
  expect(await pageViews(page)).toEqual(["/"]);
  expect((await context.cookies()).find((cookie) => cookie.name === "analytics_consent")?.value).toBe("denied");
});

test("a visit with internal=true is not tracked, and the browser stays excluded afterwards", async ({
  page,
  context,
}) => {
  const requests = await fakeTagManager(context);
  await visit(page, `${origin}/?internal=true`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === "internal_user")?.value)
    .toBe("true");
  await visit(page, `${origin}/pricing`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  expect(requests).toEqual([]);
});

test("the internal_user cookie skips analytics even after consent was given", async ({ page, context }) => {
  const requests = await fakeTagManager(context);
  await context.addCookies([
    { name: "internal_user", value: "true", url: origin },
    { name: "analytics_consent", value: "granted", url: origin },
  ]);
  await visit(page, `${origin}/`);
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  expect(requests).toEqual([]);
});

test("a visitor from the excluded IP address gets the flag on the page root and no analytics", async ({ browser }) => {
  const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": excludedIp } });
  const requests = await fakeTagManager(context);
  const page = await context.newPage();
  await visit(page, `${origin}/`);
  await expect(page.locator("html")).toHaveAttribute("data-analytics-excluded", "true");
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  expect(requests).toEqual([]);
  await context.close();

  // Anyone else still gets the banner from the same server.
  const other = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "198.51.100.20" } });
  const otherPage = await other.newPage();
  await visit(otherPage, `${origin}/`);
  await expect(otherPage.locator("html")).not.toHaveAttribute("data-analytics-excluded", "true");
  await expect(otherPage.getByTestId("consent-banner")).toBeVisible();
  await other.close();
});

test("with APP_URL and PUBLIC_ASSETS_URL, sign-in links go to the app host and pictures come from the bucket", async ({
  page,
  context,
}) => {
  await fakeTagManager(context);
  await context.addCookies([{ name: "internal_user", value: "true", url: origin }]);
  await context.route(`${assetsUrl}/**`, (route) => route.fulfill({ status: 404 }));
  await visit(page, `${origin}/`);
  const header = page.getByRole("banner");
  if ((page.viewportSize()?.width ?? 1280) >= 768)
    await expect(header.getByRole("link", { name: "Log in" })).toHaveAttribute("href", `${appUrl}/auth`);
  await expect(header.getByRole("link", { name: "Start free" })).toHaveAttribute("href", `${appUrl}/signup`);
  await expect(page.locator('[data-plan="premium"]').getByRole("link")).toHaveAttribute("href", `${appUrl}/signup`);
  const picture = page.locator('section[aria-labelledby="screenshots-title"] img').first();
  await expect(picture).toHaveAttribute("src", `${assetsUrl}/images/screenshots/dashboard-800.webp`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    `${assetsUrl}/images/og-image.png`,
  );
  const csp = (await page.request.get(`${origin}/`)).headers()["content-security-policy"] ?? "";
  expect(csp).toMatch(/img-src[^;]*https:\/\/assets\.samen\.example/);
});

test("without GA_MEASUREMENT_ID there is no banner, no cookie settings and no tag @phone", async ({
  page,
  context,
}) => {
  const requests = await fakeTagManager(context);
  await visit(page, "/");
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("consent-banner")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Cookie settings" })).toHaveCount(0);
  expect(requests).toEqual([]);
});
