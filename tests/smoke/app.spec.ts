// The budget tool behind sign-in: a newcomer's first run (sign-up, confirmation through the development outbox, the
// first income on an empty month) and every /app screen of the demo account, each with a control that needs JavaScript.
import { smokeEnvironment } from "./env";
import {
  demo,
  expect,
  expectNoProblems,
  markWindow,
  signUpThroughOutbox,
  signIn,
  test,
  visit,
  windowMarked,
} from "./support";

const { demoState } = await smokeEnvironment();

test.describe("a newcomer", () => {
  test("signs up, confirms through /dev/mail, adds the first income and opens the household switcher", async ({
    page,
  }) => {
    const email = `smoke-${Date.now().toString(36)}@samen.test`;
    const password = "calm money journey 42";
    await visit(page, "/signup");
    await signUpThroughOutbox(page, { name: "Smoke Test", email, password });
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();

    // An empty month: its "Add income" opens the quick-entry sheet (without JavaScript it would be a separate page).
    await markWindow(page);
    await page.getByTestId("empty-state").getByRole("link", { name: "Add income" }).click();
    const sheet = page.getByRole("dialog");
    await expect(sheet.getByRole("heading", { name: "New entry" })).toBeVisible();
    await sheet.getByLabel("Amount").fill("2,400.00");
    await sheet.getByLabel(/Description/).fill("Salary");
    await sheet.getByRole("button", { name: "Add income" }).click();
    await expect(sheet).toBeHidden();
    await expect(page.getByTestId("card-income").getByTestId("card-value")).toHaveText("€2,400.00");
    expect(await windowMarked(page), "the sheet and its save ran in the page").toBe(true);

    // `npm start` takes no payments: a newcomer has every feature and is sold nothing (`npm run dev` has the
    // billing test mode, where plans apply).
    const sidebar = page.getByRole("complementary");
    if (process.env.SMOKE_COMMAND === "npm start") {
      await expect(sidebar.getByRole("link", { name: "Accounts" })).toBeVisible();
      await expect(sidebar.getByRole("link", { name: /Upgrade|Go Premium/ })).toHaveCount(0);
      await visit(page, "/app/upgrade");
      await expect(page.getByTestId("every-feature")).toContainText("Every feature is included");
      await visit(page, "/app");
    }

    // The household switcher: a native disclosure whose script closes it on a click elsewhere.
    const switcher = sidebar.locator("details");
    await switcher.locator("summary").click();
    await expect(switcher.getByRole("button", { name: /My budget/ })).toBeVisible();
    await page.getByRole("heading", { name: "Dashboard", level: 1 }).click();
    await expect(switcher).toHaveJSProperty("open", false);
    expectNoProblems(page);
  });
});

