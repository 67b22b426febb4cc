import { describe, expect, it } from "vitest";
import { comparisonRows, includesRow } from "./plan-comparison";
import { features } from "./plans";

describe("the plan comparison", () => {
  it("shows every feature a plan can allow or withhold, so a new feature cannot go unmentioned", () => {
    const shown = new Set(comparisonRows.flatMap((row) => row.features));
    expect(features.filter((feature) => !shown.has(feature))).toEqual([]);
  });

  it("ticks budgets, recurring bills and statement import on both plans", () => {
    for (const key of ["budgets", "recurring", "statementImport"]) {
      const row = comparisonRows.find((candidate) => candidate.key === key);
      expect(row && [includesRow("free", row), includesRow("premium", row)], key).toEqual([true, true]);
    }
  });

  it("gives Premium a tick in every row and Free a dash where a feature is Premium's alone", () => {
    const ticked = comparisonRows.filter((row) => !("described" in row));
    expect(ticked.every((row) => includesRow("premium", row))).toBe(true);
    expect(ticked.filter((row) => !includesRow("free", row)).map((row) => row.key)).toEqual([
      "customCategories",
      "exports",
      "partners",
      "fairShare",
    ]);
  });
});
