import { describe, expect, it } from "vitest";
import { pagePathOf, safeRedirect, signInPath } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/app", "/app"],
    ["/app/goals?month=2024-05#top", "/app/goals?month=2024-05#top"],
    ["/de/blog/sparen", "/de/blog/sparen"],
    ["/", "/"],
  ])("keeps the same-site path %s", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it.each([
    "//evil.example",
    "/\\evil.example",
    "\\\\evil.example",
    "https://evil.example/app",
    "http:/evil.example",
    "javascript:alert(1)",
    "evil.example",
    "/%2F%2Fevil.example",
    "/%5Cevil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "%2F%2Fevil.example",
    "",
    "   ",
    "/%E0%A4%A",
  ])("refuses %j and falls back to /app", (input) => {
    expect(safeRedirect(input)).toBe("/app");
  });

  it("refuses values that are not strings and very long ones", () => {
    expect(safeRedirect(undefined)).toBe("/app");
    expect(safeRedirect(["/app/goals"])).toBe("/app");
    expect(safeRedirect(`/${"a".repeat(5000)}`)).toBe("/app");
    expect(safeRedirect(null, "/")).toBe("/");
  });

  it("builds the sign-in path with a safe redirectTo only", () => {
    expect(signInPath("/app/goals")).toBe("/auth?redirectTo=%2Fapp%2Fgoals");
    expect(signInPath("//evil.example")).toBe("/auth");
    expect(signInPath("/app")).toBe("/auth");
  });
});

describe("pagePathOf", () => {
  it("names the page behind a data request", () => {
    expect(pagePathOf(new URL("http://x/app/goals.data?_routes=routes%2Fapp%2Fgoals&month=5"))).toBe("/app/goals?month=5");
    expect(pagePathOf(new URL("http://x/_root.data?_routes=root"))).toBe("/");
    expect(pagePathOf(new URL("http://x/app/settings"))).toBe("/app/settings");
  });
});
