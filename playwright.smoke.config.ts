// Browser smoke test of the command the README tells newcomers to run: every kind of page must load, hydrate and log
// no error, and a control that needs JavaScript must work on each. `npm run test:smoke` runs it against `npm run dev`;
// SMOKE_COMMAND="npm start" (and SMOKE_CWD=<another clone>) point it at another command. See tests/smoke/serve.ts.
import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/chromium";
import { smokeEnvironment } from "./tests/smoke/env";

const env = await smokeEnvironment();
const baseURL = env.baseURL;

export default defineConfig({
  testDir: "tests/smoke",
  globalSetup: "./tests/smoke/global-setup.ts",
  fullyParallel: true,
  workers: 2,
  // A smoke test that passes on the second try hides exactly the first-run trouble it is here to find.
  retries: 0,
  reporter: [["list"]],
  outputDir: "test-results-smoke",
  // A development server compiles each module on its first request; the global setup warms the common ones up.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    ...devices["Desktop Chrome"],
    baseURL,
    viewport: { width: 1280, height: 800 },
    // Not the server's zone: a date rendered differently on the server and in the browser shows as a hydration error.
    timezoneId: "Europe/Amsterdam",
    locale: "en-GB",
    navigationTimeout: 60_000,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: "node tests/smoke/serve.ts",
    url: `${baseURL}/healthz`,
    // `npm start` may build first (about a minute, more on two cores).
    timeout: 300_000,
    reuseExistingServer: false,
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
  },
});
