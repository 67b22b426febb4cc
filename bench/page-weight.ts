// Prints what a first visit to each page downloads before it can hydrate: the HTML, the stylesheet and
// every JavaScript file the page links, with brotli-compressed byte counts as the server sends them.
// Usage: npm run bench:page-weight -- / /pricing /faq
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync } from "node:zlib";
import { pathsFromArgs, startProductionServer } from "./serve.ts";

const paths = pathsFromArgs([
  "/",
  "/features",
  "/pricing",
  "/about",
  "/faq",
  "/privacy",
  "/terms",
  "/dashboard",
  "/blog",
  "/auth",
]);
const server = await startProductionServer();
const clientDir = path.join(process.env.SAMEN_BUILD_DIR ?? "build", "client");

/** The precompressed file the server sends, or the file compressed now when none was made. */
function brotliBytes(asset: string): number {
  const file = path.join(clientDir, asset);
  return fs.existsSync(`${file}.br`)
    ? fs.statSync(`${file}.br`).size
    : brotliCompressSync(fs.readFileSync(file)).length;
}

const kib = (bytes: number) => Number((bytes / 1024).toFixed(1));
const rows: Record<string, string | number>[] = [];
try {
  for (const page of paths) {
    const response = await fetch(`${server.url}${page}`);
    const html = await response.text();
    // A kept public page lists its modules in the script that loads them once the page is painted (server/first-paint.ts).
    const scripts = new Set(
      [
        ...html.matchAll(
          /(?:href|src)="(\/assets\/[^"]+\.js)"|import(?:\s+\*\s+as\s+\w+\s+from)?\s*\(?"(\/assets\/[^"]+\.js)"|(?<!"url":\s*)"(\/assets\/[^"]+\.js)"(?=[,\]])/g,
        ),
      ].map((m) => m[1] ?? m[2] ?? m[3] ?? ""),
    );
    const styles = new Set([...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1] ?? ""));
    const jsBytes = [...scripts].reduce((sum, asset) => sum + brotliBytes(asset), 0);
    const cssBytes = [...styles].reduce((sum, asset) => sum + brotliBytes(asset), 0);
    rows.push({
      path: page,
      status: response.status,
      "HTML (KiB br)": kib(brotliCompressSync(html).length),
      "CSS (KiB br)": kib(cssBytes),
      "JS files": scripts.size,
      "JS (KiB br)": kib(jsBytes),
    });
  }
} finally {
  await server.stop();
}
console.table(rows);
