import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { generatedSecretFile, MissingAuthSecretError, resolveAuthSecret } from "./auth-secret.server";

const dataDirs: string[] = [];
function freshDataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "samen-secret-"));
  dataDirs.push(dir);
  return path.join(dir, "data");
}
afterAll(() => dataDirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const production = { NODE_ENV: "production", PUBLIC_URL: "https://samen.example", DATA_DIR: ".data" } as const;

describe("AUTH_SECRET", () => {
  it("is required by a production deployment, with a message that says what to do", () => {
    expect(() => resolveAuthSecret({ ...production, AUTH_SECRET: undefined })).toThrow(MissingAuthSecretError);
    expect(() => resolveAuthSecret({ ...production, AUTH_SECRET: undefined })).toThrow(
      /AUTH_SECRET is not set.*openssl rand/,
    );
  });

  it("refuses the old published development secret in production", () => {
    expect(() =>
      resolveAuthSecret({ ...production, AUTH_SECRET: "samen-development-secret-do-not-use-in-production" }),
    ).toThrow(/old fixed development secret/);
  });

  it("uses the configured one when set", () => {
    expect(resolveAuthSecret({ ...production, AUTH_SECRET: "s".repeat(40) })).toBe("s".repeat(40));
  });

  it("is generated once for a local installation, stored readable only by its owner, and reused", () => {
    for (const local of [
      { NODE_ENV: "production" as const, PUBLIC_URL: undefined }, // npm start
      { NODE_ENV: "development" as const, PUBLIC_URL: undefined }, // npm run dev
    ]) {
      const DATA_DIR = freshDataDir();
      const secret = resolveAuthSecret({ ...local, DATA_DIR, AUTH_SECRET: undefined });
      expect(secret.length).toBeGreaterThanOrEqual(48);
      const file = path.join(DATA_DIR, generatedSecretFile);
      expect(fs.readFileSync(file, "utf8").trim()).toBe(secret);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      expect(resolveAuthSecret({ ...local, DATA_DIR, AUTH_SECRET: undefined })).toBe(secret);
      // Another installation gets another secret.
      expect(resolveAuthSecret({ ...local, DATA_DIR: freshDataDir(), AUTH_SECRET: undefined })).not.toBe(secret);
    }
  });
});
