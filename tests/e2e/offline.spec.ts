import { expect, request, test, type BrowserContext, type Page, type Route } from "@playwright/test";
import { createVerifiedUser, lookAt, signInOverApi, type TestAccount } from "./fixtures";

/**
 * Issue 25: an expense typed with no connection is kept on the device and saved exactly once when the connection is
 * back. "Offline" is the context's offline mode plus every request aborted, since offline mode does not cover a service
 * worker's own fetches.
 */

const month = new Date().toISOString().slice(0, 7);

// Each test signs up its own people and waits on a service worker: slower than most when the suite runs in parallel.
test.describe.configure({ timeout: 120_000 });
// The suite blocks service workers (playwright.config.ts); these tests are about one.
test.use({ serviceWorkers: "allow" });

const disconnected = (route: Route) => route.abort("internetdisconnected");

async function goOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.route("**/*", disconnected);
}

/** Back online: the page hears the online event (and sends) at once, so routes for the sends come before. */
async function goOnline(context: BrowserContext): Promise<void> {
  await context.unroute("**/*", disconnected);
  await context.setOffline(false);
}

/** Waits until the service worker controls the page and has kept the dashboard and the add form for this person. */
async function workerReady(page: Page): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          if (!navigator.serviceWorker.controller) return "not controlled";
          const name = (await caches.keys()).find((key) => key.startsWith("samen-pages-"));
          if (!name) return "no pages kept";
          const cache = await caches.open(name);
          const kept = await Promise.all(["/app", "/app/transactions/new?kind=expense"].map((url) => cache.match(url)));
          return kept.every(Boolean) ? "ready" : "warming";
        }),
      { timeout: 20_000 },
    )
    .toBe("ready");
}

/** The outbox's entries, read from IndexedDB as the page sees it. */
function outbox(page: Page): Promise<{ description: string; userId: string }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open("samen-outbox");
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains("entries")) return resolve([]);
          const all = db.transaction("entries").objectStore("entries").getAll();
          all.onsuccess = () => resolve(all.result as { description: string; userId: string }[]);
        };
      }),
  );
}

/** How many saved entries of this month have this title, as the server lists them. */
async function savedCount(page: Page, title: string): Promise<number> {
  const html = await (await page.request.get(`/app/expenses?month=${month}`)).text();
  return html.split(`>${title}<`).length - 1;
}

/** The pages caches of the worker, as the page sees them (none once the kept pages are forgotten). */
function keptPagesCaches(page: Page): Promise<string[]> {
  return page.evaluate(async () => (await caches.keys()).filter((key) => key.startsWith("samen-pages-")));
}

/** Opens an address offline: the worker's offline page comes, and nothing of the person whose pages were kept. */
async function expectOfflinePageOnly(page: Page, address: string, account: TestAccount): Promise<void> {
  const response = await page.goto(address);
  const html = (await response?.text()) ?? "";
  expect(html.includes(account.email), `${address}: the worker's answer names the person`).toBe(false);
  expect(html.includes(account.name), `${address}: the worker's answer names the person`).toBe(false);
  await expect(page.getByRole("heading", { name: "You’re offline" })).toBeVisible();
  expect(response?.status()).toBe(503);
}

/** Signs the person in on another device and ends every session of theirs there (a lost phone, say). */
async function endSessionsElsewhere(baseURL: string | undefined, account: TestAccount): Promise<void> {
  const elsewhere = await request.newContext({ baseURL });
  await signInOverApi(elsewhere, account);
  const revoked = await elsewhere.post("/api/auth/revoke-sessions", {
    data: {},
    headers: baseURL ? { origin: baseURL } : {},
  });
  expect(revoked.status(), await revoked.text()).toBe(200);
  await elsewhere.dispose();
}

/** Keeps the dashboard, the add form and this month's list for the person, as a visit online does. */
async function keepPagesOf(page: Page): Promise<void> {
  await page.goto("/app");
  await workerReady(page);
  await page.goto(`/app/expenses?month=${month}`);
  await expect
    .poll(() =>
      page.evaluate(async (list) => {
        const name = (await caches.keys()).find((key) => key.startsWith("samen-pages-"));
        return name ? Boolean(await (await caches.open(name)).match(list)) : false;
      }, `/app/expenses?month=${month}`),
    )
    .toBe(true);
}

/**
 * Milliseconds from the start of the page's navigation to the moment its scripts run (the offline banner only shows
 * once React has hydrated the page, so the form then keeps what is typed offline), watched on every frame.
 */
