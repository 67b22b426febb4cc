/**
 * A row's version as forms carry it: microseconds since 1970 as a decimal string (features/platform/row-version.server.ts
 * explains why). Shared by the server and the forms; client-safe.
 */
export function isRowVersion(value: string): boolean {
  return /^\d{1,18}$/.test(value);
}

/** What a use case answers when a save was based on an old version: the row as it is now, or gone. */
export type Conflict<Current> = { conflict: "changed"; current: Current } | { conflict: "gone" };
