import { expect, test } from "@playwright/test";

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

  const manifest = (await (await page.request.get("/site.webmanifest")).json()) as {
    start_url: string;
    display: string;
    icons: { src: string; sizes: string; purpose?: string }[];
  };
  expect(manifest).toMatchObject({ start_url: "/app", display: "standalone" });
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