async function usableAfter(page: Page): Promise<number> {
  await page.waitForFunction(() => document.querySelector('[data-testid="offline-banner"]'), null, { polling: "raf" });
  const at = Math.round(await page.evaluate(() => performance.now()));
  const timing = await page.evaluate(() => {
    const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
    return navigation
      ? `worker ${Math.round(navigation.workerStart)}, response ${Math.round(navigation.responseEnd)}, DOM ready ${Math.round(navigation.domContentLoadedEventEnd)}`
      : "";
  });
  console.log(`  (${timing})`);
  return at;
}

async function addOffline(page: Page, amount: string, description: string): Promise<void> {
  await page.getByLabel("Amount").fill(amount);
  await page.getByLabel(/Description/).fill(description);
  await page.getByRole("button", { name: "Add expense" }).click();
  await expect(page.getByText("Saved on this device")).toBeVisible();
}

test("@phone an expense added offline stays through a reload and is saved once back online", async ({
  page,
  context,
}) => {
  await createVerifiedUser(context.request, { name: "Train Rider" });
  await page.goto("/app");
  await workerReady(page);
  // The month's list is visited once online, so the worker keeps it as well.
  await page.goto(`/app/expenses?month=${month}`);

  await goOffline(context);
  // The installed app's "Add expense" shortcut, opened with no network: a kept page, scripts from the precache.
  await page.goto("/app/transactions/new?kind=expense");
  console.log(`offline: the add form was usable ${await usableAfter(page)} ms after opening it`);
  await page.goto("/app");
  console.log(`offline: the dashboard was usable ${await usableAfter(page)} ms after opening /app`);

  await page.goto("/app/transactions/new?kind=expense");
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await addOffline(page, "4.20", "Coffee on the train");
  await expect(page.getByTestId("pending-entry")).toContainText("Coffee on the train");
  await expect(page.getByTestId("pending-entry")).toContainText("Pending");
  await lookAt(page, "offline-add-pending");

  await page.reload();
  await expect(page.getByTestId("offline-banner")).toBeVisible();
  await expect(page.getByTestId("pending-entry")).toContainText("Coffee on the train");

  // The dashboard, kept when the app was first opened: the month's spending counts the entry, marked.
  await page.goto("/app");
  await expect(page.getByTestId("pending-entry")).toContainText("Coffee on the train");
  await expect(page.getByTestId("summary-pending")).toHaveText("* Includes €4.20 waiting to be sent");
  await expect(page.getByTestId("card-expenses").getByTestId("card-value")).toHaveText("€4.20*");
  await lookAt(page, "offline-dashboard-pending");

  // The month's list, kept from before: the entry is there, marked, and in the total with a mark.
  await page.goto(`/app/expenses?month=${month}`);
  await expect(page.getByTestId("pending-entry")).toContainText("Coffee on the train");
  await expect(page.getByTestId("list-total")).toHaveText("€4.20*");
  await expect(page.getByTestId("list-total-pending")).toContainText("Includes €4.20 waiting to be sent");
  await lookAt(page, "offline-list-pending");

  // Sent by the page (it hears the online event) or by the service worker's Background Sync, whichever comes first.
  await goOnline(context);
  await expect(page.getByTestId("pending-entry")).toHaveCount(0);
  await expect(page.getByTestId("list-total")).toHaveText("€4.20");
  expect(await savedCount(page, "Coffee on the train")).toBe(1);
  expect(await outbox(page)).toEqual([]);
});

test("a send whose answer is lost is tried again and saved once", async ({ page, context }) => {
  await createVerifiedUser(context.request, { name: "Lossy Line" });
  await page.goto("/app/transactions/new?kind=expense");
  await workerReady(page);
  await goOffline(context);
  await addOffline(page, "12.00", "Market flowers");

  // The server saves the first send, but its answer never arrives (a 502 from a proxy in between).
  let sends = 0;
  await context.route("**/app/outbox", async (route) => {
    sends += 1;
    if (sends === 1) {
      await route.fetch();
      await route.fulfill({ status: 502, body: "Bad gateway" });
    } else await route.continue();
  });
  await goOnline(context);
  await expect.poll(() => sends).toBeGreaterThanOrEqual(1);

  // The next chance (another tab, the service worker's sync, the window coming into focus) sends it again: the server
  // knows its id and adds nothing.
  await expect(async () => {
    await page.evaluate(() => window.dispatchEvent(new Event("focus")));
    await expect(page.getByTestId("pending-entry")).toHaveCount(0, { timeout: 1000 });
  }).toPass();
  expect(sends).toBeGreaterThanOrEqual(2);
  expect(await savedCount(page, "Market flowers")).toBe(1);
});

