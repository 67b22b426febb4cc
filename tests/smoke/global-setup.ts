// Warm-up before the tests: a development server compiles every module on its first request, and its first browser
// visit bundles the dependencies. Opening one page of each kind here (and signing in once, for /app) moves that wait
// out of the tests and their timeouts. Against a production build it costs a few seconds. The demo account's session
// is kept for the tests of the /app screens (signing in through the form has its own test).
import { chromium, type FullConfig } from "@playwright/test";
import { demo, smokeEnvironment } from "./env";

export default async function warmUp(config: FullConfig): Promise<void> {
  const use = config.projects[0]?.use ?? {};
  const started = Date.now();
  const browser = await chromium.launch(use.launchOptions);
  try {
    const context = await browser.newContext({ baseURL: use.baseURL });
    const page = await context.newPage();
    page.setDefaultTimeout(180_000);
    const hydrated = () =>
      page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", undefined, { timeout: 180_000 });
    for (const path of ["/", "/blog", "/auth"]) {
      await page.goto(path, { timeout: 180_000 });
      await hydrated();
    }
    await page.getByLabel("Email").fill(demo.email);
    await page.getByLabel("Password", { exact: true }).fill(demo.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/app(\/|\?|$)/, { timeout: 180_000 });
    await hydrated();
    await context.storageState({ path: (await smokeEnvironment()).demoState });
    await context.close();
  } finally {
    await browser.close();
  }
  console.log(`smoke: warmed up in ${((Date.now() - started) / 1000).toFixed(1)}s`);
}
