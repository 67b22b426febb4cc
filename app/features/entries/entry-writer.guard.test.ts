import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The one writer of entries (entry-writer.server.ts, decision 0017) is a promise only while nothing else writes the
 * table. Imports can be checked by dependency-cruiser and ESLint, but raw SQL escapes both, so this reads every source
 * file of the product, its seeds, scripts and benchmarks for a write to the entries table: Drizzle's
 * `.insert(transaction)`, `.update(transaction)`, `.delete(transaction)`, and `insert into`, `update`, `delete from`
 * the table in SQL text. Test files may set up states no person could make (a trigger's test writes raw rows), so
 * they and their helpers (`*.test-helpers.server.ts`) are the one exception.
 */

const root = path.resolve(import.meta.dirname, "../../..");
const writer = "app/features/entries/entry-writer.server.ts";
const scanned = ["app", "server", "db", "scripts", "bench", "tests"];

/** The SQL writes of one table, by its Drizzle name and its name in SQL text. */
function writesOf(drizzleName: string, sqlName: string): RegExp[] {
  const named = `(?:"${sqlName}"|\\$\\{${drizzleName}\\})`;
  return [
    new RegExp(`\\.(?:insert|update|delete)\\(\\s*${drizzleName}\\s*\\)`),
    new RegExp(`\\binsert\\s+into\\s+${named}`, "i"),
    new RegExp(`\\bupdate\\s+${named}`, "i"),
    new RegExp(`\\bdelete\\s+from\\s+${named}`, "i"),
    // Renaming the table on import would hide it from the patterns above.
    new RegExp(`\\b${drizzleName}\\s+as\\s+\\w+\\s*[,}]`),
  ];
}

const writes = writesOf("transaction", "transaction");

/**
 * Lines and payees (issue 44, decision 0037): an entry's lines are written by the writer alone, like the entry; payees
 * by the writer (made when an entry names one, titles kept on a rename) and the Payees screen and payee memory, which
 * act only on payees the member sees (`payeesSeenBy`).
 */
const otherTables = [
  { patterns: writesOf("entryLine", "entry_line"), writers: [writer] },
  {
    patterns: writesOf("payee", "payee"),
    writers: [writer, "app/features/entries/payees.server.ts", "app/features/entries/payee-memory.server.ts"],
  },
];

function sourceFiles(directory: string): string[] {
  return readdirSync(path.join(root, directory), { withFileTypes: true }).flatMap((item) => {
    const relative = path.join(directory, item.name);
    if (item.isDirectory())
      return item.name === "node_modules" || item.name === "migrations" ? [] : sourceFiles(relative);
    return /\.(?:ts|tsx|mjs|js)$/.test(item.name) && !/\.test(?:-helpers\.server)?\.tsx?$/.test(item.name)
      ? [relative]
      : [];
  });
}

/** Every line outside the writer that writes the entries table, as "file:line: text". */
function entryWritesOutsideTheWriter(
  files: readonly string[],
  read: (file: string) => string,
  patterns: readonly RegExp[] = writes,
  writers: readonly string[] = [writer],
): string[] {
  return files
    .filter((file) => !writers.includes(file))
    .flatMap((file) =>
      read(file)
        .split("\n")
        .flatMap((line, index) =>
          patterns.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
}

describe("the one writer of entries", () => {
  it("is the only module that writes the entries table", () => {
    const files = scanned.flatMap(sourceFiles);
    expect(files).toContain(writer);
    expect(entryWritesOutsideTheWriter(files, (file) => readFileSync(path.join(root, file), "utf8"))).toEqual([]);
  });

  it("is the only module that writes entries' lines, and payees are written only by it and the payees' own modules", () => {
    const files = scanned.flatMap(sourceFiles);
    const read = (file: string) => readFileSync(path.join(root, file), "utf8");
    for (const table of otherTables)
      expect(entryWritesOutsideTheWriter(files, read, table.patterns, table.writers)).toEqual([]);
    const offenders: Record<string, string> = {
      "a.ts": "await db().insert(entryLine).values(row);",
      "b.ts": 'sql`update "entry_line" set "amount_minor" = 1`',
      "c.ts": "await tx.update(payee).set({ name });",
      "d.ts": "sql`delete from ${payee} where true`",
    };
    const found = otherTables.flatMap((table) =>
      entryWritesOutsideTheWriter(
        Object.keys(offenders),
        (file) => offenders[file] ?? "",
        table.patterns,
        table.writers,
      ),
    );
    expect(found.map((line) => line.split(":")[0]).sort()).toEqual(Object.keys(offenders));
  });

  it("finds every way of writing the table that it looks for", () => {
    const offenders = {
      "a.ts": "await db().insert(transaction).values(row);",
      "b.ts": "await tx.update( transaction ).set({ shared: true });",
      "c.ts": "await tx.delete(transaction).where(matches);",
      "d.ts": 'await db().execute(sql`INSERT INTO "transaction" ("id") values (1)`);',
      "e.ts": 'sql`update "transaction" set "shared" = true`',
      "f.ts": "sql`delete from ${transaction} where true`",
      "g.ts": 'import { transaction as entries } from "~/db/schema";',
    };
    const innocent = {
      "h.ts": "await db().transaction(async (tx) => tx.select().from(transaction));",
      "i.ts": 'sql`select count(*) from "transaction" where "household_id" = ${id}`',
      [writer]: "await executor.insert(transaction).values(rows);",
    };
    const all: Record<string, string> = { ...offenders, ...innocent };
    const found = entryWritesOutsideTheWriter(Object.keys(all), (file) => all[file] ?? "");
    expect(found.map((line) => line.split(":")[0])).toEqual(Object.keys(offenders));
  });
});
