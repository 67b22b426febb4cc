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

const writes = [
  /\.(?:insert|update|delete)\(\s*transaction\s*\)/,
  /\binsert\s+into\s+(?:"transaction"|\$\{transaction\})/i,
  /\bupdate\s+(?:"transaction"|\$\{transaction\})/i,
  /\bdelete\s+from\s+(?:"transaction"|\$\{transaction\})/i,
  // Renaming the table on import would hide it from the patterns above.
  /\btransaction\s+as\s+\w+\s*[,}]/,
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
function entryWritesOutsideTheWriter(files: readonly string[], read: (file: string) => string): string[] {
  return files
    .filter((file) => file !== writer)
    .flatMap((file) =>
      read(file)
        .split("\n")
        .flatMap((line, index) =>
          writes.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
}

describe("the one writer of entries", () => {
  it("is the only module that writes the entries table", () => {
    const files = scanned.flatMap(sourceFiles);
    expect(files).toContain(writer);
    expect(entryWritesOutsideTheWriter(files, (file) => readFileSync(path.join(root, file), "utf8"))).toEqual([]);
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
