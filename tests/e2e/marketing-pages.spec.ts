import { expect, test } from "@playwright/test";
import {
  filledText,
  freeLimits,
  isPhone,
  marketingPages,
  plainSpaces,
  text,
  useLanguage,
  visit,
} from "./marketing-support";

for (const language of ["en", "de"] as const) {
  test.describe(`public pages in ${language}`, () => {
    test.beforeEach(async ({ context, baseURL }) => {
      await useLanguage(context, baseURL, language);
    });

    test(`home shows every section in the spec's order @phone`, async ({ page }) => {
      const response = await visit(page, "/");
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "tagline", "common"));
      const sectionTitles = [
        text(language, "home.problem.title"),
        text(language, "home.features.title"),
        text(language, "home.screenshots.title"),
        text(language, "home.audience.title"),
        text(language, "pricing.title"),
        text(language, "home.testimonials.title"),
        text(language, "home.closing.title"),
      ];
      await expect(page.locator("main h2:not(.sr-only)")).toHaveText(sectionTitles);
      // Target groups, and three five-star testimonials with a name and a location.
      for (const group of ["couples", "families", "expats", "students"]) {
        await expect(
          page.getByRole("heading", { name: text(language, `home.audience.items.${group}.title`), exact: true }),
        ).toBeVisible();
      }
      const stars = page.getByRole("img", {
        name: text(language, "home.testimonials.rating").replace("{{count}}", "5"),
      });
      await expect(stars).toHaveCount(3);
      for (const person of ["couple", "expat", "student"]) {
        await expect(page.getByText(text(language, `home.testimonials.items.${person}.location`))).toBeVisible();
      }
      // The hero's "see pricing" jumps to the pricing section on the same page.
      const seePricing = page.getByRole("link", { name: text(language, "shared.seePricing") });
      await expect(seePricing).toHaveAttribute("href", "#pricing");
      await seePricing.click();
      await expect(page).toHaveURL(/#pricing$/);
      await expect(page.locator("#pricing")).toBeInViewport();
      // The closing call to action leads to sign-up and to /pricing.
      const closing = page.locator("section", {
        has: page.getByRole("heading", { name: text(language, "home.closing.title") }),
      });
      await expect(closing.getByRole("link", { name: text(language, "shared.startFree") })).toHaveAttribute(
        "href",
        "/signup",
      );
      await expect(closing.getByRole("link", { name: text(language, "home.closing.secondary") })).toHaveAttribute(
        "href",
        "/pricing",
      );
    });

    test("screenshots are real pictures with size, lazy loading and alt text @phone", async ({ page }) => {
      await visit(page, "/");
      const images = page.locator('section[aria-labelledby="screenshots-title"] img');
      await expect(images).toHaveCount(3);
      for (const image of await images.all()) {
        await expect(image).toHaveAttribute("loading", "lazy");
        await expect(image).toHaveAttribute("width", "1600");
        await expect(image).toHaveAttribute("height", "1000");
        expect(await image.getAttribute("alt")).toBeTruthy();
        await image.scrollIntoViewIfNeeded();
        await expect
          .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
      }
    });

    test("features shows the spec's five cards with budgets, bills, statement import and the two people of a couple @phone", async ({
      page,
    }) => {
      await visit(page, "/features");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "features.title"));
      const cards = [
        "simple",
        "secure",
        "overview",
        "budgets",
        "bills",
        "import",
        "goals",
        "everywhere",
        "together",
        "fairShare",
      ].map((key) => text(language, `features.items.${key}.title`));
      await expect(page.locator("[data-feature] h2")).toHaveText(cards);
    });

    test("pricing shows two monthly plans with the locale's decimal separator @phone", async ({ page }) => {
      await visit(page, "/pricing");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "pricing.title"));
      await expect(page.locator("main").getByRole("heading", { level: 2 })).toHaveText([
        text(language, "pricing.free.name"),
        text(language, "pricing.premium.name"),
        text(language, "pricing.compare.title"),
      ]);
      const premium = page.locator('[data-plan="premium"]');
      await expect(page.getByTestId("price-premium")).toHaveText(language === "de" ? "4,99 €" : "€4.99");
      await expect(premium.getByText(text(language, "shared.mostPopular"))).toBeVisible();
      await expect(premium.locator("ul li")).toHaveCount(7);
      await expect(page.locator('[data-plan="free"] ul li')).toHaveCount(6);
      // The free plan's rule limit comes from the plan itself, on the card and in the comparison.
      await expect(
        page.locator('[data-plan="free"]').getByText(filledText(language, "pricing.free.features.rules", freeLimits)),
      ).toBeVisible();
      const comparison = page.getByTestId("plan-comparison");
      await expect(comparison.locator('[data-row="rules"] td')).toHaveText([
        filledText(language, "pricing.compare.cells.rulesFree", freeLimits),
        text(language, "pricing.compare.cells.rulesPremium"),
      ]);
      // Budgets, bills and statement import are ticked on both plans; custom categories on Premium only.
      const included = text(language, "pricing.compare.included");
      for (const row of ["budgets", "recurring", "statementImport"]) {
        await expect(
          comparison.locator(`[data-row="${row}"]`).getByRole("img", { name: included, exact: true }),
        ).toHaveCount(2);
      }
      await expect(
        comparison.locator('[data-row="customCategories"] td').first().getByRole("img"),
      ).toHaveAccessibleName(text(language, "pricing.compare.notIncluded"));
      await expect(page.getByText(text(language, "shared.perMonth"))).toHaveCount(2);
      for (const plan of ["free", "premium"]) {
        await expect(
          page.locator(`[data-plan="${plan}"]`).getByRole("link", { name: text(language, `pricing.${plan}.cta`) }),
        ).toHaveAttribute("href", "/signup");
      }
    });

    test("about tells the story in three paragraphs with three values @phone", async ({ page }) => {
      await visit(page, "/about");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "about.title"));
      for (const paragraph of ["origin", "insight", "mission"])
        await expect(page.getByText(text(language, `about.story.${paragraph}`))).toBeVisible();
      await expect(page.getByRole("heading", { level: 2, name: text(language, "about.valuesTitle") })).toBeVisible();
      await expect(page.locator("main").getByRole("heading", { level: 3 })).toHaveText(
        ["calm", "privacy", "together"].map((key) => text(language, `about.values.${key}.title`)),
      );
      await expect(page.getByRole("link", { name: text(language, "about.cta.button") })).toHaveAttribute(
        "href",
        "/signup",
      );
    });

    test("FAQ lists the questions and ends with a button to sign-up @phone", async ({ page }) => {
      await visit(page, "/faq");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text(language, "faq.title"));
      await expect(page.locator("main summary")).toHaveCount(12);
      await expect(page.locator("main summary").first()).toHaveText(text(language, "faq.items.free.question"));
      await expect(
        page.locator("main").getByRole("link", { name: text(language, "shared.startFree") }),
      ).toHaveAttribute("href", "/signup");
    });

    test("every public page sets title, description, canonical, robots and Open Graph tags @phone", async ({
      page,
      baseURL,
    }) => {
      const seoKey: Record<string, string> = {
        "/": "home",
        "/features": "features",
        "/pricing": "pricing",
        "/about": "about",
        "/faq": "faq",
        "/dashboard": "dashboard",
      };
      for (const path of marketingPages) {
        await visit(page, path);
        const key = seoKey[path];
        await expect(page).toHaveTitle(text(language, `seo.${key}.title`));
        await expect(page.locator('meta[name="description"]')).toHaveAttribute(
          "content",
          text(language, `seo.${key}.description`),
        );
        await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
          "href",
          `${baseURL}${path === "/" ? "/" : path}`,
        );
        await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "index, follow");
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute(
          "content",
          text(language, `seo.${key}.title`),
        );
        await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", `${baseURL}${path}`);
        await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
          "content",
          `${baseURL}/images/og-image.png`,
        );
        await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute(
          "content",
          language === "de" ? "de_DE" : "en_US",
        );
        await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      }
    });
  });
}

