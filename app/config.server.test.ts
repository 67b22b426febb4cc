import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("configuration", () => {
  it("starts with nothing set", () => {
    const config = parseConfig({});
    expect(config.PORT).toBe(3000);
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
      expect(problems.find((line) => line.startsWith("DATABASE_URL="))).toMatch(/postgres:\/\//);
    }
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
