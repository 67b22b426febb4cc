// npm run bench:load — a mix of anonymous pages, the signed-in dashboard and month list, and adding transactions, on
// the production build: on PostgreSQL with one server process and with one per core (WORKERS), and on the embedded
// PGlite (always one process). For each, two measures:
// - the closed loop: 200 connections at once (autocannon), each sending its next request when the last is answered:
//   requests/s, p50/p99 latency, errors and timeouts, and the server's memory over the run;
// - the open model (bench/open-load.ts): requests arriving at a fixed rate, raised step by step, and the highest rate
//   at which p99 stays under 250 ms with no errors — what a household feels at a given number of visitors — with each
//   request's p50 and p99 at that step and at the first that failed;
// and where the cores went during each (bench/cpu-share.ts: the load generator, the server, PostgreSQL, idle), with
// the CPU per request and the rate the machine's cores could answer at that cost.
// Options: --duration=60 (seconds of each closed loop), --connections=200, --step=10 (seconds of each open-model step),
// --soak=600 (a long closed loop on PostgreSQL that samples the server's RSS every 10 s and prints its growth),
// --only=postgres|pglite, --profile=DIR (the server's CPU profile, written when it stops). Never fails on timing.
import os from "node:os";
import crypto from "node:crypto";
import fs from "node:fs";
import autocannon from "autocannon";
import { adminQuery, databaseUrl } from "../app/db/server-admin.ts";
import { cpuPerRequestText, cpuShareText, measureCpu, processTree } from "./cpu-share.ts";
import { requestLabel, sustainableRate, type MixRequest, type OpenStep } from "./open-load.ts";
import { percentile } from "./percentile.ts";
import { signInDemo, startProductionServer, type RunningServer } from "./serve.ts";

const option = (name: string, fallback: number) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split("=")[1]) : fallback;
};
const only = process.argv.find((a) => a.startsWith("--only="))?.split("=")[1];
const profileDir = process.argv.find((a) => a.startsWith("--profile="))?.split("=")[1];
const duration = option("duration", 60);
const connections = option("connections", 200);
const soak = option("soak", 0);
const stepSeconds = option("step", 10);
const cores = os.availableParallelism();

/** A built-in expense category (groceries): the built-in set has the same ids in every database (app/domain/categories.ts). */
const expenseCategoryId = "00000000-0000-4000-8000-000000000202";

/** The server's resident memory, its worker processes' included. */
function rssMb(pid: number): number {
  return processTree(pid).reduce((sum, member) => {
    const status = fs.existsSync(`/proc/${member}/status`) ? fs.readFileSync(`/proc/${member}/status`, "utf8") : "";
    return sum + Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  }, 0);
}

