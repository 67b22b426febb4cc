import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser } from "./fixtures";
import { isPhone, languageMenu, mobileMenu, text, useLanguage, visit } from "./marketing-support";

/** Marks the current document; if the page reloads, the mark is gone. */
async function markDocument(page: Page) {
  await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
}
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

async function storedLanguage(page: Page) {
  const cookies = await page.context().cookies();
  return {
    cookie: cookies.find((cookie) => cookie.name === "lang")?.value,
    storage: await page.evaluate(() => localStorage.getItem("lang")),
  };
}

test.describe("header and footer", () => {
  test("the header links to every section of the site and to sign-in and sign-up", async ({ page }) => {
    await visit(page, "/");
    const nav = page.getByRole("banner").getByRole("navigation", { name: "Main navigation" });
    await expect(nav.getByRole("link")).toHaveText(["Features", "Pricing", "FAQ", "About", "Blog", "Privacy"]);
    const hrefs = await nav.getByRole("link").evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(["/features", "/pricing", "/faq", "/about", "/blog", "/privacy"]);
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("banner").getByRole("link", { name: "Start free" })).toHaveAttribute("href", "/signup");
    await nav.getByRole("link", { name: "Pricing" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(nav.getByRole("link", { name: "Pricing" })).toHaveAttribute("aria-current", "page");
  });

  test("the footer links and the contact block @phone", async ({ page }) => {
    await visit(page, "/about");
    const footer = page.getByRole("contentinfo");
    const hrefs = await footer
      .getByRole("navigation")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(hrefs).toEqual(["/features", "/pricing", "/faq", "/about", "#contact", "/privacy", "/terms"]);
    await footer.getByRole("link", { name: "Contact" }).click();
    await expect(page).toHaveURL(/\/about#contact$/);
    const contact = page.locator("#contact");
    await expect(contact).toBeInViewport();
    await expect(contact.getByRole("link", { name: "hello@samen.app" })).toHaveAttribute(
      "href",
      "mailto:hello@samen.app",
    );
  });

  test("a signed-in visitor sees their e-mail and can sign out with a form post @phone", async ({ page }) => {
    const account = await createVerifiedUser(page.request);
    await visit(page, "/features");
    const header = page.getByRole("banner");
    if (isPhone(page)) await mobileMenu(page).locator("summary").click();
    // The phone's menu sits in the header too, closed on wide screens: look only at what shows.
    const scope = isPhone(page) ? mobileMenu(page) : header;
    await expect(scope.getByText(account.email, { exact: true }).filter({ visible: true })).toBeVisible();
    await expect(header.getByRole("link", { name: "Log in" })).toHaveCount(0);
    const signOut = scope.getByRole("button", { name: "Sign out" }).filter({ visible: true });
    await expect(signOut.locator("xpath=ancestor::form")).toHaveAttribute("method", "post");
    await expect(signOut.locator("xpath=ancestor::form")).toHaveAttribute("action", "/auth/sign-out");
    await signOut.click();
    await expect(
      page.getByRole("banner").getByRole("link", { name: isPhone(page) ? "Start free" : "Log in" }),
    ).toBeVisible();
    await expect(page.getByText(account.email, { exact: true })).toHaveCount(0);
  });
});

test.describe("language switcher", () => {
  test("lists all eight languages by their own names and switches the whole page without a reload", async ({
    page,
  }) => {
    await visit(page, "/pricing");
    await markDocument(page);
    const menu = languageMenu(page);
    await expect(menu.locator("summary")).toHaveText(/Language: English/);
    await menu.locator("summary").click();
    const list = menu.getByRole("list", { name: "Choose language" });
    await expect(list.getByRole("link")).toHaveText([
      "English",
      "Nederlands",
      "Deutsch",
      "Français",
      "Español",
      "Polski",
      "Türkçe",
      "Українська",
    ]);
    await expect(list.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
    await list.getByRole("link", { name: "Deutsch" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "pricing.title"));
    await expect(menu).toHaveJSProperty("open", false);
    await expect(page.getByTestId("price-premium")).toHaveText("4,99 €");
    await expect(page.getByRole("banner").getByRole("link", { name: "Funktionen" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText(text("de", "footer.contactTitle", "common"));
    await expect(page).toHaveTitle(text("de", "seo.pricing.title"));
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    await expect(page.getByRole("banner").getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/de/blog");
    expect(await sameDocument(page)).toBe(true);
    expect(await storedLanguage(page)).toEqual({ cookie: "de", storage: "de" });

    // The choice survives a reload and a new visit.
    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "pricing.title"));
  });

  test("works with the keyboard: Enter opens, Tab walks the links, Escape closes and returns focus", async ({
    page,
  }) => {
    await visit(page, "/");
    const menu = languageMenu(page);
    const summary = menu.locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveJSProperty("open", true);
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "English" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveJSProperty("open", false);
    await expect(summary).toBeFocused();

    await page.keyboard.press("Enter");
    for (let step = 0; step < 8; step++) await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Українська" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ua", "tagline", "common"));
    await expect(summary).toHaveText(/Мова: Українська/);
    await expect(summary).toBeFocused();
  });

  test("on a blog article it moves to the same article under the new prefix, and back", async ({ page }) => {
    await visit(page, "/blog/x");
    const menu = languageMenu(page);
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/blog\/x$/);
    await expect(menu.locator("summary")).toHaveText(/Sprache: Deutsch/);
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "English" }).click();
    // "/de/blog/x" also ends in "/blog/x": wait for the path itself.
    await expect.poll(() => new URL(page.url()).pathname).toBe("/blog/x");
  });

  test("on the phone the menu offers the languages and switches in place @phone", async ({ page }) => {
    test.skip(!isPhone(page), "the phone layout");
    await visit(page, "/faq");
    await markDocument(page);
    const menu = mobileMenu(page);
    await menu.locator("summary").click();
    await menu.getByRole("list", { name: "Choose language" }).getByRole("link", { name: "Polski" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("pl", "faq.title"));
    await expect(menu).toHaveJSProperty("open", false);
    await expect(menu.getByRole("link", { name: "Polski", includeHidden: true })).toHaveAttribute(
      "aria-current",
      "true",
    );
    expect(await sameDocument(page)).toBe(true);
    expect(await storedLanguage(page)).toEqual({ cookie: "pl", storage: "pl" });
  });
});

test.describe("before the scripts arrive", () => {
  /** Holds back every script the page asks for, so what is clicked is the server's HTML alone. */
  async function holdScripts(page: Page) {
    await page.route(/\.m?js(\?|$)/, () => {
      // Never answered: the page stays as the server sent it.
    });
  }

  test("the language menu opens and its links switch the language", async ({ page }) => {
    await holdScripts(page);
    await page.goto("/pricing");
    const menu = languageMenu(page);
    await menu.locator("summary").click();
    await expect(menu).toHaveJSProperty("open", true);
    await menu.getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "pricing.title"));
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    expect((await storedLanguage(page)).cookie).toBe("de");
  });

  test("the phone menu opens, navigates and switches the language @phone", async ({ page }) => {
    test.skip(!isPhone(page), "the menu exists under 768 px");
    await holdScripts(page);
    await page.goto("/blog");
    const menu = mobileMenu(page);
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "Polski" }).click();
    await expect(page).toHaveURL(/\/pl\/blog$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "pl");
    await mobileMenu(page).locator("summary").click();
    await mobileMenu(page).getByRole("navigation").getByRole("link", { name: "FAQ" }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("pl", "faq.title"));
  });

  test("a switch link goes back only to a page of this site", async ({ page }) => {
    for (const to of ["https://evil.example/", "//evil.example/", "/\\evil.example/"]) {
      const response = await page.request.get(`/language/de?to=${encodeURIComponent(to)}`, { maxRedirects: 0 });
      expect(response.status(), to).toBe(303);
      expect(response.headers().location, to).toBe("/");
    }
    expect((await page.request.get("/language/xx?to=%2F", { maxRedirects: 0 })).status()).toBe(404);
  });
});

