import { describe, expect, it, vi } from "vitest";
import type * as RequestStoreModule from "~/lib/request-store.server";
import type { RequestStore } from "~/lib/request-store.server";
import { demoEmail, demoPassword, seedDemoBudget } from "~/features/entries/demo-seed.server";
import { useTestServer } from "../../../server/test-server";

/**
 * What a signed-in page sends to the database, counted by the database client for each request (the request log's
 * `queries`), on the demo household's year of entries, accounts, goals, budgets and bills. A page that starts to send
 * more — a loader asking again for what another already read, a query per row — fails here before anyone measures it.
 */

vi.mock("virtual:react-router/server-build", async () =>
  (await import("../../../server/test-page-build")).pageServerBuild(),
);
const stores: RequestStore[] = [];
vi.mock("~/lib/request-store.server", async (importOriginal) => {
  const original = await importOriginal<typeof RequestStoreModule>();
  return {
    ...original,
    runWithRequestStore<T>(store: RequestStore, work: () => T): T {
      stores.push(store);
      return original.runWithRequestStore(store, work);
    },
  };
});

// What a render sends: the kept pages (server/kept-pages.ts, whose answers send one) would answer the second request.
const server = useTestServer({ keptPages: null });

/**
 * Today's counts: 30 on the dashboard before a reading request read a membership once, its accounts once and the unread
 * count with the list, and before a series came with its recorded dates and the membership with its members; 15 before
 * the reads a request starts together went as one statement (read-batch.server.ts): the session, the memberships, the
 * layout's three reads, the page's eleven.
 */
const budget: Record<string, number> = {
  "/app": 4,
  "/app.data": 4,
  "/app/expenses": 3,
  "/app/transactions/new?kind=expense": 3,
};

describe("the database statements of a signed-in page", () => {
  it.each(Object.entries(budget))("%s sends at most %i", async (path, most) => {
    await seedDemoBudget({ today: "2026-11-20" });
    const signIn = await fetch(server.url("/api/auth/sign-in/email"), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: demoEmail, password: demoPassword }),
    });
    expect(signIn.status).toBe(200);
    const session = signIn.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
    // The session is looked up for real (two statements, Better Auth's), as on every signed-in page.
    const headers = { cookie: [...session, "tz=Europe/Amsterdam"].join("; ") };
    await fetch(server.url(path), { headers });
    stores.length = 0;
    const response = await fetch(server.url(path), { headers });
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const sent = stores.map((store) => store.queries ?? 0);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeLessThanOrEqual(most);
  });
});
