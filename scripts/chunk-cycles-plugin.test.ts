import { describe, expect, it } from "vitest";
import { importCycle } from "./chunk-cycles-plugin";

const graph = (entries: Record<string, string[]>) => new Map(Object.entries(entries));

describe("importCycle", () => {
  it("finds none in a graph that only points one way, shared files included", () => {
    expect(
      importCycle(
        graph({
          "layout.js": ["tool-shell.js", "framework.js"],
          "tool-shell.js": ["framework.js", "site.js"],
          "site.js": ["framework.js"],
          "framework.js": [],
          "home.js": ["site.js", "framework.js"],
        }),
      ),
    ).toBeNull();
  });

  it("names the files of a cycle, however far round it goes", () => {
    expect(importCycle(graph({ "tool-shell.js": ["layout.js"], "layout.js": ["tool-shell.js"] }))).toEqual([
      "tool-shell.js",
      "layout.js",
      "tool-shell.js",
    ]);
    expect(
      importCycle(graph({ "a.js": ["b.js"], "b.js": ["c.js"], "c.js": ["d.js"], "d.js": ["b.js"], "e.js": [] })),
    ).toEqual(["b.js", "c.js", "d.js", "b.js"]);
  });

  it("takes a file that imports itself and files it only imports", () => {
    expect(importCycle(graph({ "a.js": ["a.js"] }))).toEqual(["a.js", "a.js"]);
    expect(importCycle(graph({ "a.js": ["missing.js"] }))).toBeNull();
  });

  it("walks a long chain without running out of stack", () => {
    const chain = graph(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`${i}.js`, [`${i + 1}.js`]])));
    expect(importCycle(chain)).toBeNull();
    chain.set("50000.js", ["0.js"]);
    expect(importCycle(chain)?.length).toBe(50_002);
  });
});
