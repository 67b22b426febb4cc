import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSameOriginPath, pagePathOf, safeRedirect, signInPath } from "./safe-redirect";

/** What a browser does with `Location: <value>` on a page of ours: the origin it ends up on. */
function originAfterRedirect(value: string, from = "https://samen.app/auth"): string {
  return new URL(value, from).origin;
}

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
    // Found by the outside review: normalising dot segments produced a protocol-relative path.
    "/.//evil.example",
    "/./\\evil.example",
    "/app/../..//evil.example",
    "/a/../..//evil.example/x",
    "/%2E//evil.example",
  ])("refuses %j and falls back to /app", (input) => {
    expect(safeRedirect(input)).toBe("/app");
  });

  it("refuses values that are not strings and very long ones", () => {
    expect(safeRedirect(undefined)).toBe("/app");
    expect(safeRedirect(["/app/goals"])).toBe("/app");
    expect(safeRedirect(`/${"a".repeat(5000)}`)).toBe("/app");
    expect(safeRedirect(null, "/")).toBe("/");
  });

  it("always returns a path on this site, for any generated input (property)", () => {
    const segment = fc.constantFrom(
      "",
      ".",
      "..",
      "%2E",
      "%2e%2e",
      "app",
      "evil.example",
      "\\",
      "%5C",
      "%2F",
      "@",
      ":",
      "?",
      "#",
      "%09",
      " ",
    );
    const pathLike = fc.array(segment, { maxLength: 8 }).map((parts) => parts.join("/"));
    const anyInput = fc.oneof(
      pathLike,
      pathLike.map((path) => `/${path}`),
      fc.string(),
      fc.webUrl(),
      fc.webPath(),
    );
    fc.assert(
      fc.property(anyInput, (input) => {
        const result = safeRedirect(input, "/app");
        expect(result.startsWith("/")).toBe(true);
        expect(isSameOriginPath(result)).toBe(true);
        expect(originAfterRedirect(result)).toBe("https://samen.app");
        expect(originAfterRedirect(result, "https://samen.app/app/goals/new")).toBe("https://samen.app");
      }),
      { numRuns: 5000 },
    );
  });

  it("builds the sign-in path with a safe redirectTo only", () => {
    expect(signInPath("/app/goals")).toBe("/auth?redirectTo=%2Fapp%2Fgoals");
    expect(signInPath("//evil.example")).toBe("/auth");
    expect(signInPath("/app")).toBe("/auth");
  });
});

describe("pagePathOf", () => {
  it("names the page behind a data request", () => {
    expect(pagePathOf(new URL("http://x/app/goals.data?_routes=routes%2Fapp%2Fgoals&month=5"))).toBe(
      "/app/goals?month=5",
    );
    expect(pagePathOf(new URL("http://x/_root.data?_routes=root"))).toBe("/");
    expect(pagePathOf(new URL("http://x/app/settings"))).toBe("/app/settings");
  });
});
