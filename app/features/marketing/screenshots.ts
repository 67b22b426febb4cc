/** The product screenshots on the home page; files live in public/images/screenshots (or the assets bucket). */
export const screenshots = [
  { key: "dashboard", width: 1600, height: 1000 },
  { key: "goals", width: 1600, height: 1000 },
  { key: "analytics", width: 1600, height: 1000 },
] as const;

export type Screenshot = (typeof screenshots)[number];
export type ScreenshotKey = Screenshot["key"];

/** The thumbnail is half the full size; both are WebP. */
export const thumbnailWidth = 800;

export function screenshotPath(key: ScreenshotKey, width: number): string {
  return `/images/screenshots/${key}-${width}.webp`;
}
