// The work of `npm run bench:import`, loaded through Vite by bench/import.ts (the app's aliases).
import { performance } from "node:perf_hooks";
import { eq } from "drizzle-orm";
import { parse } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import { closeDatabase, db, migrateDatabase, openDatabase } from "~/db/client.server";
import { importDraft, rule } from "~/db/schema";
import { readStatementFile } from "~/domain/statements/read-file";
import { confirmImport, createImportDraft, previewImport } from "~/features/statement-import/statement-import.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { createRule } from "~/features/rules/rules.server";
import { stopWorkerPool } from "~/lib/worker-pool.server";
import { seedHousehold } from "../db/seed/budget";
import { healthServer, whileProbed } from "./health-probe.server.ts";

const rows = Number(process.env.BENCH_ROWS ?? 50_000);
const encoder = new TextEncoder();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const payees = [
  "Albert Heijn",
  "Café Noir",
  "NS Reizigers",
  "Bol.com",
  "Woonstichting Eigen Haard",
  "Vattenfall",
  "Zorgverzekeraar",
  "Bakkerij Müller",
];

function day(index: number): string {
  const date = new Date(Date.UTC(2025, 0, 1) + Math.floor((index * 700) / rows) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

function ingCsv(): Uint8Array {
  const lines = [
    '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"',
  ];
  for (let index = 0; index < rows; index++) {
    const income = index % 9 === 0;
    const cents = income ? 250_000 + (index % 50) * 100 : 150 + ((index * 7919) % 15_000);
    const amount = `${Math.floor(cents / 100).toLocaleString("de-DE")},${String(cents % 100).padStart(2, "0")}`;
    lines.push(
      [
        day(index).replaceAll("-", ""),
        payees[index % payees.length],
        "NL91ABNA0417164300",
        "",
        "BA",
        income ? "Bij" : "Af",
        amount,
        "Betaalautomaat",
        `Pasvolgnr 001 ${index}`,
      ]
        .map((cell) => `"${cell}"`)
        .join(";"),
    );
  }
  return encoder.encode(lines.join("\r\n"));
}

/** CAMT spends about 350 bytes per entry, so 50,000 entries would pass the 10 MB upload limit: 25,000 at most. */
const camtRows = Math.min(rows, 25_000);

function camt(): Uint8Array {
  const entries: string[] = [];
  for (let index = 0; index < camtRows; index++) {
    const credit = index % 9 === 0;
    const cents = credit ? 250_000 : 150 + ((index * 7919) % 15_000);
    entries.push(
      `<Ntry><NtryRef>${index}</NtryRef><Amt Ccy="EUR">${(cents / 100).toFixed(2)}</Amt><CdtDbtInd>${credit ? "CRDT" : "DBIT"}</CdtDbtInd><Sts>BOOK</Sts>` +
        `<BookgDt><Dt>${day(index)}</Dt></BookgDt><ValDt><Dt>${day(index)}</Dt></ValDt><AcctSvcrRef>REF${index}</AcctSvcrRef><BkTxCd/>` +
        `<NtryDtls><TxDtls><RltdPties><${credit ? "Dbtr" : "Cdtr"}><Nm>${payees[index % payees.length]}</Nm></${credit ? "Dbtr" : "Cdtr"}></RltdPties>` +
        `<RmtInf><Ustrd>Rechnung ${index}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`,
    );
  }
  return encoder.encode(
    `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><GrpHdr><MsgId>B</MsgId><CreDtTm>2026-11-25T00:00:00</CreDtTm></GrpHdr>` +
      `<Stmt><Id>S1</Id><CreDtTm>2026-11-25T00:00:00</CreDtTm><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>${entries.join("")}</Stmt></BkToCstmrStmt></Document>`,
  );
}

function mt940(): Uint8Array {
  const lines = [":20:BENCH", ":25:DE89370400440532013000", ":28C:1/1", ":60F:C250101EUR0,00"];
  for (let index = 0; index < rows; index++) {
    const credit = index % 9 === 0;
    const cents = credit ? 250_000 : 150 + ((index * 7919) % 15_000);
    const date = day(index).slice(2).replaceAll("-", "");
    lines.push(
      `:61:${date}${date.slice(2)}${credit ? "C" : "D"}${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}NTRFNONREF//B${index}`,
    );
    lines.push(`:86:166?00GUTSCHRIFT?20Rechnung ${index}?32${payees[index % payees.length]}`);
  }
  lines.push(":62F:C261231EUR0,00", "-");
  return encoder.encode(lines.join("\r\n"));
}

async function timed<T>(work: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
}

export async function runImportBench(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  await openDatabase(databaseUrl ? { databaseUrl } : { dataDir: "memory://" });
  await migrateDatabase();
  try {
    const files = [
      {
        name: "ING CSV",
        rows,
        bytes: ingCsv(),
        reference: "csv-parse alone",
        parseOnly: (text: string) => parse(text, { delimiter: ";", relax_quotes: true }).length,
      },
      {
        name: "CAMT.053",
        rows: camtRows,
        bytes: camt(),
        reference: "fast-xml-parser alone",
        parseOnly: (text: string) => Object.keys(new XMLParser({ ignoreAttributes: false }).parse(text)).length,
      },
      {
        name: "MT940",
        rows,
        bytes: mt940(),
        reference: "split into lines alone",
        parseOnly: (text: string) => text.split(/\r?\n/).length,
      },
    ];
    console.log(`${databaseUrl ? "PostgreSQL" : "PGlite in memory"}\n`);
    console.log(
      `${"file".padEnd(10)} ${"rows".padStart(7)} ${"size".padStart(8)} ${"reference".padStart(24)} ${"read (ours)".padStart(12)} ${"preview".padStart(9)} ${"import".padStart(9)} ${"re-import".padStart(10)} ${"RSS".padStart(9)}`,
    );
    for (const file of files) {
      const { owner, household } = await seedHousehold();
      const base = { userId: owner.id, householdId: household.id, accountId: await everydayAccountId(household.id) };
      const text = new TextDecoder().decode(file.bytes);
      const reference = await timed(() => file.parseOnly(text));
      const read = await timed(() => readStatementFile(file.bytes));
      if (read.value.kind !== "statement") throw new Error(`${file.name}: ${JSON.stringify(read.value).slice(0, 200)}`);
      const draft = await createImportDraft({ ...base, fileName: file.name, bytes: file.bytes });
      if (!draft.ok) throw new Error("no draft");
      const preview = await timed(() => previewImport({ ...base, draftId: draft.draftId }));
      const imported = await timed(() =>
        confirmImport({ ...base, draftId: draft.draftId, choices: { skipLines: new Set(), categories: new Map() } }),
      );
      if (!imported.value.ok) throw new Error(`${file.name}: not imported`);
      const again = await createImportDraft({ ...base, fileName: file.name, bytes: file.bytes });
      if (!again.ok) throw new Error("no draft");
      const reimport = await timed(() =>
        confirmImport({ ...base, draftId: again.draftId, choices: { skipLines: new Set(), categories: new Map() } }),
      );
      if (!reimport.value.ok || reimport.value.imported !== 0)
        throw new Error(`${file.name}: the re-import added rows`);
      console.log(
        `${file.name.padEnd(10)} ${file.rows.toLocaleString("en").padStart(7)} ${mb(file.bytes.byteLength).padStart(8)} ${`${seconds(reference.ms)} (${file.reference})`.padStart(24)} ${seconds(read.ms).padStart(12)} ${seconds(preview.ms).padStart(9)} ${seconds(imported.ms).padStart(9)} ${seconds(reimport.ms).padStart(10)} ${mb(process.memoryUsage().rss).padStart(9)}`,
      );
    }
    console.log(
      "\nread: bytes to rows (encoding, format, reader); preview and import include reading the stored draft again;",
    );
    console.log("re-import: the same file once more, every row found as a duplicate and nothing written.");
    await adversarialBench();
  } finally {
    await stopWorkerPool();
    await closeDatabase();
  }
}

// ---------------------------------------------------------------------------------------------------------------------
// The adversarial set (issue 20): files and a rule pattern made to hold the server. Each is uploaded and previewed as a
// user would; beside it, /healthz is asked every 5 ms from another thread, and its slowest answer printed.

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(0)} KB` : mb(bytes);
const comments = (count: number) => encoder.encode(`${"<!---->".repeat(count)}x`);

function wideCsv(columns: number): Uint8Array {
  const header = Array.from({ length: columns }, (_, index) => `c${index}`).join(";");
  const row = Array.from({ length: columns }, (_, index) => (index === 0 ? "02-01-2026" : "1")).join(";");
  return encoder.encode(`${header}\n${row}\n`);
}

function nestedCamt(depth: number): Uint8Array {
  return encoder.encode(
    `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Ntry>${"<x>".repeat(depth)}${"</x>".repeat(depth)}</Ntry></Stmt></BkToCstmrStmt></Document>`,
  );
}

function ingRows(count: number): Uint8Array {
  const lines = [
    '"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"',
  ];
  for (let index = 0; index < count; index++)
    lines.push(
      `"20260102";"${payees[index % payees.length]}";"NL91ABNA0417164300";"";"BA";"Af";"3,50";"Betaalautomaat";"Pasvolgnr ${index}"`,
    );
  return encoder.encode(lines.join("\r\n"));
}

function outcome(value: Awaited<ReturnType<typeof previewImport>>): string {
  if (value.kind === "problem")
    return value.problem.kind === "file" ? `refused: ${value.problem.error.code}` : `refused: ${value.problem.kind}`;
  if (value.kind === "needs-mapping") return "read: needs mapping";
  return `read: ${value.kind}`;
}

async function adversarialBench(): Promise<void> {
  const health = await healthServer();
  try {
    const { owner, household } = await seedHousehold();
    const base = { userId: owner.id, householdId: household.id, accountId: await everydayAccountId(household.id) };
    /** Uploads the file, then previews it while /healthz is asked (the upload is the same for any file of its size). */
    const preview = async (name: string, bytes: Uint8Array) => {
      const draft = await createImportDraft({ ...base, fileName: name, bytes });
      if (!draft.ok) throw new Error(`${name}: no draft (${JSON.stringify(draft.problem)})`);
      const run = await whileProbed(health.port, () => previewImport({ ...base, draftId: draft.draftId }));
      // Drafts count towards the household's quota: this one has been looked at.
      await db().delete(importDraft).where(eq(importDraft.householdId, household.id));
      return run;
    };
    // The pool's thread is started, as at the server's start-up.
    await preview("warm-up", ingRows(10));
    const idle = await whileProbed(health.port, () => new Promise((resolve) => setTimeout(resolve, 1000)));
    const files: { name: string; bytes: Uint8Array }[] = [
      { name: "reference: ING CSV, 1,000 rows", bytes: ingRows(1000) },
      { name: "28 empty comments + a letter", bytes: comments(28) },
      { name: "40 empty comments + a letter", bytes: comments(40) },
      {
        name: "CSV, first cell 40 KB of T",
        bytes: encoder.encode(`${"T".repeat(40_000)};Omschrijving;Bedrag\n02-01-2026;Koffie;-3,50\n`),
      },
      { name: "CSV, 100,000 columns", bytes: wideCsv(100_000) },
      { name: "CAMT, an entry nested 100,000 deep", bytes: nestedCamt(100_000) },
    ];
    console.log(
      `\nAdversarial set (issue 20): the server's time to refuse or read each, and /healthz's slowest answer meanwhile`,
    );
    console.log(`/healthz while idle: slowest ${idle.healthMaxMs.toFixed(1)} ms over ${idle.probes} answers in 1 s\n`);
    console.log(
      `${"input".padEnd(38)} ${"size".padStart(7)} ${"server time".padStart(12)} ${"/healthz max".padStart(13)} ${"answers".padStart(8)} ${"loop max".padStart(9)}  outcome`,
    );
    const line = (
      name: string,
      size: string,
      run: { ms: number; healthMaxMs: number; probes: number; loopMaxMs: number },
      result: string,
    ) =>
      console.log(
        `${name.padEnd(38)} ${size.padStart(7)} ${seconds(run.ms).padStart(12)} ${`${run.healthMaxMs.toFixed(1)} ms`.padStart(13)} ${String(run.probes).padStart(8)} ${`${run.loopMaxMs.toFixed(0)} ms`.padStart(9)}  ${result}`,
      );
    for (const file of files) {
      const run = await preview(file.name, file.bytes);
      line(file.name, size(file.bytes.byteLength), run, outcome(run.value));
    }

    // The rule pattern: refused when saved; stored anyway (as before the check), it never runs over a preview's rows.
    const costly = "(.?){1000}(.?){1000}x";
    const refused = await whileProbed(health.port, () =>
      createRule({
        ...base,
        input: {
          conditions: [{ field: "description", operator: "regex", value: costly }],
          actions: { rename: "Coffee" },
        },
      }),
    );
    line(
      `rule ${costly}: save`,
      `${costly.length} B`,
      refused,
      refused.value.ok
        ? "saved (!)"
        : `refused: ${JSON.stringify(Object.values("fieldErrors" in refused.value ? (refused.value.fieldErrors ?? {}) : {}))}`,
    );
    const saved = await createRule({
      ...base,
      input: {
        conditions: [{ field: "description", operator: "regex", value: "^koffie" }],
        actions: { rename: "Coffee" },
      },
    });
    if (!saved.ok) throw new Error(`benign rule refused: ${JSON.stringify(saved)}`);
    await db()
      .update(rule)
      .set({ conditions: [{ field: "description", operator: "regex", value: costly }] })
      .where(eq(rule.householdId, household.id));
    const stored = await preview("ING CSV, 1,000 rows, stored costly rule", ingRows(1000));
    line("stored costly rule, 1,000-row preview", size(ingRows(1000).byteLength), stored, outcome(stored.value));
    console.log(
      "\nserver time: the preview of the uploaded file (read on a worker thread with a 5 s budget, rules, duplicates),",
    );
    console.log(
      "or saving the rule; /healthz max: the slowest of its answers (a database ping), asked every 5 ms from another",
    );
    console.log(
      "thread meanwhile; loop max: the longest the event loop was held (monitorEventLoopDelay). With PGlite the database",
    );
    console.log("runs on the event loop too, so a ping waits for the preview's own queries.");
  } finally {
    await health.close();
  }
}
