import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { closeDatabase, migrateDatabase, openDatabase } from "./client.server";
import { adminQuery, databaseUrl } from "./server-admin";

/**
 * Gives the calling test file its own freshly migrated database: an in-memory PGlite,
 * or a throwaway database on the PostgreSQL server named by DATABASE_URL (dropped afterwards).
 */
export function useTestDatabase(): void {
  const serverUrl = process.env.DATABASE_URL;
  const name = `samen_test_${crypto.randomBytes(6).toString("hex")}`;
  beforeAll(async () => {
    if (serverUrl) {
      await adminQuery(`create database "${name}"`, serverUrl);
      await openDatabase({ databaseUrl: databaseUrl(name, serverUrl) });
    } else {
      await openDatabase({ dataDir: "memory://" });
    }
    await migrateDatabase();
  });
  afterAll(async () => {
    await closeDatabase();
    if (serverUrl) await adminQuery(`drop database if exists "${name}" with (force)`, serverUrl);
  });
}