async function theMix(server: RunningServer): Promise<MixRequest[]> {
  const cookie = await signInDemo(server);
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
  const requests: MixRequest[] = [
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
  return requests;
}

async function run(label: string, server: RunningServer, seconds: number) {
  const requests = await theMix(server);
  const samples: number[] = [];
  const sampler = server.pid ? setInterval(() => samples.push(rssMb(server.pid as number)), 10_000) : undefined;
  const before = server.pid ? rssMb(server.pid) : 0;
  // Warm-up: every path rendered once and the pools filled.
  await autocannon({ url: server.url, connections: 20, duration: 3, requests, timeout: 10 });
  const probing = { running: true, latencies: new Map<string, number[]>() };
  const probe = probeEachPath(server.url, requests, probing);
  const stopCpu = server.pid ? measureCpu(server.pid) : undefined;
  const result = await autocannon({ url: server.url, connections, duration: seconds, requests, timeout: 10 });
  const cpu = stopCpu?.();
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
    cpu,
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
  requests: MixRequest[],
  probing: { running: boolean; latencies: Map<string, number[]> },
) {
  while (probing.running) {
    for (const request of requests) {
      if (!probing.running) return;
      const label = requestLabel(request);
      const started = performance.now();
      const response = await fetch(base + request.path, {
        method: request.method,
        headers: request.headers,
        body: request.body,
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
const openRows: Record<string, string | number>[] = [];
const cpuRows: Record<string, string | number>[] = [];
const openPathRows: Record<string, string | number>[] = [];
const soakReports: string[] = [];

const stepText = (step: OpenStep | undefined) =>
  step ? `${step.rate}/s (p50 ${step.p50} ms, p99 ${step.p99} ms)` : "below the first step";

/** The closed loop, then the open model's sustainable rate, on one server. */
async function measure(label: string, server: RunningServer) {
  const measured = await run(label, server, duration);
  rows.push(measured.row);
  perPathRows.push(...measured.perPath);
  const open = await sustainableRate(server.url, await theMix(server), {
    seconds: stepSeconds,
    measureCpu: server.pid ? () => measureCpu(server.pid as number) : undefined,
  });
  openRows.push({
    server: label,
    "sustained (p99 < 250 ms, no errors)": stepText(open.best),
    "steps: rate → p99 ms (errors)": open.steps
      .map((step) => `${step.rate}→${step.p99}${step.errors ? ` (${step.errors})` : ""}`)
      .join("  "),
  });
  // The first step that did not hold: what was short when latency gave way.
  const broke = open.steps.find((step) => step.errors > 0 || step.p99 >= 250);
  for (const [during, step] of [
    ["sustained", open.best],
    ["first step over", broke],
  ] as const) {
    for (const { request, p50, p99 } of step?.byRequest ?? []) {
      openPathRows.push({ server: label, step: `${during}: ${step?.rate}/s`, request, "p50 ms": p50, "p99 ms": p99 });
    }
  }
  cpuRows.push(
    {
      server: label,
      during: `closed loop, ${measured.row["req/s"]} req/s`,
      "cores in use": cpuShareText(measured.cpu),
    },
    { server: label, during: `open model, ${stepText(open.best)}`, "cores in use": cpuShareText(open.best?.cpu) },
    {
      server: label,
      during: `open model, first step over: ${broke?.rate ?? "none"}/s`,
      "cores in use": cpuShareText(broke?.cpu),
    },
  );
  return { measured, best: open.best };
}

const sustained: Record<"one" | "all", OpenStep | undefined> = { one: undefined, all: undefined };
if (only !== "pglite") {
  for (const workers of [1, cores]) {
    const name = `samen_load_${crypto.randomBytes(4).toString("hex")}`;
    await adminQuery(`create database "${name}"`);
    const label = `PostgreSQL, ${workers} server process${workers === 1 ? "" : "es"}`;
    const server = await startProductionServer(
      { DATABASE_URL: databaseUrl(name), WORKERS: String(workers) },
      { profileDir },
    );
    try {
      sustained[workers === 1 ? "one" : "all"] = (await measure(label, server)).best;
      if (soak > 0 && workers === cores) {
        const soaked = await run(`${label}, soak ${soak} s`, server, soak);
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
}
if (only !== "postgres") {
  const server = await startProductionServer({}, { profileDir });
  try {
    await measure("PGlite (embedded), 1 server process", server);
  } finally {
    await server.stop();
  }
}

console.log(
  `\nClosed loop (autocannon): ${connections} connections, ${duration} s per server; each connection loops through /, /pricing, /blog, an article, /app, the month's expenses, adding an expense and /features`,
);
console.table(rows);
console.log("\nOne more visitor asking each request in turn during the closed loop (latency as a newcomer meets it):");
console.table(perPathRows);
console.log(
  `\nOpen model: the same mix arriving at a fixed rate, ${stepSeconds} s per step, latency counted from each request's due time`,
);
console.table(openRows);
console.log(
  "\nEach request of the mix in the open model, at the sustained rate and at the first rate that did not hold:",
);
console.table(openPathRows);
console.log(
  `\nWhere the ${cores} cores went (average cores in use; generator = this process, which sends the load; Samen = the server and its workers):`,
);
console.table(cpuRows);
const { one, all } = sustained;
if (one && all) {
  console.log(
    `all ${cores} processes sustain ${(all.rate / one.rate).toFixed(2)} × the rate of one (the load generator and PostgreSQL share the same ${cores} cores)`,
  );
}
if (one?.cpu) {
  // At one process's cost per request, the cores the machine offers cap what any number of workers could sustain.
  const { generator, server, postgres, steal } = one.cpu;
  const perRequest = (generator + server + postgres) / one.rate;
  const ceiling = Math.round((cores - steal) / perRequest);
  console.log(
    `CPU per request of the mix at one process's sustained rate: ${cpuPerRequestText(one.cpu, one.rate)}; at that cost ${cores} cores answer at most ${ceiling} req/s, ${(ceiling / one.rate).toFixed(2)} × one process's rate${all?.cpu ? `; all processes at their sustained rate: ${cpuPerRequestText(all.cpu, all.rate)}` : ""}`,
  );
}
for (const line of soakReports) console.log(line);
