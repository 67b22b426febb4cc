// Public pages: the marketing site, the blog and the auth screens. Each page loads with its CSS, hydrates and logs no
// error; on each kind of page a control that only works with JavaScript does its job.
import { expect, expectNoProblems, markWindow, test, visit, windowMarked } from "./support";

test.describe("marketing site", () => {
  for (const path of ["/", "/features", "/pricing", "/about", "/faq", "/dashboard", "/privacy", "/terms"]) {
    test(`${path} renders and hydrates`, async ({ page }) => {
      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    });
  }

  test("an unknown address answers the 404 page, which hydrates too", async ({ page }) => {
    await visit(page, "/this-page-does-not-exist", { status: 404 });
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await markWindow(page);
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await windowMarked(page), "the link is handled by the router, no full page load").toBe(true);
  });

  test("the language switcher translates the page in place", async ({ page }) => {
    await visit(page, "/features");
    await markWindow(page);
    const heading = await page.getByRole("heading", { level: 1 }).textContent();
    const menu = page.getByRole("banner").locator("details[data-language-menu]");
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Deutsch" }).click();
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(heading ?? "");
    await expect(menu.locator("summary")).toHaveText(/Sprache: Deutsch/);
    expect(await windowMarked(page)).toBe(true);
  });

  test("the phone menu opens and its links navigate in place", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await visit(page, "/pricing");
    await markWindow(page);
    const menu = page.getByRole("banner").locator("details[data-mobile-menu]");
    await menu.locator("summary").click();
    await expect(menu.getByRole("group", { name: "Menu" })).toBeVisible();
    await menu.getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(menu).toHaveJSProperty("open", false);
    expect(await windowMarked(page)).toBe(true);
  });

  test("the home page's screenshot opens larger in a dialog", async ({ page }) => {
    await visit(page, "/");
    await page.getByRole("button", { name: "Enlarge screenshot: Savings goals" }).click();
    const dialog = page.getByRole("dialog", { name: "Savings goals" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("the demo dashboard's period select and notifications respond", async ({ page }) => {
    await visit(page, "/dashboard");
    await page.getByLabel("Period").selectOption("weekly");
    await expect(page.getByText("Showing weekly totals")).toBeVisible();
    await page.getByRole("button", { name: "Notifications, 1 unread" }).click();
    await expect(page.getByText("Nothing new in this demo.")).toBeVisible();
  });
});

test.describe("blog", () => {
  test("the list renders, and an article opens from it in place", async ({ page }) => {
    await visit(page, "/blog");
    const card = page.getByRole("main").getByRole("listitem").first().getByRole("link").first();
    const href = await card.getAttribute("href");
    expect(href).toMatch(/^\/blog\/[\w-]+$/);
    await markWindow(page);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("article").getByRole("heading", { level: 1 })).toBeVisible();
    expect(await windowMarked(page), "client-side navigation").toBe(true);
    expectNoProblems(page);
  });

  test("an article loads on its own, and the language switcher moves it under the German prefix", async ({ page }) => {
    await visit(page, "/blog");
    const href = await page
      .getByRole("main")
      .getByRole("listitem")
      .first()
      .getByRole("link")
      .first()
      .getAttribute("href");
    await visit(page, href as string);
    await expect(page.getByRole("article").getByRole("heading", { level: 1 })).toBeVisible();
    const menu = page.getByRole("banner").locator("details[data-language-menu]");
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Deutsch" }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/de${href}`);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });

  test("a language's list renders under its prefix", async ({ page }) => {
    await visit(page, "/de/blog");
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
  });
});

test.describe("auth screens", () => {
  for (const path of ["/auth", "/login", "/signup"]) {
    test(`${path} renders, hydrates and reveals the password on request`, async ({ page }) => {
      await visit(page, path);
      const password = page.getByLabel("Password", { exact: true });
      await expect(password).toHaveAttribute("type", "password");
      await page.getByRole("button", { name: "Show password" }).first().click();
      await expect(password).toHaveAttribute("type", "text");
      await page.getByRole("button", { name: "Hide password" }).first().click();
      await expect(password).toHaveAttribute("type", "password");
    });
  }

  test("forgot-password renders, hydrates and submits through the router", async ({ page }) => {
    await visit(page, "/forgot-password");
    await markWindow(page);
    await page.getByLabel("Email").fill("nobody@samen.test");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    expect(await windowMarked(page), "a fetch, not a full page load").toBe(true);
  });

  for (const path of ["/reset-password", "/auth/verify"]) {
    test(`${path} without a token explains itself`, async ({ page }) => {
      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });
  }

  test("the development outbox renders and hydrates", async ({ page }) => {
    await visit(page, "/dev/mail");
    await expect(page.getByRole("heading", { name: "Development outbox" })).toBeVisible();
  });
});
