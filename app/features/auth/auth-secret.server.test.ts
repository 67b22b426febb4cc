import { describe, expect, it } from "vitest";
import { MissingAuthSecretError, resolveAuthSecret } from "./auth-secret.server";

describe("AUTH_SECRET", () => {
  it("is required in production, with a message that says what to do", () => {
    expect(() => resolveAuthSecret({ NODE_ENV: "production", AUTH_SECRET: undefined })).toThrow(MissingAuthSecretError);
    expect(() => resolveAuthSecret({ NODE_ENV: "production", AUTH_SECRET: undefined })).toThrow(/AUTH_SECRET is not set.*openssl rand/);
  });

  it("falls back to a fixed development secret elsewhere, and uses the configured one when set", () => {
    expect(resolveAuthSecret({ NODE_ENV: "development", AUTH_SECRET: undefined })).toMatch(/development/);
    expect(resolveAuthSecret({ NODE_ENV: "production", AUTH_SECRET: "s".repeat(40) })).toBe("s".repeat(40));
  });
});
