import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { acquireDataDirLock, DataDirLockedError } from "./data-dir-lock.server";

describe("data directory lock", () => {
  const directory = () => fs.mkdtempSync(path.join(os.tmpdir(), "samen-lock-"));

  it("refuses a second owner while the first one runs", () => {
    const dir = directory();
    fs.writeFileSync(path.join(dir, "samen.lock"), String(process.ppid));
    expect(() => acquireDataDirLock(dir)).toThrow(DataDirLockedError);
  });

  it("takes over a lock left by a process that no longer runs (after SIGKILL)", () => {
    const dir = directory();
    fs.writeFileSync(path.join(dir, "samen.lock"), "2147483646");
    const lock = acquireDataDirLock(dir);
    expect(fs.readFileSync(path.join(dir, "samen.lock"), "utf8")).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, "samen.lock"))).toBe(false);
  });
});
