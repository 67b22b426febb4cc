import { describe, expect, it } from "vitest";
import { isExcludedIp } from "./excluded-ip";

describe("isExcludedIp", () => {
  it("matches the configured address", () => {
    expect(isExcludedIp("203.0.113.7", "203.0.113.7")).toBe(true);
  });

  it("matches an IPv4 client reported in IPv6 form", () => {
    expect(isExcludedIp("::ffff:203.0.113.7", "203.0.113.7")).toBe(true);
  });

  it("accepts a comma-separated list with spaces", () => {
    expect(isExcludedIp("198.51.100.2", "203.0.113.7, 198.51.100.2")).toBe(true);
  });

  it("does not match other addresses, or anything when no list is set", () => {
    expect(isExcludedIp("203.0.113.8", "203.0.113.7")).toBe(false);
    expect(isExcludedIp("203.0.113.7", undefined)).toBe(false);
    expect(isExcludedIp("203.0.113.7", "")).toBe(false);
    expect(isExcludedIp(undefined, "203.0.113.7")).toBe(false);
  });

  it("compares IPv6 addresses case-insensitively", () => {
    expect(isExcludedIp("2001:DB8::1", "2001:db8::1")).toBe(true);
  });
});
