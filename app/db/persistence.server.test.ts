import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { closeDatabase, db, migrateDatabase, openDatabase } from "./client.server";
import { user } from "./schema";

const child = path.join(import.meta.dirname, "fixtures/write-and-die.ts");

function runChild(dataDir: string, id: string, mode: "kill" | "close") {
  return spawnSync(process.execPath, ["--import", "tsx", child, dataDir, id, mode], {
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe.skipIf(Boolean(process.env.DATABASE_URL))("embedded database on disk", () => {
  it("keeps what was written across a clean stop and a SIGKILL, with no manual repair", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-persist-"));
    const closed = runChild(dataDir, "closed", "close");
    expect(closed.status, closed.stderr).toBe(0);
    const killed = runChild(dataDir, "killed", "kill");
    expect(killed.signal).toBe("SIGKILL");
    expect(fs.existsSync(path.join(dataDir, "samen.lock"))).toBe(true);

    await openDatabase({ dataDir });
    await migrateDatabase();
    const ids = (await db().select({ id: user.id }).from(user)).map((row) => row.id).sort();
    await closeDatabase();
    expect(ids).toEqual(["closed", "killed"]);

    // A loader still running at shutdown: its next statement is refused as a rejection its route handles, never a
    // synchronous throw that would leave a Promise.all's other promises unhandled.
    let statement: Promise<unknown> | undefined;
    expect(() => (statement = db().select({ id: user.id }).from(user).execute())).not.toThrow();
    const refusal: unknown = await statement?.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refusal).toMatchObject({ cause: { message: expect.stringMatching(/closed/i) } });
  });
});
