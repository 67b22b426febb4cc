/**
 * The rows of a raw `db().execute(sql…)` answer. Both drivers answer `{ rows }` (PGlite and node-postgres), and Drizzle
 * types that answer loosely, so this is the one place that reads it. `Row` is what the hand-written SQL promises: name
 * its columns with `as` to match, and remember that node-postgres returns bigint and numeric as strings.
 */
export function rowsOf<Row extends object = Record<string, unknown>>(result: unknown): Row[] {
  const rows: unknown = typeof result === "object" && result !== null && "rows" in result ? result.rows : result;
  if (!Array.isArray(rows)) throw new TypeError("A raw query answered without rows.");
  return rows as Row[];
}
