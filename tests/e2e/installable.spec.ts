import { expect, test } from "@playwright/test";
import { createVerifiedUser, lookAt } from "./fixtures";

// The suite blocks service workers (playwright.config.ts); installing is what a visitor's browser does with one.
test.use({ serviceWorkers: "allow" });

/** A PNG's width and height, from its IHDR chunk (bytes 16–23). */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

/**
 * Issue 25, item 1: Samen installs on a phone's home screen. Chromium's own installability check (the DevTools
 * protocol's Page.getInstallabilityErrors, which Lighthouse no longer audits) finds nothing missing, and the icons the
 * manifest names are there at their sizes.
 */
test("Chromium finds Samen installable, with 192, 512 and maskable icons and iOS's own", async ({ page }) => {
  await page.goto("/");
  const session = await page.context().newCDPSession(page);
  // The test browser's profile is an incognito one, which never installs; nothing else may be missing.
  await expect
    .poll(async () =>
      (await session.send("Page.getInstallabilityErrors")).installabilityErrors
        .map((error) => error.errorId)
        .filter((id) => id !== "in-incognito"),
    )
    .toEqual([]);

  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  expect(href).toBe("/site.webmanifest?lang=en");
  const manifest = (await (await page.request.get(href ?? "")).json()) as {
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ start_url: "/app", display: "standalone", lang: "en" });
  const icons = [
    ...manifest.icons.filter((icon) => icon.src.endsWith(".png")),
    { src: "/icons/apple-touch-icon.png", sizes: "180x180" },
  ];
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose ?? ""}`.trim())).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
    "180x180",
  ]);
  for (const icon of icons) {
    const response = await page.request.get(icon.src);
    expect(response.status(), icon.src).toBe(200);
    expect(pngSize(await response.body()), icon.src).toBe(icon.sizes);
  }
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/icons/apple-touch-icon.png");
});

test("the installed app's shortcuts are named in the reader's language", async ({ page }) => {
  const manifest = async (lang: string) =>
    (await (await page.request.get(`/site.webmanifest?lang=${lang}`)).json()) as {
      lang: string;
      shortcuts: { name: string; url: string }[];
    };
  expect((await manifest("ua")).lang).toBe("uk");
  expect((await manifest("ua")).shortcuts.map((shortcut) => [shortcut.name, shortcut.url])).toEqual([
    ["Додати витрату", "/app/transactions/new?kind=expense"],
    ["Додати дохід", "/app/transactions/new?kind=income"],
  ]);
  expect((await manifest("de")).shortcuts[0]?.name).toBe("Ausgabe hinzufügen");
  // Anything else is English, never an error.
  expect((await manifest("xx")).lang).toBe("en");
});

test("Settings says how to install Samen on Android and on an iPhone @phone", async ({ page }) => {
  await createVerifiedUser(page.request, { name: "Ines Install" });
  await page.goto("/app/settings");
  await expect(page.getByRole("heading", { name: "Install Samen", level: 2 })).toBeVisible();
  await expect(page.getByTestId("install-steps")).toContainText("Android: open Samen in Chrome");
  await expect(page.getByTestId("install-steps")).toContainText("iPhone: open Samen in Safari");
  await page.getByRole("heading", { name: "Install Samen", level: 2 }).scrollIntoViewIfNeeded();
  await lookAt(page, "settings-install");
});
