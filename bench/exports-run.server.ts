// The work of `npm run bench:exports`, loaded through Vite by bench/exports.ts (the app's aliases and translations).
import { performance } from "node:perf_hooks";
import { closeDatabase, migrateDatabase, openDatabase } from "~/db/client.server";
import { exportMyData } from "~/features/data-rights/export-data.server";
import { exportMonthlyReportPdf } from "~/features/exports/report-pdf.server";
import { exportTransactionsCsv } from "~/features/exports/transactions-csv.server";
import { seedBulkTransactions, seedHousehold } from "../db/seed/budget";
import { seedPremium } from "../db/seed/premium";

const rows = Number(process.env.BENCH_ROWS ?? 100_000);
const mb = (bytes: number) =>
  Math.abs(bytes) < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface Measured {
  name: string;
  ms: number;
  bytes: number;
  peakRssDelta: number;
  /** Highest heap in use right after a garbage collection while streaming: what the export really holds. */
  peakLiveHeapDelta: number;
}

/**
 * Reads a download to the end the way a client would (chunks counted, then dropped). Time is measured in a first
 * pass; a second pass collects garbage at most every 20 ms and samples the heap still in use, so the figure shows
 * what the export holds rather than garbage waiting for collection (run with --expose-gc).
 */
async function measure(name: string, open: () => Promise<ReadableStream<Uint8Array>>): Promise<Measured> {
  const gc = globalThis.gc;
  gc?.();
  const started = performance.now();
  let bytes = 0;
  for await (const chunk of await open()) bytes += chunk.byteLength;
  const ms = performance.now() - started;

  gc?.();
  const base = process.memoryUsage();
  let peakRss = base.rss;
  let peakLive = base.heapUsed;
  let lastCollection = 0;
  for await (const chunk of await open()) {
    void chunk;
    const now = performance.now();
    if (gc && now - lastCollection > 20) {
      gc();
      lastCollection = now;
      peakLive = Math.max(peakLive, process.memoryUsage().heapUsed);
    }
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }
  return { name, ms, bytes, peakRssDelta: peakRss - base.rss, peakLiveHeapDelta: peakLive - base.heapUsed };
}

export async function runExportsBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: "memory://" });
  try {
    await migrateDatabase();
    const { owner, household } = await seedHousehold({ householdName: "Bench household" });
    await seedPremium(household.id);
    const seeding = performance.now();
    await seedBulkTransactions({ householdId: household.id, count: rows, from: "2024-01", to: "2026-12" });
    console.log(
      `seeded ${rows.toLocaleString("en")} transactions in ${((performance.now() - seeding) / 1000).toFixed(1)} s (${databaseUrl ? "PostgreSQL" : "PGlite in memory"})`,
    );

    const base = { userId: owner.id, householdId: household.id };
    const results: Measured[] = [];
    results.push(
      await measure(`CSV, ${rows.toLocaleString("en")} rows`, async () => {
        const result = await exportTransactionsCsv({
          ...base,
          range: { from: "2024-01-01", to: "2026-12-31" },
          language: "de",
          decimal: "locale",
        });
        if (!result.ok) throw new Error("refused");
        return result.stream;
      }),
    );
    results.push(
      await measure("PDF monthly report (history of the same household)", async () => {
        const result = await exportMonthlyReportPdf({ ...base, month: "2026-11", language: "de" });
        if (!result.ok) throw new Error("refused");
        return result.stream;
      }),
    );
    results.push(
      await measure(
        `JSON data export, ${rows.toLocaleString("en")} rows`,
        async () => (await exportMyData({ userId: owner.id })).stream,
      ),
    );

    console.log("");
    console.log(
      `${"export".padEnd(54)} ${"time".padStart(9)} ${"size".padStart(9)} ${"peak RSS +".padStart(11)} ${"live heap +".padStart(12)}`,
    );
    for (const result of results) {
      console.log(
        `${result.name.padEnd(54)} ${`${(result.ms / 1000).toFixed(2)} s`.padStart(9)} ${mb(result.bytes).padStart(9)} ${mb(result.peakRssDelta).padStart(11)} ${mb(result.peakLiveHeapDelta).padStart(12)}`,
      );
    }
    console.log(
      `\npeak RSS + and live heap + are growth over the state before the download; live heap is sampled right after a GC.`,
    );
    console.log(
      `process RSS at the end ${mb(process.memoryUsage().rss)} (the in-memory database and Vite included)${globalThis.gc ? "" : " — run with --expose-gc for the live heap"}.`,
    );
  } finally {
    await closeDatabase();
  }
}
