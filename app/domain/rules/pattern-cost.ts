/**
 * Whether a rule's regular expression costs too much to run, read from its syntax alone (issue 20). RE2 matches in
 * time linear in the text, but times the size of its program, and re2-wasm neither says that size nor lets a match be
 * interrupted: the 21 characters `(.?){1000}(.?){1000}x` made one suggestion take 5.5 s. So a pattern is refused when
 * it repeats a group a counted number of times, counts above `maxCount` (or above `maxCountTotal` all together),
 * puts a quantifier on a group that holds one (nested quantifiers), or is longer than `maxCostlyPatternLength`.
 * Ordinary patterns (`^albert heijn`, `netflix|spotify`, `\d{4}`, `(ns|gvb) reizen`) pass.
 */

export const maxCostlyPatternLength = 200;
/** The largest bound of one counted repetition (`x{50}`, `\d{2,50}`). */
export const maxCount = 50;
/** The bounds of all counted repetitions of a pattern together. */
export const maxCountTotal = 100;

export type PatternCost = "tooLong" | "countedGroup" | "largeCount" | "nestedQuantifier";

interface Group {
  /** Whether anything inside the group (at any depth) carries a quantifier. */
  quantified: boolean;
}

const counted = /^\{(\d{1,9})(?:,(\d{0,9}))?\}/;

/** Why a pattern is too costly to run, or undefined when it is not. */
export function patternCost(pattern: string): PatternCost | undefined {
  if (pattern.length > maxCostlyPatternLength) return "tooLong";
  const groups: Group[] = [{ quantified: false }];
  /** What the next quantifier applies to: a single item, a group (and whether it holds a quantifier), or nothing. */
  let previous: { kind: "item" } | { kind: "group"; quantified: boolean } | { kind: "none" } = { kind: "none" };
  let total = 0;
  let at = 0;
  while (at < pattern.length) {
    const char = pattern[at]!;
    if (char === "\\") {
      at += 2;
      previous = { kind: "item" };
      continue;
    }
    if (char === "[") {
      // A class is one item: skip to its closing bracket (a "]" right after "[" or "[^" is a member).
      let end = at + 1;
      if (pattern[end] === "^") end++;
      if (pattern[end] === "]") end++;
      while (end < pattern.length && pattern[end] !== "]") end += pattern[end] === "\\" ? 2 : 1;
      at = end + 1;
      previous = { kind: "item" };
      continue;
    }
    if (char === "(") {
      groups.push({ quantified: false });
      at++;
      // (?:…), (?i), (?P<name>…): the rest of the opening is no item.
      if (pattern[at] === "?") {
        while (at < pattern.length && pattern[at] !== ":" && pattern[at] !== ")" && pattern[at] !== ">") at++;
        if (pattern[at] === ":" || pattern[at] === ">") at++;
      }
      previous = { kind: "none" };
      continue;
    }
    if (char === ")") {
      const closed = groups.length > 1 ? groups.pop()! : { quantified: false };
      groups.at(-1)!.quantified ||= closed.quantified;
      previous = { kind: "group", quantified: closed.quantified };
      at++;
      continue;
    }
    const count = char === "{" ? counted.exec(pattern.slice(at, at + 24)) : null;
    if (char === "*" || char === "+" || char === "?" || count) {
      if (previous.kind === "group") {
        if (count) return "countedGroup";
        if (previous.quantified) return "nestedQuantifier";
      }
      if (count) {
        const bound = Math.max(Number(count[1]), count[2] ? Number(count[2]) : 0);
        if (bound > maxCount) return "largeCount";
        total += bound;
        if (total > maxCountTotal) return "largeCount";
      }
      groups.at(-1)!.quantified = true;
      at += count ? count[0].length : 1;
      // A lazy or possessive mark ("*?", "+?", "{2}?") belongs to the quantifier before it.
      if (pattern[at] === "?" || pattern[at] === "+") at++;
      // Quantifying again ("a**") is refused by RE2; here it applies to the same item.
      continue;
    }
    previous = char === "|" ? { kind: "none" } : { kind: "item" };
    at++;
  }
  return undefined;
}
