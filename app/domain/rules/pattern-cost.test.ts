import { describe, expect, it } from "vitest";
import { maxCostlyPatternLength, patternCost } from "./pattern-cost";

describe("patternCost", () => {
  it.each([
    "^albert heijn",
    "netflix|spotify",
    "\\d{4}",
    "(ns|gvb) reizen",
    "^(?:ah|jumbo)\\b",
    "[a-z]+ \\d{2,4}",
    "(?i)rent",
    "a{0,50}",
    "x*y+z?",
    "[(]{2}",
    "\\({3}",
    "(?P<shop>ah) .*",
  ])("lets %j run", (pattern) => expect(patternCost(pattern)).toBeUndefined());

  // Issue 20: this 21-character pattern was accepted and made /app/rules/suggest take 5.5 s.
  it.each([
    ["(.?){1000}(.?){1000}x", "countedGroup"],
    ["(ab){2}", "countedGroup"],
    ["(?:a|b){3,}", "countedGroup"],
    [".{1000}", "largeCount"],
    ["a{2,51}", "largeCount"],
    ["a{50}b{50}c{1}", "largeCount"],
    ["(a+)+", "nestedQuantifier"],
    ["(.?)*x", "nestedQuantifier"],
    ["((a*)b)+", "nestedQuantifier"],
    ["(?:x[ab]+)?y", "nestedQuantifier"],
    ["a".repeat(maxCostlyPatternLength + 1), "tooLong"],
  ])("refuses %j (%s)", (pattern, cost) => expect(patternCost(pattern)).toBe(cost));
});