test.describe("dashboard demo", () => {
  test("shows the sample month in euro, formatted in the page language @phone", async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL, "de");
    await visit(page, "/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Dashboard");
    await expect(page.getByText(text("de", "dashboard.subtitle"))).toBeVisible();
    const income = page.locator('[data-card="totalIncome"]');
    await expect(income.getByRole("heading", { name: text("de", "dashboard.cards.totalIncome") })).toBeVisible();
    expect(plainSpaces(await income.innerText())).toContain("4.250,00 €");
    expect(plainSpaces(await income.innerText())).toContain("+8,2 %");
    expect(plainSpaces(await page.locator('[data-card="netAmount"]').innerText())).toContain("1.269,60 €");
    expect(plainSpaces(await page.locator('[data-card="savingsRate"]').innerText())).toContain("29,9 %");
    await expect(page.locator("[data-card]")).toHaveCount(4);
    await expect(page.getByRole("progressbar", { name: text("de", "dashboard.goals.name") })).toHaveAttribute(
      "aria-valuenow",
      "64",
    );
    expect(plainSpaces(await page.locator("main").innerText())).toContain("3.200,00 € von 5.000,00 €");
    await expect(page.getByRole("link", { name: text("de", "dashboard.invitePartner") })).toBeVisible();
    await expect(page.getByRole("button", { name: text("de", "dashboard.notifications") })).toBeVisible();
  });

  test("the period select only changes the label", async ({ page }) => {
    await visit(page, "/dashboard");
    const label = page.getByTestId("period-label");
    await expect(label).toHaveText("Showing monthly totals");
    const before = await page.locator('[data-card="totalIncome"]').innerText();
    const select = page.getByRole("combobox", { name: "Period" });
    await expect(select.getByRole("option")).toHaveText(["Monthly", "Weekly", "Yearly"]);
    await select.selectOption({ label: "Weekly" });
    await expect(label).toHaveText("Showing weekly totals");
    // Keyboard: focus the select and move down one option.
    await select.focus();
    await page.keyboard.press("ArrowDown");
    await expect(label).toHaveText("Showing yearly totals");
    expect(await page.locator('[data-card="totalIncome"]').innerText()).toBe(before);
  });

  test("small screens get the seven-tab bottom bar @phone", async ({ page }) => {
    await visit(page, "/dashboard");
    const bar = page.getByRole("navigation", { name: "App sections" });
    if (!isPhone(page)) {
      await expect(bar).toBeHidden();
      return;
    }
    await expect(bar).toBeVisible();
    await expect(bar.getByRole("link")).toHaveText([
      "Dashboard",
      "Income",
      "Expenses",
      "Goals",
      "Reports",
      "Settings",
      "Upgrade",
    ]);
    await expect(bar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    // Every tab fits: no horizontal scrolling at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test.describe("not found", () => {
  test("an unknown path shows the 404 page with a way home @phone", async ({ page }) => {
    const response = await visit(page, "/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByRole("link", { name: "Back to home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("en", "tagline", "common"));
  });

  test("the 404 page speaks the visitor's language", async ({ page, context, baseURL }) => {
    await useLanguage(context, baseURL, "de");
    const response = await visit(page, "/nicht-da");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text("de", "notFound.title", "common"));
    await expect(page.getByRole("link", { name: text("de", "notFound.returnHome", "common") })).toBeVisible();
  });
});

test.describe("robots.txt and sitemap.xml", () => {
  test("robots.txt allows the site and names the sitemap", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("text/plain");
    const body = await response.text();
    expect(body).toContain("User-agent: *");
    expect(body).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  });

  test("sitemap.xml lists every public page", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/xml");
    const body = await response.text();
    for (const path of [...marketingPages, "/privacy", "/terms"])
      expect(body).toContain(`<loc>${baseURL}${path}</loc>`);
  });
});
