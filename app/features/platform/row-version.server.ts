import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { data } from "react-router";
import { isRowVersion, type Conflict } from "~/lib/row-version";

/**
 * Optimistic concurrency for rows two household members may edit at once (entries, goals, rules, recurring series,
 * money accounts, custom categories, budgets). The row's existing `updated_at` is its version; no extra column.
 *
 * The version travels as the number of microseconds since 1970, computed in SQL. A JavaScript Date holds only
 * milliseconds while timestamptz holds microseconds, so reading `updated_at` into a Date and sending it back would
 * never match a row written by `now()`; the integer string round-trips exactly (see row-version.server.test.ts).
 */

/** Selects the row's version: `versionOf(goal.updatedAt)` in a select list. */
export function versionOf(updatedAt: PgColumn): SQL<string> {
  return sql<string>`((extract(epoch from ${updatedAt}) * 1000000)::bigint)::text`;
}

/**
 * The condition "the row is still at the version the form was loaded with". A missing or malformed version never
 * matches: a save that cannot prove which version it saw is treated as a conflict, never as last-write-wins.
 */
export function atVersion(updatedAt: PgColumn, version: string | undefined): SQL {
  if (!version || !isRowVersion(version)) return sql`false`;
  return sql`(extract(epoch from ${updatedAt}) * 1000000)::bigint = ${version}::bigint`;
}

/**
 * The new `updated_at` of a saved row. Always later than the old one, even for two saves within the same clock tick
 * (or a clock that stepped back), so every successful save gives a new version.
 */
export function nextVersion(updatedAt: PgColumn): SQL<Date> {
  return sql<Date>`greatest(now(), ${updatedAt} + interval '1 microsecond')`;
}

/**
 * The HTTP answer to a refused stale save: 409 with the row as it is now (the form shows it and offers "use theirs" or
 * "save mine anyway"), or 404 when the row was deleted meanwhile. `build` shapes the feature's own action result.
 */
export function conflictAnswer<Current, Answer>(
  result: Conflict<Current>,
  build: (form: "conflict.changed" | "conflict.gone", current?: Current) => Answer,
) {
  return result.conflict === "changed"
    ? data(build("conflict.changed", result.current), { status: 409 })
    : data(build("conflict.gone"), { status: 404 });
}
