import crypto from "node:crypto";
import fs from "node:fs";
import { afterAll, beforeAll, inject } from "vitest";
import { closeDatabase, migrateDatabase, openDatabase } from "./client.server";
import { adminQuery, databaseUrl } from "./server-admin";

/**
 * Gives the calling test file its own freshly migrated database: an in-memory PGlite, or a throwaway database on the
 * PostgreSQL server named by DATABASE_URL (dropped afterwards). Each starts as a copy of the one the global setup
 * migrated (test-template.global.ts); the migration step after it finds nothing left to do.
 */
export function useTestDatabase(): void {
  const serverUrl = process.env.DATABASE_URL;
  const name = `samen_test_${crypto.randomBytes(6).toString("hex")}`;
  beforeAll(async () => {
    const template = inject("databaseTemplate");
    if (serverUrl) {
      const copyOf = template?.kind === "postgres" ? ` template "${template.name}"` : "";
      await adminQuery(`create database "${name}"${copyOf}`, serverUrl);
      await openDatabase({ databaseUrl: databaseUrl(name, serverUrl) });
    } else {
      const initialData = template?.kind === "pglite" ? new Blob([fs.readFileSync(template.file)]) : undefined;
      await openDatabase({ dataDir: "memory://", initialData });
    }
    await migrateDatabase();
  });
  afterAll(async () => {
    await closeDatabase();
    if (serverUrl) await adminQuery(`drop database if exists "${name}" with (force)`, serverUrl);
  });
}