test.describe("the demo account", () => {
  test("signs in on the auth screen", async ({ page }) => {
    await signIn(page, demo);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
    await expect(page.getByTestId("empty-state")).toHaveCount(0);
    expectNoProblems(page);
  });

  test.describe("signed in", () => {
    test.use({ storageState: demoState });

    const screens: Array<[path: string, heading: string | RegExp]> = [
      ["/app", "Dashboard"],
      ["/app/income", /Income/],
      ["/app/expenses", /Expenses/],
      ["/app/transactions/new", "New entry"],
      ["/app/budgets", "Budgets"],
      ["/app/recurring", "Recurring"],
      ["/app/rules", "Rules"],
      ["/app/goals", "Savings goals"],
      ["/app/reports", "Reports"],
      ["/app/settings", "Settings"],
      ["/app/settings/security", "Security"],
      ["/app/upgrade", "Plans and billing"],
      ["/app/exports", "Exports"],
      ["/app/settings/partners", "Partner sharing"],
      ["/app/settings/categories", "Your categories"],
      ["/app/settings/data", "Your data"],
      ["/app/accounts", "Accounts"],
      ["/app/import", "Import a bank statement"],
      ["/app/search?q=rent", "Search"],
      ["/app/payees", "Payees"],
      ["/app/invitations/smoke-no-such-invitation", "This invitation link doesn't work"],
    ];
    for (const [path, heading] of screens) {
      test(`${path} renders and hydrates`, async ({ page }) => {
        await visit(page, path);
        await expect(page.getByRole("heading", { name: heading, level: 1 })).toBeVisible();
      });
    }

    test("an entry opens for editing from the list, in place and on its own", async ({ page }) => {
      await visit(page, "/app/expenses");
      const edit = page.getByRole("link", { name: /^Edit entry: / }).first();
      const href = await edit.getAttribute("href");
      expect(href).toMatch(/^\/app\/transactions\/[0-9a-f-]{36}/);
      await markWindow(page);
      await edit.click();
      const sheet = page.getByRole("dialog");
      await expect(sheet.getByRole("heading", { name: "Edit entry" })).toBeVisible();
      expect(await windowMarked(page)).toBe(true);
      await page.keyboard.press("Escape");
      await expect(sheet).toBeHidden();

      await visit(page, href as string);
      await expect(page.getByRole("heading", { name: "Edit entry", level: 1 })).toBeVisible();
    });

    test("the quick-entry sheet adds an expense", async ({ page }) => {
      await visit(page, "/app/expenses");
      await page.getByRole("banner").getByRole("link", { name: "Add entry" }).click();
      const sheet = page.getByRole("dialog");
      await expect(sheet.getByRole("heading", { name: "New entry" })).toBeVisible();
      await sheet.getByText("Expense", { exact: true }).click();
      await sheet.getByLabel("Amount").fill("12.34");
      await sheet.getByText("Groceries", { exact: true }).click();
      await sheet.getByLabel(/Description/).fill("Smoke test shop");
      await sheet.getByRole("button", { name: "Add expense" }).click();
      await expect(sheet).toBeHidden();
      await expect(page.getByText("Smoke test shop").first()).toBeVisible();
    });

    test("a bank statement is read and previewed (nothing is saved before confirming)", async ({ page }) => {
      await visit(page, "/app/import");
      const csv = [
        '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"',
        '"20261102";"Café Noir";"NL91ABNA0417164300";"";"BA";"Af";"3,20";"Betaalautomaat";"Koffie"',
      ];
      await page
        .getByLabel("Drop the file here or choose it")
        .setInputFiles({ name: "ing.csv", mimeType: "text/csv", buffer: Buffer.from(csv.join("\r\n")) });
      await page.getByRole("button", { name: "Read the file" }).click();
      await expect(page.getByRole("heading", { name: "Check before saving" })).toBeVisible();
      await expect(page.getByText("Recognised as ING")).toBeVisible();
    });

    test("the bell opens the notifications", async ({ page }) => {
      await visit(page, "/app");
      await page.getByRole("button", { name: /^Notifications/ }).click();
      await expect(page.getByRole("menu").getByText("Notifications", { exact: true })).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(page.getByRole("menu")).toBeHidden();
    });

    test("on a phone the bottom bar navigates in place and the floating button opens quick entry", async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await visit(page, "/app");
      await markWindow(page);
      const tabs = page.getByRole("navigation", { name: "Screens" });
      await expect(tabs.getByRole("link")).toHaveText(["Dashboard", "Income", "Expenses", "Budgets", "More"]);
      await tabs.getByRole("link", { name: "More" }).click();
      await page
        .getByRole("navigation", { name: "More screens" })
        .getByRole("link", { name: /^Goals/ })
        .click();
      await expect(page.getByRole("heading", { name: "Savings goals", level: 1 })).toBeVisible();
      expect(await windowMarked(page)).toBe(true);
      await page.getByTestId("quick-add").click();
      await expect(page.getByRole("dialog").getByRole("heading", { name: "New entry" })).toBeVisible();
    });

    test("the downloads answer with their files", async ({ page }) => {
      for (const [path, type] of [
        ["/app/export/transactions.csv", "text/csv"],
        ["/app/export/report.pdf", "application/pdf"],
        ["/app/settings/data/export.json", "application/json"],
      ] as const) {
        const response = await page.request.get(path);
        expect(response.status(), path).toBe(200);
        expect(response.headers()["content-type"], path).toContain(type);
      }
    });
  });
});
