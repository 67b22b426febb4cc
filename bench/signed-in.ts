// npm run bench:signed-in — what a signed-in page costs beside a kept public page, on the production build with the demo
// household, on the embedded PGlite and (when reachable) PostgreSQL with one server process:
// - per page: the statements it sends to the database (the request log's `queries`), its HTML before and after the
//   server's brotli (quality 5, as served), and the inline loader data and translations inside it;
// - requests/s and p50/p99 at 20 connections with compressed answers, each page alone, the public home page (`/`,
//   served from the page cache) first, and the dashboard's rate as a fraction of it.
// Options: --duration=10 (seconds per page), --connections=20, --only=pglite|postgres, --pages=/app,/ (which pages),
// --profile=DIR (a V8 CPU profile of the server for each database, written there and summarised: where the time went;
// with one page in --pages, that page's profile), --kept=both|on|off (signed-in pages kept per person, decision 0030, or
// rendered for every request with KEPT_PAGES_MB=0; both: each database measured both ways in the same run). Never
// fails on timing.
import crypto from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { adminQuery, databaseUrl, postgresServerReachable } from "../app/db/server-admin.ts";
import { summariseNewestProfile } from "./cpu-profile.ts";
import { signInDemo, startProductionServer } from "./serve.ts";

const option = (name: string, fallback: number) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split("=")[1]) : fallback;
};
const duration = option("duration", 10);
const connections = option("connections", 20);
const only = process.argv.find((a) => a.startsWith("--only="))?.split("=")[1];
const kept = process.argv.find((a) => a.startsWith("--kept="))?.split("=")[1] ?? "both";
/** Each database is measured with kept pages, rendering every request, or both. */
const keptModes: [string, Record<string, string>][] = [];
if (kept !== "off") keptModes.push(["kept", {}]);
if (kept !== "on") keptModes.push(["rendered", { KEPT_PAGES_MB: "0" }]);

const month = new Date().toISOString().slice(0, 7);
const pages = process.argv
  .find((a) => a.startsWith("--pages="))
  ?.split("=")[1]
  ?.split(",") ?? ["/", "/app", `/app/expenses?month=${month}`, "/app/transactions/new?kind=expense"];
const profileDir = process.argv.find((a) => a.startsWith("--profile="))?.split("=")[1];

/** Bytes of the first inline script holding `marker` (the loader data stream, the translations). */
function inlineScriptBytes(html: string, marker: string): number {
  for (const match of html.matchAll(/<script[^>]*>([\s\S]*?)<\/script>/g)) {
    if (match[0].includes(marker)) return Buffer.byteLength(match[1] ?? "");
  }
  return 0;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function measure(label: string, env: Record<string, string>) {
  // The latest count per path (a page sends the same statements each time).
  const queries = new Map<string, number>();
  const server = await startProductionServer(
    { LOG_LEVEL: "info", WORKERS: "1", ...env },
    {
      onLogLine(line) {
        if (!line.startsWith("{")) return;
        const entry: { req?: { url?: unknown }; queries?: unknown } = JSON.parse(line);
        if (typeof entry.req?.url === "string" && typeof entry.queries === "number") {
          // By path: the log redacts a query string's values (one may carry a token).
          const path = entry.req.url.split("?")[0] ?? "";
          queries.set(path, entry.queries);
        }
      },
      profileDir: profileDir ? path.join(profileDir, label.replace(/\W+/g, "-")) : undefined,
    },
  );
  const rows: Record<string, string | number>[] = [];
  try {
    const cookie = await signInDemo(server);
    const headers = (path: string): Record<string, string> => (path.startsWith("/app") ? { cookie } : {});
    const rates = new Map<string, number>();
    for (const path of pages) {
      // Twice: the first render loads the route's modules (and fills the page cache for `/`).
      await fetch(server.url + path, { headers: headers(path) });
      const html = await (await fetch(server.url + path, { headers: headers(path) })).text();
      const brotli = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      await autocannon({ url: server.url + path, duration: 2, connections, headers: headers(path) });
      const result = await autocannon({
        url: server.url + path,
        duration,
        connections,
        // What a browser sends over HTTPS: a kept public page answers brotli, a kept signed-in page gzip (its brotli
        // form rarely survives the check for a page cut at 80 places, page-template.ts).
        headers: { ...headers(path), "accept-encoding": "gzip, deflate, br, zstd" },
      });
      rates.set(path, result.requests.average);

      rows.push({
        database: label,
        page: path,
        queries: queries.get(path.split("?")[0] ?? path) ?? 0,
        HTML: kb(Buffer.byteLength(html)),
        brotli: kb(brotli.byteLength),
        "loader data": kb(inlineScriptBytes(html, "streamController.enqueue")),
        translations: kb(inlineScriptBytes(html, 'id="samen-translations"')),
        "req/s": Math.round(result.requests.average),
        "p50 ms": result.latency.p50,
        "p99 ms": result.latency.p99,
        non2xx: result.non2xx,
        errors: result.errors,
      });
    }
    const publicRate = rates.get("/");
    const dashboardRate = rates.get("/app");
    if (publicRate && dashboardRate) {
      console.log(`${label}: the dashboard at 1/${(publicRate / dashboardRate).toFixed(1)} of the public page's rate`);
    }
  } finally {
    await server.stop();
  }
  if (profileDir) {
    console.log(`${label}: where the server's time went (self time, ${pages.join(" ")})`);
    console.table(summariseNewestProfile(path.join(profileDir, label.replace(/\W+/g, "-"))));
  }
  return rows;
}

const rows: Record<string, string | number>[] = [];
if (only !== "postgres") for (const [mode, env] of keptModes) rows.push(...(await measure(`PGlite, ${mode}`, env)));
if (only !== "pglite") {
  if (await postgresServerReachable()) {
    const name = `samen_bench_${crypto.randomBytes(4).toString("hex")}`;
    await adminQuery(`create database "${name}"`);
    try {
      for (const [mode, env] of keptModes)
        rows.push(...(await measure(`PostgreSQL, ${mode}`, { DATABASE_URL: databaseUrl(name), ...env })));
    } finally {
      await adminQuery(`drop database if exists "${name}" with (force)`);
    }
  } else {
    console.log("PostgreSQL is not reachable: measured on PGlite only");
  }
}
console.log(
  `\n${connections} connections, ${duration} s per page, compressed answers (a browser's Accept-Encoding), one server process`,
);
console.table(rows);
