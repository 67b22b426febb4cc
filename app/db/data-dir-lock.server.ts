import fs from "node:fs";
import path from "node:path";
import { errorCode } from "~/lib/errors";

export interface DataDirLock {
  release(): void;
}

export class DataDirLockedError extends Error {
  constructor(directory: string, pid: number) {
    super(
      `The embedded database in ${directory} is already in use by process ${pid}. ` +
        `Stop that process first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).`,
    );
    this.name = "DataDirLockedError";
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM";
  }
}

/**
 * PGlite allows one process per data directory. The lock file holds the owner's pid;
 * a lock left by a killed process (its pid no longer runs) is taken over, so SIGKILL needs no manual repair.
 */
export function acquireDataDirLock(directory: string): DataDirLock {
  const file = path.join(directory, "samen.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx" });
      const release = () => {
        try {
          if (fs.readFileSync(file, "utf8") === String(process.pid)) fs.unlinkSync(file);
        } catch {
          // already gone
        }
      };
      process.once("exit", release);
      return { release };
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
      const owner = Number.parseInt(fs.readFileSync(file, "utf8"), 10);
      if (Number.isFinite(owner) && owner !== process.pid && isRunning(owner)) {
        throw new DataDirLockedError(directory, owner);
      }
      fs.unlinkSync(file);
    }
  }
  throw new Error(`Could not lock ${directory}`);
}
