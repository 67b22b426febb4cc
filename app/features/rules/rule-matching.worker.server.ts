// Matches the household's rules over many entries on a worker thread (rule-evaluation.server.ts runs it on the worker
// pool, lib/worker-pool.server.ts, with a time budget): an import's rows times its rules' patterns is work a user's
// input sizes, and one RE2 match cannot be interrupted. Loaded by path through tsx, as the statement reader is.
import { compileRules, type RuleOutcome, type StoredRule } from "../../domain/rules/rule-engine";
import type { RuleEntry } from "../../domain/rules/rule-types";
import { matchSafeRegex } from "./safe-regex.server";

export interface RuleMatchingTask {
  rules: StoredRule[];
  categoryKinds: Map<string, "income" | "expense">;
  transferAccountIds: Set<string>;
  entries: RuleEntry[];
}

export default function matchRules({
  rules,
  categoryKinds,
  transferAccountIds,
  entries,
}: RuleMatchingTask): RuleOutcome[] {
  const evaluate = compileRules(rules, { categoryKinds, transferAccountIds, matchRegex: matchSafeRegex });
  return entries.map(evaluate);
}
