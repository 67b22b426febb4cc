// The work of `npm run bench:responsiveness`, loaded through Vite by bench/responsiveness.ts (the app's aliases).
import { performance } from "node:perf_hooks";
import { closeDatabase, migrateDatabase, openDatabase } from "~/db/client.server";
import { maxStatementBytes } from "~/domain/statements/read-file";
import { maxStatementRows } from "~/domain/statements/statement";
import { exportMyData } from "~/features/data-rights/export-data.server";
import { exportTransactionsCsv } from "~/features/exports/transactions-csv.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { detectRecurring, listRecurring } from "~/features/recurring/recurring.server";
import { confirmImport, createImportDraft } from "~/features/statement-import/statement-import.server";
import { stopWorkerPool } from "~/lib/worker-pool.server";
import { seedBulkTransactions, seedHousehold } from "../db/seed/budget";
import { seedPremium } from "../db/seed/premium";
import { healthServer, whileProbed, type Probed } from "./health-probe.server.ts";

const runs = Number(process.env.BENCH_RUNS ?? 3);
const encoder = new TextEncoder();
const shops = ["Albert Heijn", "Café Noir", "NS Reizigers", "Bol.com", "Vattenfall", "Bakkerij Müller"];

/** An ING CSV of `rows` rows, each padded so the file is about `bytes` long (the import limits: 50,000 rows, 10 MB). */
function ingCsv(rows: number, bytes: number): Uint8Array {
  const header =
    '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"';
  const base = 120;
  const padding = Math.max(0, Math.floor((bytes - header.length) / rows) - base);
  const lines = [header];
  for (let index = 0; index < rows; index++) {
    const date = new Date(Date.UTC(2025, 0, 1) + Math.floor((index * 700) / rows) * 86_400_000);
    const cents = 150 + ((index * 7919) % 15_000);
    lines.push(
      [
        date.toISOString().slice(0, 10).replaceAll("-", ""),
        shops[index % shops.length],
        "NL91ABNA0417164300",
        "",
        "BA",
        "Af",
        `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}`,
        "Betaalautomaat",
        `Pasvolgnr 001 ${index} ${"x".repeat(padding)}`.slice(0, 400),
      ]
        .map((cell) => `"${cell}"`)
        .join(";"),
    );
  }
  return encoder.encode(lines.join("\r\n"));
}

async function drain(stream: ReadableStream<Uint8Array>): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += chunk.byteLength;
  return bytes;
}

const row = (name: string, probed: Probed<unknown>[]) => {
  const cells = probed.map(
    (run) =>
      `${(run.ms / 1000).toFixed(2).padStart(6)} s ${run.healthMaxMs.toFixed(0).padStart(6)} ${run.healthP99Ms.toFixed(0).padStart(5)} ${run.loopMaxMs.toFixed(0).padStart(5)}`,
  );
  console.log(`${name.padEnd(36)} ${cells.join("  |")}`);
};

/**
 * Each heavy request `runs` times, with /healthz asked every 5 ms from another thread meanwhile: the request's own
 * time, /healthz's slowest answer and p99, and the event loop's longest hold (ms). Issue 45's bar: every slowest
 * answer under 200 ms.
 */
export async function runResponsivenessBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: "memory://" });
  await migrateDatabase();
  const health = await healthServer();
  try {
    console.log(`${databaseUrl ? "PostgreSQL" : "PGlite in memory"}, ${runs} runs each`);
    console.log(`${"request".padEnd(36)} ${"time, /healthz max, p99, loop max (ms) per run".padEnd(30)}`);
    const idle = await whileProbed(health.port, () => new Promise((resolve) => setTimeout(resolve, 1000)));
    row("idle second", [idle]);

    const files = [
      { name: "import, 50,000 rows, ~1.9 MB", bytes: ingCsv(maxStatementRows, 1.9 * 1024 * 1024) },
      { name: "import, 50,000 rows, ~10 MB", bytes: ingCsv(maxStatementRows, maxStatementBytes - 64 * 1024) },
    ];
    for (const file of files) {
      const probed: Probed<unknown>[] = [];
      for (let run = 0; run < runs; run++) {
        const { owner, household } = await seedHousehold();
        const base = { userId: owner.id, householdId: household.id, accountId: await everydayAccountId(household.id) };
        const draft = await createImportDraft({ ...base, fileName: "bench.csv", bytes: file.bytes });
        if (!draft.ok) throw new Error(`${file.name}: no draft (${JSON.stringify(draft.problem)})`);
        const choices = { skipLines: new Set<number>(), categories: new Map<number, string>() };
        probed.push(await whileProbed(health.port, () => confirmImport({ ...base, draftId: draft.draftId, choices })));
      }
      row(`${file.name} (${(file.bytes.byteLength / 1024 / 1024).toFixed(1)} MB)`, probed);
    }

    for (const entries of [50_000, 100_000]) {
      const { owner, household } = await seedHousehold({ householdName: "Bench household" });
      await seedPremium(household.id);
      const seeding = performance.now();
      await seedBulkTransactions({ householdId: household.id, count: entries, from: "2024-01", to: "2026-12" });
      const base = { userId: owner.id, householdId: household.id };
      console.log(
        `\n${entries.toLocaleString("en")} entries (seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s)`,
      );
      const requests: { name: string; work: () => Promise<unknown> }[] = [
        {
          name: "CSV export, all months",
          work: async () => {
            const result = await exportTransactionsCsv({
              ...base,
              range: { from: "2024-01-01", to: "2026-12-31" },
              language: "en",
              decimal: "point",
            });
            if (!result.ok) throw new Error("CSV export refused");
            return drain(result.stream);
          },
        },
        { name: "JSON data export", work: async () => drain((await exportMyData({ userId: owner.id })).stream) },
        {
          name: "recurring page (list + suggestions)",
          work: async () => {
            const today = "2026-12-07";
            await listRecurring({ ...base, today });
            return detectRecurring({ ...base, today });
          },
        },
      ];
      for (const request of requests) {
        const probed: Probed<unknown>[] = [];
        for (let run = 0; run < runs; run++) probed.push(await whileProbed(health.port, request.work));
        row(request.name, probed);
      }
    }
    console.log(
      "\ntime: the request's own; /healthz max and p99: its answers (a database ping) asked every 5 ms from another thread",
    );
    console.log("meanwhile; loop max: the longest the event loop was held. Prints figures; never fails on timing.");
  } finally {
    await health.close();
    await stopWorkerPool();
    await closeDatabase();
  }
}
