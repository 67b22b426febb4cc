import { expect, test, type Page } from "@playwright/test";
import { createVerifiedUser } from "./fixtures";
import { isPhone, text, useLanguage, visit } from "./marketing-support";

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
    await expect(page.getByRole("banner").getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");
    await expect(page.getByRole("banner").getByRole("link", { name: "Start Free" })).toHaveAttribute("href", "/signup");
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
    if (isPhone(page)) await header.getByRole("button", { name: "Open menu" }).click();
    const scope = isPhone(page) ? page.getByRole("dialog") : header;
    await expect(scope.getByText(account.email, { exact: true })).toBeVisible();
    await expect(header.getByRole("link", { name: "Login" })).toHaveCount(0);
    const signOut = scope.getByRole("button", { name: "Sign Out" });
    await expect(signOut.locator("xpath=ancestor::form")).toHaveAttribute("method", "post");
    await expect(signOut.locator("xpath=ancestor::form")).toHaveAttribute("action", "/auth/sign-out");
    await signOut.click();
    await expect(
      page.getByRole("banner").getByRole("link", { name: isPhone(page) ? "Start Free" : "Login" }),
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
    const switcher = page.getByRole("button", { name: "Language: English" });
    await switcher.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitemradio")).toHaveText([
      "English",
      "Nederlands",
      "Deutsch",
      "Français",
      "Español",
      "Polski",
      "Türkçe",
      "Українська",
    ]);
    await expect(menu.getByRole("menuitemradio", { name: "English" })).toHaveAttribute("aria-checked", "true");
    await menu.getByRole("menuitemradio", { name: "Deutsch" }).click();

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "pricing.title"));
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

  test("works with the keyboard: arrows move, Enter picks, Escape closes and returns focus", async ({ page }) => {
    await visit(page, "/");
    const switcher = page.getByRole("button", { name: "Language: English" });
    await switcher.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menuitemradio", { name: "English" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(switcher).toBeFocused();

    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitemradio", { name: "English" })).toBeFocused();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("menuitemradio", { name: "Français" })).toBeFocused();
    await page.keyboard.press("End");
    await expect(page.getByRole("menuitemradio", { name: "Українська" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "uk");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("ua", "tagline", "common"));
    await expect(page.getByRole("button", { name: /Мова: Українська/ })).toBeFocused();
  });

  test("on a blog article it moves to the same article under the new prefix, and back", async ({ page }) => {
    await visit(page, "/blog/x");
    await page.getByRole("button", { name: "Language: English" }).click();
    await page.getByRole("menuitemradio", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/de\/blog\/x$/);
    await page.getByRole("button", { name: "Sprache: Deutsch" }).click();
    await page.getByRole("menuitemradio", { name: "English" }).click();
    // "/de/blog/x" also ends in "/blog/x": wait for the path itself.
    await expect.poll(() => new URL(page.url()).pathname).toBe("/blog/x");
  });

  test("on the phone the menu offers the languages and switches in place @phone", async ({ page }) => {
    test.skip(!isPhone(page), "the phone layout");
    await visit(page, "/faq");
    await markDocument(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("dialog");
    await menu.getByRole("group", { name: "Choose language" }).getByRole("button", { name: "Polski" }).click();
    // The open menu is modal, so the page behind it is hidden from the accessibility tree: read the h1 directly.
    await expect(page.locator("main h1")).toHaveText(text("pl", "faq.title"));
    await expect(menu.getByRole("button", { name: "Polski" })).toHaveAttribute("aria-pressed", "true");
    expect(await sameDocument(page)).toBe(true);
    expect(await storedLanguage(page)).toEqual({ cookie: "pl", storage: "pl" });
  });
});

test.describe("mobile menu", () => {
  test("opens and closes with the keyboard, keeps focus inside, and returns it to the button @phone", async ({
    page,
  }) => {
    test.skip(!isPhone(page), "the menu exists under 768 px");
    await visit(page, "/");
    await expect(page.getByRole("banner").getByRole("navigation")).toBeHidden();
    const trigger = page.getByRole("button", { name: "Open menu" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Features" })).toBeFocused();
    await expect(menu.getByRole("navigation").getByRole("link")).toHaveText([
      "Features",
      "Pricing",
      "FAQ",
      "About",
      "Blog",
      "Privacy",
    ]);
    await expect(menu.getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");
    // Focus stays in the open menu.
    for (let step = 0; step < 25; step++) await page.keyboard.press("Tab");
    expect(await menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute("aria-expanded", "false");
  });

  test("a link in the menu navigates and closes it @phone", async ({ page }) => {
    test.skip(!isPhone(page), "the menu exists under 768 px");
    await visit(page, "/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "about.title"));
  });

  test("wide screens show the links in the header instead", async ({ page }) => {
    await visit(page, "/");
    await expect(page.getByRole("button", { name: "Open menu" })).toBeHidden();
    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  });
});

test("German visitors see German navigation and a German blog link @phone", async ({ page, context, baseURL }) => {
  await useLanguage(context, baseURL, "de");
  await visit(page, "/");
  if (isPhone(page)) await page.getByRole("button", { name: text("de", "actions.openMenu", "common") }).click();
  const scope = isPhone(page) ? page.getByRole("dialog") : page.getByRole("banner");
  await expect(scope.getByRole("link", { name: "Blog" })).toHaveAttribute("href", "/de/blog");
  await expect(scope.getByRole("link", { name: text("de", "nav.features", "common") })).toBeVisible();
});
