// Vitest's global setup: migrates one database before any test file runs, and every file's own database starts as a
// copy of it (see test-database.ts). Thirty-odd migrations and PGlite's first start cost each file seconds otherwise.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { closeDatabase, dumpEmbeddedDatabase, migrateDatabase, openDatabase } from "./client.server";
import { adminQuery, databaseUrl } from "./server-admin";

declare module "vitest" {
  export interface ProvidedContext {
    /** A migrated PGlite data directory as a tar file, or the name of a migrated database on DATABASE_URL's server. */
    databaseTemplate: { kind: "pglite"; file: string } | { kind: "postgres"; name: string };
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `samen_template_${crypto.randomBytes(6).toString("hex")}`;
    await adminQuery(`create database "${name}"`, serverUrl);
    await openDatabase({ databaseUrl: databaseUrl(name, serverUrl) });
    await migrateDatabase();
    await closeDatabase();
    project.provide("databaseTemplate", { kind: "postgres", name });
    return () => adminQuery(`drop database if exists "${name}" with (force)`, serverUrl);
  }
  await openDatabase({ dataDir: "memory://" });
  await migrateDatabase();
  const file = path.join(os.tmpdir(), `samen-test-template-${process.pid}.tar`);
  fs.writeFileSync(file, Buffer.from(await (await dumpEmbeddedDatabase()).arrayBuffer()));
  await closeDatabase();
  project.provide("databaseTemplate", { kind: "pglite", file });
  return async () => fs.rmSync(file, { force: true });
}
