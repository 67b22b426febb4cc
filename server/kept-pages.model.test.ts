/**
 * Model test of the kept signed-in pages (decision 0030): random sequences of what an owner, an editing partner and a
 * viewing partner do (member-sequences.test-helpers.server.ts: entries, privacy, rules, undo, bulk edits, series,
 * leaving, removal, joining again, account deletion), and after every step each member's pages are read twice — from
 * the server that keeps pages, and from one that renders every time, over the same database. The two must be the
 * same page: no kept page outlives a change. Before each step the kept server must answer from memory, so the check
 * is never vacuous.
 *
 * `KEPT_PAGES_MODEL_RUNS` (default 4) sets the number of sequences; each reads some 150 pages (about 10 s).
 */
import { inArray } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { db } from "~/db/client.server";
import { user } from "~/db/schema/auth";
import { getAuth } from "~/features/auth/auth.server";
import { cookies } from "~/lib/cookies";
import {
  action,
  newWorld,
  password,
  people,
  step,
  type Who,
  type World,
} from "~/features/household/member-sequences.test-helpers.server";
import { createApp } from "./app";
import { listenOnFreePort } from "./listen-for-tests";
import { useTestServer } from "./test-server";

vi.mock("virtual:react-router/server-build", async () => (await import("./test-page-build")).pageServerBuild());

const runs = Number(process.env.KEPT_PAGES_MODEL_RUNS ?? 4);
const keeping = useTestServer();
let rendering = { baseUrl: "", close: async () => {} };
beforeAll(async () => {
  rendering = await listenOnFreePort(createApp({ mountAssets: () => {}, keptPages: null }));
});
afterAll(() => rendering.close());

/** What each member reads: the dashboard, a month's list, the household, and a client-side navigation's data. */
const pages = ["/app", "/app/expenses", "/app/household", "/app/recurring.data"];

async function sessionCookies(world: World): Promise<Record<Who, string>> {
  const rows = await db()
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(inArray(user.id, Object.values(world.ids)));
  const jar = {} as Record<Who, string>;
  for (const who of people) {
    const email = rows.find((row) => row.id === world.ids[who])?.email ?? "";
    const { headers } = await getAuth().api.signInEmail({
      body: { email, password },
      headers: new Headers(),
      returnHeaders: true,
    });
    // As a browser holds them after signing in: the session, the page-readable signed-in mark, the time zone.
    jar[who] = [
      ...headers.getSetCookie().map((line) => line.split(";")[0]),
      `${cookies.signedIn.name}=1`,
      "samen_tz=Europe/Amsterdam",
    ].join("; ");
  }
  return jar;
}

async function read(base: string, path: string, cookie: string) {
  const response = await fetch(base + path, { headers: { cookie }, redirect: "manual" });
  const body = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
  return {
    status: response.status,
    state: response.headers.get("x-page-cache"),
    page: nonce ? body.replaceAll(nonce, "NONCE") : body,
  };
}

describe("kept signed-in pages, over random sequences of what three members do", () => {
  it(`never answer a page a change has outlived (${runs} sequences of 8 to 10 steps)`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 8, maxLength: 10 }), async (actions) => {
        const world = await newWorld();
        const cookies = await sessionCookies(world);
        const readers = () => people.filter((who) => world.member[who]);
        const compare = async (when: string) => {
          for (const who of readers())
            for (const path of pages) {
              const kept = await read(keeping.url(""), path, cookies[who]);
              const fresh = await read(rendering.baseUrl, path, cookies[who]);
              expect(kept.status, `${path} for ${who} ${when}`).toBe(fresh.status);
              expect(kept.page, `${path} for ${who} ${when}`).toBe(fresh.page);
            }
        };
        // A member's first visit makes what every household has (its Everyday account): made before any comparison.
        for (const who of readers()) await read(rendering.baseUrl, pages[0]!, cookies[who]);
        await compare("at the start");
        for (const [index, next] of actions.entries()) {
          // What was read after the last step is answered from memory now: nothing changed since.
          for (const who of readers()) {
            const before = await read(keeping.url(""), pages[0]!, cookies[who]);
            expect(before.state, `the dashboard for ${who} before step ${index}`).toBe("hit");
          }
          if (await step(world, next)) await compare(`after ${JSON.stringify(next)}`);
        }
      }),
      { numRuns: runs },
    );
  }, 600_000);
});
