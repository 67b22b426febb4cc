import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { eq, sum } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { closeDatabase, db, hearOtherProcesses, migrateDatabase, openDatabase } from "~/db/client.server";
import { adminQuery, databaseUrl, postgresServerReachable, postgresServerUrl } from "~/db/server-admin";
import { goal, goalContribution } from "~/db/schema";
import { seedGoal, seedHousehold, seedTransactions } from "../../db/seed/budget";
import { seedPremium } from "../../db/seed/premium";
import { leakedInternals, signIn, startApp, startTcpProxy } from "./fault-server";

/**
 * Fault: the PostgreSQL server restarts while people use the app. Twelve clients keep reading the dashboard and the
 * goals page and adding money to a goal; a TCP proxy between the app's pool and the server drops every connection
 * and refuses new ones for two seconds, then lets them through again. While it is down every answer is 503 with the
 * translated page (no stack, no driver text), /healthz says so; afterwards every answer is 200 again, from the same
 * app process, and no contribution was half written. Then the answers without a page of their own: Better Auth's API,
 * the sign-in and sign-up forms, a CSV export, the RSS feed and the sitemap say 503 with a translated message while it
 * is down, and answer as usual once it is back.
 */

vi.mock("virtual:react-router/server-build", async () =>
  (await import("../../server/test-page-build")).pageServerBuild(),
);

const adminUrl = postgresServerUrl;

