import { customType } from "drizzle-orm/pg-core";

/** PostgreSQL's bytea as a Uint8Array (Drizzle has no built-in bytea column for pg-core). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
  toDriver: (value) => Buffer.from(value.buffer, value.byteOffset, value.byteLength),
  fromDriver: (value) => new Uint8Array(value),
});