test("two tabs show the same pending entry and save it once", async ({ context }) => {
  await createVerifiedUser(context.request, { name: "Two Tabs" });
  const first = await context.newPage();
  await first.goto("/app/transactions/new?kind=expense");
  await workerReady(first);
  const second = await context.newPage();
  await second.goto(`/app/expenses?month=${month}`);

  await goOffline(context);
  await addOffline(first, "7.50", "Bakery run");
  await expect(second.getByTestId("pending-entry")).toContainText("Bakery run");

  // Both tabs hear the connection come back and both try to send.
  await goOnline(context);
  await expect(first.getByTestId("pending-entry")).toHaveCount(0);
  await expect(second.getByTestId("pending-entry")).toHaveCount(0);
  expect(await savedCount(first, "Bakery run")).toBe(1);
});

test("a refused entry stays on the device with the server's reason", async ({ page, context }) => {
  await createVerifiedUser(context.request, { name: "Refused Entry" });
  await page.goto("/app/transactions/new?kind=expense");
  await workerReady(page);
  await goOffline(context);
  await addOffline(page, "3.10", "Kiosk");
  // Meanwhile the household became read-only for this person: the server refuses, the entry says why.
  await context.route("**/app/outbox", (route) =>
    route.fulfill({
      status: 403,
      contentType: "application/json",
      body: JSON.stringify({ status: "refused", fieldErrors: { form: "errors.readOnly" } }),
    }),
  );
  await goOnline(context);
  await expect(page.getByTestId("pending-refusal")).toContainText("Not saved:");
  expect((await outbox(page)).map((entry) => entry.description)).toEqual(["Kiosk"]);
  await page.getByRole("button", { name: "Remove Kiosk from this device" }).click();
  await expect(page.getByTestId("pending-entry")).toHaveCount(0);
});

