import { defineConfig, devices } from "@playwright/test";
import { chromiumLaunchOptions } from "./tests/chromium";
import { e2eEnvironment } from "./tests/e2e/env";

const env = await e2eEnvironment();
const baseURL = `http://localhost:${env.port}`;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  // A safety net for a hung test, not a speed check: on the 2-core CI machine the longest journeys take up to two minutes
  // with two browsers and the server sharing the cores, and the tests' own setTimeout calls leave them twice that.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: "retain-on-failure",
    // The production build registers a service worker that precaches about 80 files: in every new browser context,
    // that is every test, which doubled the suite's time. The tests of the worker itself (offline.spec.ts,
    // installable.spec.ts) allow it; the smoke tests keep it as a visitor's browser does.
    serviceWorkers: "block",
    launchOptions: chromiumLaunchOptions,
  },
  projects: [
    {
      name: "desktop",
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 1280, height: 800 },
        launchOptions: chromiumLaunchOptions,
      },
    },
    {
      // The tests tagged @phone: public pages, the auth screens, the phone's own journey (bottom bar, + button, sheets)
      // and offline. The app's long feature journeys run once, on the desktop; layout-points.spec.ts holds the app's
      // layout at 360, 768 and 1280 px. Running each journey twice took CI past its time.
      name: "phone",
      use: { ...devices["Pixel 5"], viewport: { width: 360, height: 740 }, launchOptions: chromiumLaunchOptions },
      grep: /@phone/,
    },
  ],
  webServer: [
    {
      command: "node tests/fakes/smtp-sink.ts",
      port: env.smtpPort,
      env: { SMTP_SINK_PORT: String(env.smtpPort), MAIL_SINK_DIR: env.mailDir },
      reuseExistingServer: false,
    },
    {
      command: "node tests/fakes/libretranslate-server.ts",
      port: env.translatePort,
      env: { FAKE_PORT: String(env.translatePort) },
      reuseExistingServer: false,
    },
    {
      command: "node tests/fakes/central-banks.ts",
      port: env.ratesPort,
      env: { FAKE_PORT: String(env.ratesPort) },
      reuseExistingServer: false,
    },
    {
      command: "node server/index.ts",
      url: `${baseURL}/healthz`,
      timeout: 60_000,
      reuseExistingServer: false,
      env: {
        NODE_ENV: "production",
        PORT: String(env.port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseURL,
        DATA_DIR: env.dataDir,
        SMTP_URL: `smtp://127.0.0.1:${env.smtpPort}`,
        LOG_LEVEL: "warn",
        CREATOR_EMAILS: "creator@samen.test",
        // Premium journeys upgrade through the labelled test-mode billing (a production build has no Stripe keys here).
        BILLING_TEST_MODE: "true",
        // The product's demo articles, and translation through a local fake LibreTranslate.
        SEED_DEMO: "true",
        TRANSLATION_PROVIDER: "libretranslate",
        LIBRETRANSLATE_URL: `http://127.0.0.1:${env.translatePort}`,
        TRANSLATION_PAUSE_MS: "100",
        // Exchange rates from local fakes of the ECB and the NBU, which publish steady rates for the last 400 days.
        ECB_RATES_URL: `http://127.0.0.1:${env.ratesPort}/stats/eurofxref/`,
        NBU_RATES_URL: `http://127.0.0.1:${env.ratesPort}/NBU_Exchange/exchange_site`,
        NBP_RATES_URL: `http://127.0.0.1:${env.ratesPort}/api/exchangerates/tables/A`,
        AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
        SAMEN_BUILD_DIR: process.env.SAMEN_BUILD_DIR ?? "build",
      },
    },
  ],
});
