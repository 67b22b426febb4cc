import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("configuration", () => {
  it("starts with nothing set", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
    // This machine only: the development outbox of a local installation holds live reset links.
    expect(config.HOST).toBe("127.0.0.1");
    expect(config.TRANSLATION_PROVIDER).toBe("none");
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("reports one clear line per bad variable", () => {
    try {
      parseConfig({ PORT: "abc", DATABASE_URL: "mysql://x", LOG_LEVEL: "loud" });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const problems = (error as ConfigError).problems;
      expect(problems).toHaveLength(3);
      expect(problems.find((line) => line.startsWith("DATABASE_URL:"))).toMatch(/postgres:\/\//);
    }
  });

  it("names a bad variable but never prints its value (it may be a secret)", () => {
    const secrets = {
      AUTH_SECRET: "short-but-secret",
      SMTP_URL: "smtp://mailer:hunter2-password@ not a url",
      DATABASE_URL: "mysql://root:db-pass@x",
    };
    try {
      parseConfig(secrets);
      expect.unreachable();
    } catch (error) {
      const text = (error as ConfigError).message;
      expect(text).toMatch(/AUTH_SECRET/);
      expect(text).toMatch(/SMTP_URL/);
      expect(text).toMatch(/DATABASE_URL/);
      for (const value of ["short-but-secret", "hunter2", "db-pass"]) expect(text).not.toContain(value);
    }
  });

  it("trusts only loopback proxies unless TRUST_PROXY says otherwise", () => {
    expect(parseConfig({}).TRUST_PROXY).toBe("loopback");
    expect(parseConfig({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe(1);
    expect(parseConfig({ TRUST_PROXY: "loopback, 10.0.0.0/8, fd00::1" }).TRUST_PROXY).toBe(
      "loopback, 10.0.0.0/8, fd00::1",
    );
    expect(() => parseConfig({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY/);
  });
});

describe(".env.example", () => {
  it("lists every variable the configuration reads", async () => {
    const fs = await import("node:fs");
    const { configSchema } = await import("./config.server");
    const example = fs.readFileSync(new URL("../.env.example", import.meta.url), "utf8");
    const listed = new Set([...example.matchAll(/^([A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(Object.keys(configSchema.shape).filter((name) => !listed.has(name))).toEqual([]);
  });
});
