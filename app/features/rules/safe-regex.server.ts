import { createRequire } from "node:module";
import { patternCost } from "~/domain/rules/pattern-cost";
import type { RegexMatcher } from "~/domain/rules/rule-engine";
import { logger } from "~/lib/logger.server";

/**
 * Regular expressions of rules run on RE2 (re2-wasm: Google's RE2 compiled to WebAssembly, no native build): it
 * matches in time linear in the text, so no pattern — `(a+)+$` included — can hang the server, and it refuses what
 * would need backtracking (back-references, look-around).
 *
 * We use the wrapper under re2-wasm's RE2 class because the class never frees its WebAssembly object: the module has
 * a fixed 16 MB heap, which some tens of thousands of compiled (or refused) patterns fill, after which every match
 * fails until the process restarts. Here each compiled pattern is freed when it leaves a small cache, and a refused
 * one at once. Patterns are RE2 syntax, matched case-insensitively (the rule engine lower-cases the text).
 */

interface CompiledPattern {
  ok(): boolean;
  error(): string;
  match(input: string, start: number, captureGroups: boolean): { index: number };
  delete(): void;
}

type PatternConstructor = new (
  pattern: string,
  ignoreCase: boolean,
  multiline: boolean,
  dotAll: boolean,
) => CompiledPattern;

const require = createRequire(import.meta.url);
const { WrappedRE2 } = require("re2-wasm/build/wasm/re2.js") as { WrappedRE2: PatternConstructor };

/** Longest pattern a rule may hold. */
export const maxPatternLength = 200;
/** Texts are cut to this before matching: the WebAssembly heap holds each text while it is matched. */
const maxTextLength = 100_000;
/** Compiled patterns kept between matches (a household's rules, a few households at a time). */
const cacheSize = 256;

const cache = new Map<string, CompiledPattern>();
/** Patterns RE2 refused (rows saved before a check existed), so 100,000 entries do not try to compile one 100,000 times. */
const refused = new Set<string>();

function compile(pattern: string): CompiledPattern | null {
  const compiled = new WrappedRE2(pattern, true, false, false);
  if (compiled.ok()) return compiled;
  compiled.delete();
  return null;
}

/** The pattern matched last: a rule set runs one pattern over many texts in a row. */
let latest: { pattern: string; compiled: CompiledPattern } | null = null;

function cached(pattern: string): CompiledPattern | null {
  if (latest?.pattern === pattern) return latest.compiled;
  const found = cache.get(pattern);
  if (found) {
    // Most recently used last, so the oldest leaves first.
    cache.delete(pattern);
    cache.set(pattern, found);
    latest = { pattern, compiled: found };
    return found;
  }
  if (refused.has(pattern)) return null;
  // A costly pattern saved before the check existed runs as one that never matches (issue 20): a match cannot be
  // interrupted, and 10 such rules over an import's rows would hold the server for minutes.
  const compiled = patternCost(pattern) === undefined ? compile(pattern) : null;
  if (!compiled) {
    if (refused.size < cacheSize) refused.add(pattern);
    return null;
  }
  cache.set(pattern, compiled);
  if (cache.size > cacheSize) {
    const [oldest] = cache.keys();
    if (oldest !== undefined) {
      cache.get(oldest)?.delete();
      cache.delete(oldest);
    }
  }
  latest = { pattern, compiled };
  return compiled;
}

export type PatternCheck = { ok: true } | { ok: false; reason: "tooLong" | "costly" | "invalid" };

/** Whether a rule may save this pattern: short enough, not costly by its syntax (pattern-cost.ts), and RE2 accepts it. */
export function checkPattern(pattern: string): PatternCheck {
  if (pattern.length > maxPatternLength) return { ok: false, reason: "tooLong" };
  const cost = patternCost(pattern);
  if (cost) return { ok: false, reason: cost === "tooLong" ? "tooLong" : "costly" };
  try {
    const compiled = compile(pattern);
    if (!compiled) return { ok: false, reason: "invalid" };
    compiled.delete();
    return { ok: true };
  } catch (error) {
    logger.error({ err: error }, "RE2 could not check a pattern");
    return { ok: false, reason: "invalid" };
  }
}

/** The rule engine's matcher: a pattern RE2 refuses (saved before a check existed, say) matches nothing. */
export const matchSafeRegex: RegexMatcher = (pattern, text) => {
  try {
    const compiled = cached(pattern);
    return (
      compiled !== null &&
      compiled.match(text.length > maxTextLength ? text.slice(0, maxTextLength) : text, 0, false).index >= 0
    );
  } catch (error) {
    logger.error({ err: error }, "RE2 could not match a pattern");
    return false;
  }
};
