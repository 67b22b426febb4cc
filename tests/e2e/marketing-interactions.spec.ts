import { expect, test, type Page } from "@playwright/test";
import { filledText, freeLimits, text, useLanguage, visit } from "./marketing-support";

test.describe("FAQ accordion", () => {
  /** A question's disclosure; `open` is the native state the browser keeps and exposes as expanded. */
  const question = (page: Page, name: string) =>
    page.locator("details", { has: page.locator("summary", { hasText: name }) });

  test("opens one answer at a time, and the open one can be closed @phone", async ({ page }) => {
    await visit(page, "/faq");
    const first = question(page, text("en", "faq.items.free.question"));
    const second = question(page, text("en", "faq.items.premium.question"));
    await expect(first).toHaveJSProperty("open", false);
    await first.locator("summary").click();
    await expect(first).toHaveJSProperty("open", true);
    await expect(page.getByText(filledText("en", "faq.items.free.answer", freeLimits))).toBeVisible();

    await second.locator("summary").click();
    await expect(second).toHaveJSProperty("open", true);
    await expect(first).toHaveJSProperty("open", false);
    await expect(page.getByText(filledText("en", "faq.items.free.answer", freeLimits))).toBeHidden();
    await expect(page.locator("main details[open]")).toHaveCount(1);

    await second.locator("summary").click();
    await expect(second).toHaveJSProperty("open", false);
    await expect(page.getByText(text("en", "faq.items.premium.answer"))).toBeHidden();
    await expect(page.locator("main details[open]")).toHaveCount(0);
  });

  test("answers are in the server's HTML and work without JavaScript", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    const page = await context.newPage();
    await page.goto("/faq");
    const cancel = question(page, text("en", "faq.items.cancel.question"));
    await expect(cancel.locator("p")).toHaveText(text("en", "faq.items.cancel.answer"));
    await cancel.locator("summary").click();
    await expect(page.getByText(text("en", "faq.items.cancel.answer"))).toBeVisible();
    await context.close();
  });

  test("works with the keyboard, in German", async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL, "de");
    await visit(page, "/faq");
    const cancel = question(page, text("de", "faq.items.cancel.question"));
    await cancel.locator("summary").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(text("de", "faq.items.cancel.answer"))).toBeVisible();
    await page.keyboard.press("Tab");
    const languages = question(page, text("de", "faq.items.languages.question"));
    await expect(languages.locator("summary")).toBeFocused();
    await page.keyboard.press("Space");
    await expect(languages).toHaveJSProperty("open", true);
    await expect(cancel).toHaveJSProperty("open", false);
    await page.keyboard.press("Space");
    await expect(languages).toHaveJSProperty("open", false);
  });
});

test.describe("screenshot gallery", () => {
  test("a screenshot opens larger in a dialog and closes with Escape, keyboard only @phone", async ({ page }) => {
    await visit(page, "/");
    const card = page.getByRole("button", { name: "Enlarge screenshot: Savings goals" });
    await card.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Savings goals" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(text("en", "home.screenshots.items.goals.text"));
    const picture = dialog.getByRole("img", { name: text("en", "home.screenshots.items.goals.alt") });
    await expect(picture).toHaveAttribute("src", "/images/screenshots/goals-1600.webp");
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1600);
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
  });

  test("the close button closes the dialog too", async ({ page }) => {
    await visit(page, "/");
    await page.getByRole("button", { name: "Enlarge screenshot: Dashboard" }).click();
    const dialog = page.getByRole("dialog", { name: "Dashboard" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Enlarge screenshot: Dashboard" })).toBeFocused();
  });
});