test.describe("mobile menu", () => {
  test("opens and closes with the keyboard and returns focus to the button @phone", async ({ page }) => {
    test.skip(!isPhone(page), "the menu exists under 768 px");
    await visit(page, "/");
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main navigation" })).toBeHidden();
    const menu = mobileMenu(page);
    const trigger = menu.locator("summary");
    await expect(trigger).toHaveAccessibleName("Open menu");
    await trigger.focus();
    await page.keyboard.press("Enter");
    await expect(menu.getByRole("group", { name: "Menu" })).toBeVisible();
    await expect(trigger).toHaveAccessibleName("Close menu");
    await expect(menu.getByRole("navigation").getByRole("link")).toHaveText([
      "Features",
      "Pricing",
      "FAQ",
      "About",
      "Blog",
      "Privacy",
    ]);
    await expect(menu.getByRole("link", { name: "Log in" })).toHaveAttribute("href", "/auth");
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: "Features" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu.getByRole("group", { name: "Menu" })).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(menu).toHaveJSProperty("open", false);
  });

  test("a link in the menu navigates and closes it @phone", async ({ page }) => {
    test.skip(!isPhone(page), "the menu exists under 768 px");
    await visit(page, "/");
    const menu = mobileMenu(page);
    await menu.locator("summary").click();
    await menu.getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toHaveJSProperty("open", false);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "about.title"));
  });

  test("at 360 px the header keeps one row in every language @phone", async ({ page, context, baseURL }) => {
    test.skip(!isPhone(page), "the phone layout");
    for (const language of ["en", "nl", "de", "fr", "es", "pl", "tr", "ua"]) {
      await useLanguage(context, baseURL, language);
      await visit(page, "/faq");
      const banner = await page.getByRole("banner").boundingBox();
      expect(banner?.height, language).toBeLessThan(80);
    }
  });

  test("wide screens show the links in the header instead", async ({ page }) => {
    await visit(page, "/");
    await expect(mobileMenu(page)).toBeHidden();
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  });
});

test("German visitors see German navigation and a German blog link @phone", async ({ page, context, baseURL }) => {
  await useLanguage(context, baseURL, "de");
  await visit(page, "/");
  if (isPhone(page)) await mobileMenu(page).locator("summary").click();
  const scope = isPhone(page) ? mobileMenu(page) : page.getByRole("banner");
  await expect(scope.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/de/blog");
  await expect(scope.getByRole("link", { name: text("de", "nav.features", "common") })).toBeVisible();
});
