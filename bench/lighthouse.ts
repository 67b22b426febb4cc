// Prints Lighthouse scores (mobile preset, Debian Chromium) and transferred JavaScript for given paths.
// Each path runs LIGHTHOUSE_RUNS times (default 3) and the median run is reported, as Lighthouse's own
// guidance advises: one simulated run varies by a few points. The range shows every run's performance score.
// Usage: npm run bench:lighthouse -- / /pricing /faq
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { pathsFromArgs, startProductionServer } from "./serve.ts";

const paths = pathsFromArgs(["/", "/pricing", "/faq"]);
const runCount = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
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
    const runs = [];
    for (let run = 0; run < runCount; run++) {
      // Lighthouse's default config is the mobile preset (Moto G Power, slow 4G throttling).
      const result = await lighthouse(`${server.url}${path}`, { port: chrome.port, output: "json", logLevel: "error" });
      if (result?.lhr.runtimeError) console.error(`${path}: run ${run + 1} failed: ${result.lhr.runtimeError.message}`);
      if (result) runs.push(result.lhr);
    }
    const valid = filterToValidRuns(runs);
    if (!valid.length) throw new Error(`no valid Lighthouse run for ${path}`);
    const lhr = computeMedianRun(valid);
    const performanceScores = valid.map((run) => Math.round((run.categories.performance?.score ?? 0) * 100));
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const requests = (lhr.audits["network-requests"]?.details as { items?: { resourceType?: string; transferSize?: number; url: string }[] })?.items ?? [];
    const scriptBytes = requests.filter((r) => r.resourceType === "Script").reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
    rows.push({
      path,
      performance: score("performance"),
      "performance (all runs)": `${Math.min(...performanceScores)}–${Math.max(...performanceScores)}`,
      accessibility: score("accessibility"),
      "best-practices": score("best-practices"),
      seo: score("seo"),
      "JS transferred (KB)": Number((scriptBytes / 1024).toFixed(1)),
      "LCP (ms)": Math.round(lhr.audits["largest-contentful-paint"]?.numericValue ?? 0),
      "TBT (ms)": Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? 0),
      CLS: Number((lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)),
    });
    const failing = Object.values(lhr.audits as Record<string, { id: string; score: number | null; scoreDisplayMode: string }>)
      .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary")
      .map((audit) => audit.id);
    if (failing.length) console.error(`${path}: failing audits: ${failing.join(", ")}`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.table(rows);
