import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import pg from "pg";
import { closeDatabase, migrateDatabase, openDatabase } from "./client.server";

async function adminQuery(databaseUrl: string, statement: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * Gives the calling test file its own freshly migrated database: an in-memory PGlite,
 * or a throwaway database on the PostgreSQL server named by DATABASE_URL (dropped afterwards).
 */
export function useTestDatabase(): void {
  const serverUrl = process.env.DATABASE_URL;
  const name = `samen_test_${crypto.randomBytes(6).toString("hex")}`;
  beforeAll(async () => {
    if (serverUrl) {
      await adminQuery(serverUrl, `create database "${name}"`);
      const url = new URL(serverUrl);
      url.pathname = `/${name}`;
      await openDatabase({ databaseUrl: url.toString() });
    } else {
      await openDatabase({ dataDir: "memory://" });
    }
    await migrateDatabase();
  });
  afterAll(async () => {
    await closeDatabase();
    if (serverUrl) await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
  });
}