test("sign-out asks before dropping pending entries; another person never sees or sends them", async ({
  page,
  context,
}) => {
  const owner: TestAccount = await createVerifiedUser(context.request, { name: "Shared Phone" });
  await page.goto("/app/transactions/new?kind=expense");
  await workerReady(page);
  await goOffline(context);
  await addOffline(page, "2.40", "Bus ticket");
  // The session expires before the connection is back: the entry stays, and the app asks to sign in again.
  await context.clearCookies();
  await goOnline(context);
  await expect(
    page.getByText("Your session has ended. Sign in again to send the entries kept on this device."),
  ).toBeVisible();
  expect((await outbox(page)).map((entry) => entry.description)).toEqual(["Bus ticket"]);
  // The server's "signed out" ends the pages kept for this person too (issue 44); the outbox stays.
  await expect.poll(() => keptPagesCaches(page)).toEqual([]);

  // Another person signs in on this device: nothing of the first person's shows, and nothing is sent for them.
  const other = await createVerifiedUser(context.request, { name: "Other Person" });
  const sent: string[] = [];
  await context.route("**/app/outbox", async (route) => {
    sent.push(route.request().postData() ?? "");
    await route.continue();
  });
  await page.goto("/app/transactions/new?kind=expense");
  await expect(page.getByLabel("Amount")).toBeVisible();
  await expect(page.getByTestId("pending-entries")).toHaveCount(0);
  await page.evaluate(() => window.dispatchEvent(new Event("online")));
  await page.waitForTimeout(500);
  expect(sent).toEqual([]);
  expect((await outbox(page)).map((entry) => entry.description)).toEqual(["Bus ticket"]);
  expect(other.email).not.toBe(owner.email);

  // The first person is back: their entry is sent once.
  await context.clearCookies();
  await signInOverApi(context.request, owner);
  await page.goto("/app/transactions/new?kind=expense");
  await expect.poll(() => sent.length).toBe(1);
  await expect(page.getByTestId("pending-entries")).toHaveCount(0);
  expect(await savedCount(page, "Bus ticket")).toBe(1);

  // With an entry pending, signing out asks first; staying keeps it, confirming drops it.
  await context.unroute("**/app/outbox");
  await goOffline(context);
  await addOffline(page, "1.80", "Newspaper");
  // The server cannot be reached for sends, so the entry stays pending.
  await context.route("**/app/outbox", (route) => route.abort("connectionrefused"));
  await goOnline(context);
  await page.goto("/app/more");
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page.getByRole("dialog", { name: "Entries not sent yet" })).toBeVisible();
  await lookAt(page, "offline-sign-out-asks");
  await page.getByRole("button", { name: "Stay signed in" }).click();
  expect((await outbox(page)).map((entry) => entry.description)).toEqual(["Newspaper"]);
  await page.getByRole("button", { name: "Sign out" }).first().click();
  await page.getByRole("button", { name: "Remove them and sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await outbox(page)).toEqual([]);
  expect(await keptPagesCaches(page)).toEqual([]);
});

test("a session ended elsewhere, cookies cleared, the app opened: offline shows the offline page, never kept pages", async ({
  page,
  context,
  baseURL,
}) => {
  const person = await createVerifiedUser(context.request, { name: "Lost Phone Owner" });
  await keepPagesOf(page);

  // The person ends their sessions from another device; this browser's cookies are cleared too.
  await endSessionsElsewhere(baseURL, person);
  await context.clearCookies();
  // The app opened again, online: the server sends the navigation to sign in (the worker sees an opaque redirect).
  await page.goto("/app");
  await expect(page).toHaveURL(/\/auth(?:\?|$)/);

  await goOffline(context);
  for (const address of ["/app", `/app/expenses?month=${month}`, "/app/transactions/new?kind=expense"])
    await expectOfflinePageOnly(page, address, person);
  expect(await keptPagesCaches(page)).toEqual([]);
});

test("a session ended elsewhere while a page is open: a link goes to sign-in, and offline nothing kept shows", async ({
  page,
  context,
  baseURL,
}) => {
  const person = await createVerifiedUser(context.request, { name: "Open Tab Owner" });
  await keepPagesOf(page);

  // The session ends on another device while this page stays open; a link inside the app is followed as a script
  // navigation (React Router asks for the next page's data and is sent on to sign in), not as a page load.
  await endSessionsElsewhere(baseURL, person);
  await page.evaluate(() => Object.assign(window, { samenSamePage: true }));
  await page.getByRole("link", { name: "Income" }).first().click();
  await expect(page).toHaveURL(/\/auth(?:\?|$)/);
  expect(await page.evaluate(() => "samenSamePage" in window), "the sign-in screen came without a page load").toBe(
    true,
  );
  await expect.poll(() => keptPagesCaches(page)).toEqual([]);

  await goOffline(context);
  await expectOfflinePageOnly(page, "/app", person);
});

/** The signed-in marker the worker reads offline (app/lib/cookies.ts, `cookies.signedIn`). */
async function signedInMarker(context: BrowserContext) {
  return (await context.cookies()).find((cookie) => cookie.name === "samen_signed_in");
}

for (const ended of [true, false]) {
  test(`${ended ? "a session ended elsewhere" : "a live session"}, cookies cleared, straight offline: the offline page, never kept pages`, async ({
    page,
    context,
    baseURL,
  }) => {
    const person = await createVerifiedUser(context.request, { name: ended ? "Shared Laptop Owner" : "Cleared Owner" });
    await keepPagesOf(page);
    expect(await signedInMarker(context), "the signed-in marker: no identity, readable by the worker").toMatchObject({
      value: "1",
      httpOnly: false,
      sameSite: "Lax",
      path: "/",
    });

    // Cookies cleared and the network gone before the app asks the server anything: no answer can say the session
    // ended, only the missing marker does.
    if (ended) await endSessionsElsewhere(baseURL, person);
    await context.clearCookies();
    await goOffline(context);
    for (const address of ["/app", `/app/expenses?month=${month}`, "/app/transactions/new?kind=expense"])
      await expectOfflinePageOnly(page, address, person);
    expect(await keptPagesCaches(page)).toEqual([]);
  });
}

test("signed in, cookies kept, offline: the kept dashboard and list still open", async ({ page, context }) => {
  await createVerifiedUser(context.request, { name: "Still Signed In" });
  await keepPagesOf(page);
  expect(await signedInMarker(context)).toBeDefined();

  await goOffline(context);
  const dashboard = await page.goto("/app");
  expect(dashboard?.status()).toBe(200);
  await expect(page.getByTestId("card-expenses")).toBeVisible();
  await expect(page.getByRole("heading", { name: "You’re offline" })).toHaveCount(0);
  const list = await page.goto(`/app/expenses?month=${month}`);
  expect(list?.status()).toBe(200);
  await expect(page.getByTestId("list-total")).toBeVisible();
  expect(await keptPagesCaches(page)).toHaveLength(1);
});
