// The work of `npm run bench:import`, loaded through Vite by bench/import.ts (the app's aliases).
import { performance } from "node:perf_hooks";
import { parse } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import { closeDatabase, migrateDatabase, openDatabase } from "~/db/client.server";
import { readStatementFile } from "~/domain/statements/read-file";
import { confirmImport, createImportDraft, previewImport } from "~/features/statement-import/statement-import.server";
import { everydayAccountId } from "~/features/money-accounts/everyday-account.server";
import { seedHousehold } from "../db/seed/budget";

const rows = Number(process.env.BENCH_ROWS ?? 50_000);
const encoder = new TextEncoder();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

const payees = ["Albert Heijn", "Café Noir", "NS Reizigers", "Bol.com", "Woonstichting Eigen Haard", "Vattenfall", "Zorgverzekeraar", "Bakkerij Müller"];

function day(index: number): string {
  const date = new Date(Date.UTC(2025, 0, 1) + Math.floor((index * 700) / rows) * 86_400_000);
  return date.toISOString().slice(0, 10);
}

function ingCsv(): Uint8Array {
  const lines = ['"Datum";"Naam / Omschrijving";"Rekening";"Tegenrekening";"Code";"Af Bij";"Bedrag (EUR)";"Mutatiesoort";"Mededelingen"'];
  for (let index = 0; index < rows; index++) {
    const income = index % 9 === 0;
    const cents = income ? 250_000 + (index % 50) * 100 : 150 + ((index * 7919) % 15_000);
    const amount = `${Math.floor(cents / 100).toLocaleString("de-DE")},${String(cents % 100).padStart(2, "0")}`;
    lines.push(
      [day(index).replaceAll("-", ""), payees[index % payees.length], "NL91ABNA0417164300", "", "BA", income ? "Bij" : "Af", amount, "Betaalautomaat", `Pasvolgnr 001 ${index}`]
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
    lines.push(`:61:${date}${date.slice(2)}${credit ? "C" : "D"}${Math.floor(cents / 100)},${String(cents % 100).padStart(2, "0")}NTRFNONREF//B${index}`);
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
      { name: "ING CSV", rows, bytes: ingCsv(), reference: "csv-parse alone", parseOnly: (text: string) => parse(text, { delimiter: ";", relax_quotes: true }).length },
      { name: "CAMT.053", rows: camtRows, bytes: camt(), reference: "fast-xml-parser alone", parseOnly: (text: string) => Object.keys(new XMLParser({ ignoreAttributes: false }).parse(text)).length },
      { name: "MT940", rows, bytes: mt940(), reference: "split into lines alone", parseOnly: (text: string) => text.split(/\r?\n/).length },
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
      const imported = await timed(() => confirmImport({ ...base, draftId: draft.draftId, choices: { skipLines: new Set(), categories: new Map() } }));
      if (!imported.value.ok) throw new Error(`${file.name}: not imported`);
      const again = await createImportDraft({ ...base, fileName: file.name, bytes: file.bytes });
      if (!again.ok) throw new Error("no draft");
      const reimport = await timed(() => confirmImport({ ...base, draftId: again.draftId, choices: { skipLines: new Set(), categories: new Map() } }));
      if (!reimport.value.ok || reimport.value.imported !== 0) throw new Error(`${file.name}: the re-import added rows`);
      console.log(
        `${file.name.padEnd(10)} ${file.rows.toLocaleString("en").padStart(7)} ${mb(file.bytes.byteLength).padStart(8)} ${`${seconds(reference.ms)} (${file.reference})`.padStart(24)} ${seconds(read.ms).padStart(12)} ${seconds(preview.ms).padStart(9)} ${seconds(imported.ms).padStart(9)} ${seconds(reimport.ms).padStart(10)} ${mb(process.memoryUsage().rss).padStart(9)}`,
      );
    }
    console.log("\nread: bytes to rows (encoding, format, reader); preview and import include reading the stored draft again;");
    console.log("re-import: the same file once more, every row found as a duplicate and nothing written.");
  } finally {
    await closeDatabase();
  }
}
