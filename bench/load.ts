// npm run bench:load — 200 people at once: autocannon against a mix of anonymous pages, the signed-in dashboard and
// month list, and adding transactions, on PostgreSQL and on the embedded PGlite, each on the production build.
// Prints requests/s, p50/p99 latency, errors and timeouts per database, and the server's memory over the run.
// Options: --duration=60 (seconds per database), --connections=200, --soak=600 (a long run on PostgreSQL that
// samples the server's RSS every 10 s and prints its growth), --only=postgres|pglite, --profile=DIR (the server's CPU
// profile, written when it stops). Never fails on timing.
import crypto from "node:crypto";
import fs from "node:fs";
import autocannon from "autocannon";
import { adminQuery, databaseUrl } from "../app/db/server-admin.ts";
import { percentile } from "./percentile.ts";
import { startProductionServer, type RunningServer } from "./serve.ts";

const option = (name: string, fallback: number) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split("=")[1]) : fallback;
};
const only = process.argv.find((a) => a.startsWith("--only="))?.split("=")[1];
const profileDir = process.argv.find((a) => a.startsWith("--profile="))?.split("=")[1];
const duration = option("duration", 60);
const connections = option("connections", 200);
const soak = option("soak", 0);
const demo = { email: "demo@samen.app", password: "samen-demo-2024" };

/** The demo account's session cookie, signed in once through the real endpoint. */
async function signIn(server: RunningServer): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify(demo),
  });
  if (!response.ok) throw new Error(`demo sign-in answered ${response.status}`);
  const cookies = response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]);
  return cookies.join("; ");
}

/** A built-in expense category (groceries): the built-in set has the same ids in every database (app/domain/categories.ts). */
const expenseCategoryId = "00000000-0000-4000-8000-000000000202";

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function run(label: string, server: RunningServer, seconds: number) {
  const cookie = await signIn(server);
  const categoryId = expenseCategoryId;
  const today = new Date().toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const article = /href="(\/blog\/[a-z0-9-]+)"/.exec(await (await fetch(`${server.url}/blog`)).text())?.[1] ?? "/blog";
  const signedIn = { cookie };
  const form = new URLSearchParams({
    intent: "add",
    js: "1",
    kind: "expense",
    amount: "4.20",
    categoryId,
    occurredOn: today,
    description: "Load test",
  }).toString();
  // One connection's loop: what a crowd of visitors and a few busy households do, in proportion.
  const requests: autocannon.Request[] = [
    { method: "GET", path: "/" },
    { method: "GET", path: "/pricing" },
    { method: "GET", path: "/blog" },
    { method: "GET", path: article },
    { method: "GET", path: "/app", headers: signedIn },
    { method: "GET", path: `/app/expenses?month=${month}`, headers: signedIn },
    {
      method: "POST",
      path: "/app/transactions/new",
      headers: { ...signedIn, "content-type": "application/x-www-form-urlencoded", origin: server.url },
      body: form,
    },
    { method: "GET", path: "/features" },
  ];
  const samples: number[] = [];
  const sampler = server.pid ? setInterval(() => samples.push(rssMb(server.pid as number)), 10_000) : undefined;
  const before = server.pid ? rssMb(server.pid) : 0;
  // Warm-up: every path rendered once and the pools filled.
  await autocannon({ url: server.url, connections: 20, duration: 3, requests, timeout: 10 });
  const probing = { running: true, latencies: new Map<string, number[]>() };
  const probe = probeEachPath(server.url, requests, probing);
  const result = await autocannon({ url: server.url, connections, duration: seconds, requests, timeout: 10 });
  probing.running = false;
  await probe;
  if (sampler) clearInterval(sampler);
  const after = server.pid ? rssMb(server.pid) : 0;
  return {
    label,
    row: {
      database: label,
      "req/s": Math.round(result.requests.average),
      "p50 ms": result.latency.p50,
      "p99 ms": result.latency.p99,
      "max ms": result.latency.max,
      requests: result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      "RSS MB before → after": `${before.toFixed(0)} → ${after.toFixed(0)}`,
    },
    samples,
    before,
    after,
    perPath: [...probing.latencies].map(([path, latencies]) => ({
      database: label,
      request: path,
      samples: latencies.length,
      "p50 ms": percentile(latencies, 50),
      "p99 ms": percentile(latencies, 99),
      "max ms": percentile(latencies, 100),
    })),
  };
}

/**
 * One more visitor during the run, asking each request of the mix in turn and timing it: where the crowd's wait is
 * (autocannon's figures are for the mix as a whole). One request at a time, so it adds almost nothing to the load.
 */
async function probeEachPath(
  base: string,
  requests: autocannon.Request[],
  probing: { running: boolean; latencies: Map<string, number[]> },
) {
  while (probing.running) {
    for (const request of requests) {
      if (!probing.running) return;
      const label = `${request.method} ${request.path?.replace(/\?.*$/, "")}`;
      const started = performance.now();
      const response = await fetch(base + request.path, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body as string | undefined,
        redirect: "manual",
      });
      await response.arrayBuffer();
      const list = probing.latencies.get(label) ?? [];
      list.push(Math.round(performance.now() - started));
      probing.latencies.set(label, list);
    }
  }
}

const rows: Record<string, string | number>[] = [];
const perPathRows: Record<string, string | number>[] = [];
const soakReports: string[] = [];

if (only !== "pglite") {
  const name = `samen_load_${crypto.randomBytes(4).toString("hex")}`;
  await adminQuery(`create database "${name}"`);
  const server = await startProductionServer({ DATABASE_URL: databaseUrl(name) }, { profileDir });
  try {
    const measured = await run("PostgreSQL", server, duration);
    rows.push(measured.row);
    perPathRows.push(...measured.perPath);
    if (soak > 0) {
      const soaked = await run(`PostgreSQL soak ${soak} s`, server, soak);
      rows.push(soaked.row);
      const peak = Math.max(soaked.before, ...soaked.samples);
      soakReports.push(
        `soak: RSS ${soaked.before.toFixed(0)} MB at the start, ${soaked.after.toFixed(0)} MB at the end (growth ${(soaked.after - soaked.before).toFixed(0)} MB, peak ${peak.toFixed(0)} MB); every 10 s: ${soaked.samples.map((value) => value.toFixed(0)).join(" ")}`,
      );
    }
  } finally {
    await server.stop();
    await adminQuery(`drop database if exists "${name}" with (force)`);
  }
}
if (only !== "postgres") {
  const server = await startProductionServer({}, { profileDir });
  try {
    const measured = await run("PGlite (embedded)", server, duration);
    rows.push(measured.row);
    perPathRows.push(...measured.perPath);
  } finally {
    await server.stop();
  }
}

console.log(
  `\nautocannon: ${connections} connections, ${duration} s per database; each connection loops through /, /pricing, /blog, an article, /app, the month's expenses, adding an expense and /features`,
);
console.table(rows);
console.log("\nOne more visitor asking each request in turn during the run (latency as a newcomer meets it):");
console.table(perPathRows);
for (const line of soakReports) console.log(line);
