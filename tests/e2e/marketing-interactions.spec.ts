import { expect, test } from "@playwright/test";
import { text, useLanguage, visit } from "./marketing-support";

test.describe("FAQ accordion", () => {
  test("opens one answer at a time, and the open one can be closed @phone", async ({ page }) => {
    await visit(page, "/faq");
    const first = page.getByRole("button", { name: text("en", "faq.items.free.question") });
    const second = page.getByRole("button", { name: text("en", "faq.items.premium.question") });
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await first.click();
    await expect(first).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText(text("en", "faq.items.free.answer"))).toBeVisible();

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "true");
    await expect(first).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(text("en", "faq.items.free.answer"))).toBeHidden();
    await expect(page.locator('main button[aria-expanded="true"]')).toHaveCount(1);

    await second.click();
    await expect(second).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText(text("en", "faq.items.premium.answer"))).toBeHidden();
    await expect(page.locator('main button[aria-expanded="true"]')).toHaveCount(0);
  });

  test("works with the keyboard, in German", async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL, "de");
    await visit(page, "/faq");
    const cancel = page.getByRole("button", { name: text("de", "faq.items.cancel.question") });
    await cancel.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByText(text("de", "faq.items.cancel.answer"))).toBeVisible();
    await page.keyboard.press("ArrowDown");
    const languages = page.getByRole("button", { name: text("de", "faq.items.languages.question") });
    await expect(languages).toBeFocused();
    await page.keyboard.press("Space");
    await expect(languages).toHaveAttribute("aria-expanded", "true");
    await expect(cancel).toHaveAttribute("aria-expanded", "false");
    await page.keyboard.press("Space");
    await expect(languages).toHaveAttribute("aria-expanded", "false");
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
