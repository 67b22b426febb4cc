/**
 * Whether `value` is an object whose properties can be read by name (arrays included): the first step in checking
 * parsed JSON, stored settings or anything else of unknown shape, property by property.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
