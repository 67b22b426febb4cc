import fs from "node:fs";
import { embeddedDatabaseDirectory } from "./client.server";

/**
 * Free space the embedded database keeps in hand. A full disk is harmless while PostgreSQL only extends a table (the
 * statement fails with 53100 and nothing else changes), but when it cannot create the next 16 MB write-ahead log
 * segment it stops, and PGlite takes the whole process down with it (a WebAssembly abort). Refusing writes while
 * less than a few segments' worth is free keeps the app up, reading, and able to write again once space is freed.
 */
export const embeddedDiskReserveBytes = 64 * 1024 * 1024;

/** True when the embedded database's disk has less free space than the reserve; always false on PostgreSQL. */
export function embeddedDiskIsLow(): boolean {
  const directory = embeddedDatabaseDirectory();
  if (!directory) return false;
  try {
    const { bavail, bsize } = fs.statfsSync(directory);
    return bavail * bsize < embeddedDiskReserveBytes;
  } catch {
    return false; // a file system that cannot say: the database's own errors still answer 507
  }
}
