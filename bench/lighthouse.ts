// Prints Lighthouse scores (mobile preset, Debian Chromium) and transferred JavaScript for given paths.
// Usage: npm run bench:lighthouse -- / /pricing /faq
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { pathsFromArgs, startProductionServer } from "./serve.ts";

const paths = pathsFromArgs(["/", "/pricing", "/faq"]);
const server = await startProductionServer();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
  ],
});

type Row = Record<string, string | number>;
const rows: Row[] = [];
try {
  for (const path of paths) {
    // Lighthouse's default config is the mobile preset (Moto G Power, slow 4G throttling).
    const result = await lighthouse(`${server.url}${path}`, { port: chrome.port, output: "json", logLevel: "error" });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number; url: string }[] })?.items ?? [];
    const scriptBytes = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    rows.push({
      path,
      performance: score("performance"),
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      "JS transferred (KB)": Number((scriptBytes / 1024).toFixed(1)),
      "LCP (ms)": Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      "TBT (ms)": Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
      CLS: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    });
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id);
    if (failing.length) console.error(`${path}: failing audits: ${failing.join(", ")}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.table(rows);
