// Requests per second for the blog list, one article and the home page, each beside a static file of exactly the same
// bytes served by the same server, and the ratio. An anonymous visitor's page comes from the page cache
// (server/page-cache.ts) after its first render; the "cache" column says whether the measured answers did.
// Usage: npm run bench:blog   (options: --duration=10 --connections=20 --build)
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { startProductionServer } from "./serve.ts";

const option = (name: string, fallback: number) => {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg ? Number(arg.split("=")[1]) : fallback;
};
const duration = option("duration", 10);
const connections = option("connections", 20);
const article = "/blog/budgeting-as-a-couple-one-plan-two-people";
const pages = ["/blog", article, "/"];
const headers = { "accept-encoding": "gzip" };

async function measure(url: string) {
  // Warm up (JIT, database pages, caches), then measure.
  await autocannon({ url, duration: 2, connections, headers });
  const result = await autocannon({ url, duration, connections, headers });
  if (result.non2xx || result.errors)
    throw new Error(`${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return result;
}

const clientDir = path.resolve(process.env.SAMEN_BUILD_DIR ?? "build", "client");
// The static twins are written first, by a server that renders each page once: the measured server lists the build's
// public files when it starts (server/public-files.ts), as production does.
const staticFiles = new Map<string, { name: string; bytes: number }>();
const renderer = await startProductionServer();
try {
  for (const page of pages) {
    const html = await (await fetch(renderer.url + page)).text();
    if (!html.includes("<h1")) throw new Error(`${page} did not render (demo articles seeded?)`);
    // The same bytes as a file (but for the nonce, of the same length), so both answers weigh and compress alike.
    const name = `bench-static-${Buffer.byteLength(html)}-${path.basename(page) || "home"}.html`;
    fs.writeFileSync(path.join(clientDir, name), html);
    staticFiles.set(page, { name, bytes: Buffer.byteLength(html) });
  }
} finally {
  await renderer.stop();
}
const rows: Record<string, string | number>[] = [];
const server = await startProductionServer();
try {
  for (const page of pages) {
    const { name, bytes } = staticFiles.get(page)!;
    const dynamic = await measure(server.url + page);
    const cache = (await fetch(server.url + page, { headers })).headers.get("x-page-cache") ?? "not used";
    const still = await measure(`${server.url}/${name}`);
    rows.push({
      path: page,
      bytes,
      cache,
      "req/s": Math.round(dynamic.requests.average),
      "p50 ms": dynamic.latency.p50,
      "p99 ms": dynamic.latency.p99,
      "static req/s": Math.round(still.requests.average),
      "static p50 ms": still.latency.p50,
      "page / static": `${((dynamic.requests.average / still.requests.average) * 100).toFixed(1)} %`,
    });
  }
} finally {
  for (const { name } of staticFiles.values()) fs.rmSync(path.join(clientDir, name), { force: true });
  await server.stop();
}
console.log(
  `autocannon: ${connections} connections, ${duration} s per URL, gzip accepted; static = the same HTML as a file from the same server`,
);
console.table(rows);
