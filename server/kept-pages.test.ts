import { describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { session } from "~/db/schema/auth";
import type * as RequestStoreModule from "~/lib/request-store.server";
import type { RequestStore } from "~/lib/request-store.server";
import { builtInCategory } from "~/domain/categories";
import { todayIn } from "~/domain/periods";
import { demoEmail, demoPassword, findDemoHousehold, seedDemoBudget } from "~/features/entries/demo-seed.server";
import { addTransaction } from "~/features/entries/transactions.server";
import { updateHousehold } from "~/features/household/households.server";
import { useTestServer } from "./test-server";

/**
 * Signed-in pages kept per person (decision 0030), through the real server and the real routes: answered from memory
 * while nothing in the household changed, rendered again after any write, never shared between two cookies.
 */

vi.mock("virtual:react-router/server-build", async () => (await import("./test-page-build")).pageServerBuild());
const stores: RequestStore[] = [];
vi.mock("~/lib/request-store.server", async (importOriginal) => {
  const original = await importOriginal<typeof RequestStoreModule>();
  return {
    ...original,
    runWithRequestStore<T>(store: RequestStore, work: () => T): T {
      if (store.requestId) stores.push(store);
      return original.runWithRequestStore(store, work);
    },
  };
});

const server = useTestServer();

async function signIn(): Promise<string> {
  const signedIn = await fetch(server.url("/api/auth/sign-in/email"), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: demoEmail, password: demoPassword }),
  });
  expect(signedIn.status).toBe(200);
  return [...signedIn.headers.getSetCookie().map((cookie) => cookie.split(";")[0]), "samen_tz=Europe/Amsterdam"].join(
    "; ",
  );
}

async function read(path: string, cookie: string) {
  stores.length = 0;
  const response = await fetch(server.url(path), { headers: { cookie } });
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return {
    status: response.status,
    state: response.headers.get("x-page-cache"),
    cacheControl: response.headers.get("cache-control"),
    encoding: response.headers.get("content-encoding"),
    // The first store is the request's own (a kept page's render runs in a copy of it).
    queries: stores[0]?.queries ?? 0,
    page: nonce ? body.replaceAll(nonce, "NONCE") : body,
  };
}

describe("signed-in pages kept per person", () => {
  it("answers a page again from memory, with one statement, until the household changes", async () => {
    await seedDemoBudget({ today: "2026-11-20" });
    const cookie = await signIn();
    const first = await read("/app", cookie);
    expect(first).toMatchObject({ status: 200, state: "miss", cacheControl: "private, no-store" });
    const again = await read("/app", cookie);
    // Kept compressed (gzip: page-template.ts says why not brotli): a kept answer compresses nothing.
    expect(again).toMatchObject({ status: 200, state: "hit", cacheControl: "private, no-store", encoding: "gzip" });
    // The session Better Auth found live a moment ago is checked in the statement that reads the revisions.
    expect(again.queries).toBe(1);
    expect(again.page).toBe(first.page);

    // A write by anyone, through any path, moves the household's revision: the next answer is rendered again.
    const demo = await findDemoHousehold();
    if (!demo) throw new Error("no demo household");
    const added = await addTransaction({
      ...demo,
      fields: {
        kind: "expense",
        amountMinor: 4321,
        occurredOn: todayIn("Europe/Amsterdam"),
        categoryId: builtInCategory("groceries").id,
        description: "Kept-page marker",
      },
    });
    expect(added.ok).toBe(true);
    const afterWrite = await read("/app", cookie);
    expect(afterWrite.state).toBe("miss");
    expect(afterWrite.page).toContain("Kept-page marker");
    expect((await read("/app", cookie)).state).toBe("hit");

    await updateHousehold({ ...demo, name: "Lotte & Daan at home" });
    const renamed = await read("/app/expenses", cookie);
    expect(renamed.page).toContain("Lotte &amp; Daan at home");
    expect((await read("/app/expenses", cookie)).state).toBe("hit");
  });

  it("never answers a kept page once the session is signed out or revoked", async () => {
    await seedDemoBudget({ today: "2026-11-20" });
    const cookie = await signIn();
    await read("/app", cookie);
    expect((await read("/app", cookie)).state).toBe("hit");
    // Revoked elsewhere (another device's "sign out everywhere", an administrator): the row is gone.
    await db().delete(session);
    const revoked = await fetch(server.url("/app"), { headers: { cookie }, redirect: "manual" });
    expect(revoked.status).toBe(302);
    expect(revoked.headers.get("location")).toMatch(/^\/auth/);
    expect(revoked.headers.get("x-page-cache")).toBeNull();
  });

  it("keeps a client-side navigation's data too, and each cookie's page apart", async () => {
    await seedDemoBudget({ today: "2026-11-20" });
    const cookie = await signIn();
    expect((await read("/app/budgets.data", cookie)).state).toBe("miss");
    const data = await read("/app/budgets.data", cookie);
    expect(data.state).toBe("hit");
    expect(data.page).toContain("budgets");

    // Another time zone is another page (another today); a flash message is shown once, never kept.
    expect((await read("/app", `${cookie}; samen_tz=Pacific/Kiritimati`)).state).not.toBe("hit");
    expect((await read("/app", `${cookie}; samen_flash=saved`)).state).toBeNull();
    // Not a page of the household's rows: rendered as before.
    expect((await read("/app/settings/security", cookie)).state).toBeNull();
    // Signed out: the sign-in redirect, never a kept page.
    const signedOut = await fetch(server.url("/app"), { redirect: "manual" });
    expect(signedOut.status).toBe(302);
    expect(signedOut.headers.get("x-page-cache")).toBeNull();
  });
});