describe.skipIf(!(await postgresServerReachable()))(
  `the database restarts under load (PostgreSQL at ${adminUrl.host})`,
  () => {
    const name = `samen_fault_${crypto.randomBytes(6).toString("hex")}`;
    const email = "restart@samen.test";
    const password = "a long and calm passphrase";
    let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
    let app: Awaited<ReturnType<typeof startApp>>;
    let cookie = "";
    let goalId = "";
    const exportPath = "/app/export/transactions.csv";
    /** The test database, reached directly rather than through the proxy. */
    const viaAdmin = () => databaseUrl(name);

    beforeAll(async () => {
      await adminQuery(`create database "${name}"`);
      proxy = await startTcpProxy({ host: adminUrl.hostname, port: Number(adminUrl.port || 5432) });
      const viaProxy = new URL(adminUrl);
      viaProxy.hostname = "127.0.0.1";
      viaProxy.port = String(proxy.port);
      viaProxy.pathname = `/${name}`;
      await openDatabase({ databaseUrl: viaProxy.toString() });
      await migrateDatabase();
      const { owner, household } = await seedHousehold({ email, password });
      const today = new Date().toISOString().slice(0, 10);
      await seedTransactions({
        householdId: household.id,
        userId: owner.id,
        entries: [{ kind: "expense", amountMinor: 1250, occurredOn: today }],
      });
      goalId = (await seedGoal({ householdId: household.id, name: "Buffer", targetMinor: 10_000_000 })).id;
      // Exports are premium.
      await seedPremium(household.id);
      app = await startApp();
      cookie = await signIn(app.url, email, password);
      // The first render of each page loads its modules: done before the clock starts.
      for (const path of ["/app", "/app/goals", "/auth", exportPath, "/blog/rss.xml", "/sitemap.xml"]) {
        expect((await fetch(app.url(path), { headers: { cookie } })).status, path).toBe(200);
      }
    });

    afterAll(async () => {
      await app?.close();
      await closeDatabase();
      await proxy?.close();
      await adminQuery(`drop database if exists "${name}" with (force)`);
    });

    it("answers 503 with a clear page while it is down and recovers without a restart", async () => {
      interface Answer {
        label: string;
        started: number;
        finished: number;
        status: number;
        body: string;
      }
      const answers: Answer[] = [];
      const requests = [
        { label: "dashboard", send: () => fetch(app.url("/app"), { headers: { cookie } }) },
        { label: "goals", send: () => fetch(app.url("/app/goals"), { headers: { cookie } }) },
        {
          label: "contribution",
          send: () =>
            fetch(app.url("/app/goals"), {
              method: "POST",
              headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ intent: "contribute", goalId, direction: "add", amount: "1" }),
            }),
        },
      ];
      let running = true;
      const client = async (index: number) => {
        for (let round = index; running; round++) {
          const request = requests[round % requests.length]!;
          const started = performance.now();
          const response = await request.send();
          const body = await response.text();
          answers.push({ label: request.label, started, finished: performance.now(), status: response.status, body });
        }
      };
      const clients = Array.from({ length: 12 }, (_, index) => client(index));
      // Each phase lasts its least time and then until enough answers came back: on a loaded CI machine a fixed
      // second and a half held nine answers, not eleven.
      const enough = 12;
      const phase = async (leastMs: number, count: () => number) => {
        const started = performance.now();
        await sleep(leastMs);
        while (count() < enough && performance.now() - started < 20_000) await sleep(50);
      };
      const before = () => answers.filter((answer) => answer.finished < cutAt);
      const down = () => answers.filter((answer) => answer.started > cutAt && answer.finished < restoredAt);
      const recovered = () => answers.filter((answer) => answer.started > restoredAt + 1_000);

      let cutAt = Infinity;
      let restoredAt = Infinity;
      await phase(1_500, () => before().length);
      cutAt = performance.now();
      proxy.cut();
      await phase(2_000, () => answers.filter((answer) => answer.started > cutAt).length);
      const health = await fetch(app.url("/healthz"));
      const dutch = await fetch(app.url("/app"), { headers: { cookie, "accept-language": "nl" } });
      const dutchPage = await dutch.text();
      restoredAt = performance.now();
      proxy.restore();
      await phase(3_000, () => recovered().length);
      running = false;
      await Promise.all(clients);
      const statuses = (list: Answer[]) => [...new Set(list.map((answer) => answer.status))];
      const [answersBefore, answersDown, answersRecovered] = [before(), down(), recovered()];
      console.log(
        `database restart: ${answers.length} requests — before ${answersBefore.length} (${statuses(answersBefore)}), down ${answersDown.length} (${statuses(answersDown)}), recovered ${answersRecovered.length} (${statuses(answersRecovered)})`,
      );

      expect(answersBefore.length).toBeGreaterThan(10);
      expect(statuses(answersBefore)).toEqual([200]);
      expect(answersDown.length).toBeGreaterThan(10);
      expect(statuses(answersDown)).toEqual([503]);
      expect(new Set(answersDown.map((answer) => answer.label))).toEqual(
        new Set(["dashboard", "goals", "contribution"]),
      );
      for (const answer of answersDown) {
        expect(answer.body).toContain("Samen is unavailable for a moment");
        expect(answer.body).not.toMatch(leakedInternals);
      }
      expect(health.status).toBe(503);
      expect(dutch.status).toBe(503);
      expect(dutch.headers.get("retry-after")).toBe("30");
      expect(dutchPage).toContain("Samen is even niet bereikbaar");
      expect(dutchPage).toContain('lang="nl"');
      expect(answers.every((answer) => answer.status === 200 || answer.status === 503)).toBe(true);
      expect(answersRecovered.length).toBeGreaterThan(10);
      expect(statuses(answersRecovered)).toEqual([200]);
      expect((await fetch(app.url("/healthz"))).status).toBe(200);

      // Every contribution is whole: the goal's saved amount is the sum of its history rows.
      const [saved] = await db().select({ savedMinor: goal.savedMinor }).from(goal).where(eq(goal.id, goalId));
      const [history] = await db()
        .select({ total: sum(goalContribution.amountMinor).mapWith(Number) })
        .from(goalContribution)
        .where(eq(goalContribution.goalId, goalId));
      expect(saved?.savedMinor).toBe(history?.total ?? 0);
      expect(saved?.savedMinor).toBeGreaterThan(0);
    }, 90_000);

    it("answers sign-in, sign-up, a download, the feed and the sitemap with 503 while it is down, and again after it", async () => {
      interface Answer {
        status: number;
        headers: Headers;
        body: string;
      }
      const authForm = (fields: Record<string, string>, language = "en") =>
        fetch(app.url("/auth"), {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "accept-language": language },
          body: new URLSearchParams({ redirectTo: "/app", ...fields }),
          redirect: "manual",
        });
      let newcomer = 0;
      const asks = {
        // Better Auth's own API, as an API client calls it.
        api: () =>
          fetch(app.url("/api/auth/sign-in/email"), {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ email, password }),
          }),
        // The sign-in form without JavaScript (a document post), in English and Dutch, and with it (the .data answer).
        form: () => authForm({ intent: "sign-in", email, password }),
        formDutch: () => authForm({ intent: "sign-in", email, password }, "nl"),
        script: () =>
          fetch(app.url("/auth.data"), {
            method: "POST",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "sign-in", email, password, redirectTo: "/app", js: "1" }),
          }),
        signUp: () =>
          authForm({
            intent: "sign-up",
            name: "New",
            email: `new-${++newcomer}@samen.test`,
            password,
            confirmPassword: password,
          }),
        export: () => fetch(app.url(exportPath), { headers: { cookie } }),
        exportDutch: () => fetch(app.url(exportPath), { headers: { cookie, "accept-language": "nl" } }),
        rss: () => fetch(app.url("/blog/rss.xml")),
        sitemap: () => fetch(app.url("/sitemap.xml")),
      };
      type Ask = keyof typeof asks;
      const askAll = async () => {
        const answers = {} as Record<Ask, Answer>;
        for (const [name, send] of Object.entries(asks) as [Ask, () => Promise<Response>][]) {
          const response = await send();
          answers[name] = { status: response.status, headers: response.headers, body: await response.text() };
        }
        return answers;
      };

      proxy.cut();
      let down: Record<Ask, Answer>;
      try {
        down = await askAll();
      } finally {
        proxy.restore();
      }

      for (const [name, answer] of Object.entries(down)) {
        expect(answer.status, name).toBe(503);
        expect(answer.headers.get("retry-after"), name).toBe("30");
        expect(answer.body, name).not.toMatch(leakedInternals);
      }
      // The API speaks JSON with a code and a message a person can read.
      expect(JSON.parse(down.api.body)).toEqual({
        code: "DATABASE_UNAVAILABLE",
        message: expect.stringContaining("reach its database right now"),
      });
      expect(down.api.headers.get("cache-control")).toBe("no-store");
      // The forms show the reason beside what was typed, in the reader's language.
      expect(down.form.body).toContain("reach its database right now");
      expect(down.form.body).toContain(`value="${email}"`);
      expect(down.formDutch.body).toContain("Samen kan de database nu niet bereiken");
      expect(down.script.body).toContain("DATABASE_UNAVAILABLE");
      expect(down.signUp.body).toContain("reach its database right now");
      // Answers without a page: two sentences of text, never cached.
      for (const name of ["export", "rss", "sitemap"] as const) {
        expect(down[name].headers.get("content-type"), name).toBe("text/plain; charset=utf-8");
        expect(down[name].headers.get("cache-control"), name).toMatch(/\bno-store\b/);
        expect(down[name].body, name).toMatch(
          /^Samen is unavailable for a moment\n\nWe cannot reach our database right now/,
        );
      }
      expect(down.exportDutch.body).toMatch(/^Samen is even niet bereikbaar/);

      // The same process, once the pool has its connections back.
      for (let attempt = 0; attempt < 50 && (await fetch(app.url("/healthz"))).status !== 200; attempt++)
        await sleep(100);
      const after = await askAll();
      expect(after.api.status).toBe(200);
      expect(after.form.status).toBe(302);
      expect(after.form.headers.get("location")).toBe("/app");
      expect(after.formDutch.status).toBe(302);
      expect(after.script.status).toBe(200);
      expect(after.script.body).not.toContain("DATABASE_UNAVAILABLE");
      expect(after.signUp.status).toBe(200);
      expect(after.export.status).toBe(200);
      expect(after.export.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(after.rss.status).toBe(200);
      expect(after.rss.body).toContain("<rss");
      expect(after.sitemap.status).toBe(200);
      expect(after.sitemap.body).toContain("<urlset");
    }, 40_000);

    it("listens for the other processes again when the server is back, after a start while it was down or a loss", async () => {
      let heard = 0;
      const notify = () => adminQuery("select pg_notify('samen_restart_channel', 'another process')", viaAdmin());
      proxy.cut();
      await expect(hearOtherProcesses("samen_restart_channel", () => heard++)).rejects.toThrow();
      proxy.restore();
      // Tried again every five seconds; once listening it calls the listener, as a message may have been missed.
      await vi.waitFor(() => expect(heard).toBe(1), { timeout: 15_000, interval: 100 });
      await notify();
      await vi.waitFor(() => expect(heard).toBe(2), { timeout: 5_000, interval: 50 });
      proxy.cut();
      proxy.restore();
      await vi.waitFor(() => expect(heard).toBe(3), { timeout: 15_000, interval: 100 });
      await notify();
      await vi.waitFor(() => expect(heard).toBe(4), { timeout: 5_000, interval: 50 });
    }, 60_000);
  },
);
