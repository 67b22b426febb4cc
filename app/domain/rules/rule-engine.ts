import { splitLinesByRule } from "./rule-split";
import type { LearnOffer, RuleAction, RuleActions, RuleCondition, RuleEntry, RuleSplitLine } from "./rule-types";

/**
 * Rules that learn (money-in.md): every condition of a rule must hold; rules run in position order and the first
 * rule to set a field wins, while a later rule may still set the fields left open. Pure: the regular-expression
 * engine is handed in (the server's is RE2, which cannot hang on any pattern).
 */

/** Whether `pattern` (already normalised, matched case-insensitively) occurs in `text` (already normalised). */
export type RegexMatcher = (pattern: string, text: string) => boolean;

export interface StoredRule {
  id: string;
  position: number;
  conditions: readonly RuleCondition[];
  actions: RuleActions;
}

export interface RuleContext {
  /** Categories a rule may set, with their kind: archived and other households' categories are left out. */
  categoryKinds: ReadonlyMap<string, "income" | "expense">;
  /** Open accounts of the household a rule may turn an entry into a transfer to. */
  transferAccountIds: ReadonlySet<string>;
  matchRegex: RegexMatcher;
}

export interface RuleOutcome {
  categoryId?: string;
  rename?: string;
  transferAccountId?: string;
  sharing?: "shared" | "personal";
  /** Two or more lines adding up to the entry's amount. */
  split?: RuleSplitLine[];
  /** The rule that set each field. */
  setBy: Partial<Record<RuleAction, string>>;
}

/** Text with nothing but printable ASCII has no accents to take off (most bank text): the quick way. */
const printableAscii = /^[\x20-\x7e]*$/;

/** Case, accents and runs of spaces differ between banks and between what people type; the letters do not. */
export function normaliseRuleText(text: string): string {
  const unaccented = printableAscii.test(text) ? text : text.normalize("NFKD").replace(/\p{M}/gu, "");
  return unaccented.toLowerCase().replace(/\s+/gu, " ").trim();
}

/** An IBAN is written in groups of four or in one piece: spaces never matter. */
function normaliseIbanText(text: string): string {
  return normaliseRuleText(text).replaceAll(" ", "");
}

/**
 * A pattern loses its accents the way the text does, so "café" finds "CAFE"; case is left to the matcher (lower-casing
 * a pattern would turn \S into \s).
 */
export function normaliseRulePattern(pattern: string): string {
  return pattern.normalize("NFKD").replace(/\p{M}/gu, "");
}

/** An entry's text fields, each normalised once and only when a condition asks for it. */
class EntryText {
  private description?: string;
  private counterparty?: string;
  private counterpartyIban?: string;
  constructor(private readonly entry: RuleEntry) {}

  get(field: "description" | "counterparty" | "counterpartyIban"): string {
    if (field === "counterpartyIban")
      return (this.counterpartyIban ??= normaliseIbanText(this.entry.counterpartyIban ?? ""));
    if (field === "counterparty") return (this.counterparty ??= normaliseRuleText(this.entry.counterparty ?? ""));
    return (this.description ??= normaliseRuleText(this.entry.description));
  }
}

type CompiledCondition = (entry: RuleEntry, text: EntryText) => boolean;

/** Cheap comparisons first: all conditions must hold, so a rule stops at the first that does not. */
function cost(condition: RuleCondition): number {
  if (condition.field === "account" || condition.field === "amount") return 0;
  return condition.operator === "regex" ? 2 : 1;
}

function compileCondition(condition: RuleCondition, matchRegex: RegexMatcher): CompiledCondition {
  switch (condition.field) {
    case "account":
      return (entry) => entry.accountId === condition.accountId;
    case "amount":
      if (condition.operator === "between") {
        const low = Math.min(condition.minMinor, condition.maxMinor);
        const high = Math.max(condition.minMinor, condition.maxMinor);
        return (entry) => entry.amountMinor >= low && entry.amountMinor <= high;
      }
      return (entry) => entry.amountMinor === condition.amountMinor;
    default: {
      const field = condition.field;
      if (condition.operator === "regex") {
        const pattern = normaliseRulePattern(condition.value);
        return (_entry, text) => matchRegex(pattern, text.get(field));
      }
      const value =
        field === "counterpartyIban" ? normaliseIbanText(condition.value) : normaliseRuleText(condition.value);
      // An empty value would hold for every entry: a rule never means that.
      if (value === "") return () => false;
      switch (condition.operator) {
        case "equals":
          return (_entry, text) => text.get(field) === value;
        case "startsWith":
          return (_entry, text) => text.get(field).startsWith(value);
        case "contains":
          return (_entry, text) => text.get(field).includes(value);
      }
    }
  }
}

const allActions: readonly RuleAction[] = ["categoryId", "rename", "transferAccountId", "sharing", "split"];

/**
 * A rule's split of this entry: every part's category must be of the entry's kind (an income rule's parts sort income),
 * and an income line is never shared or personal.
 */
function splitOf(actions: RuleActions, entry: RuleEntry, context: RuleContext): RuleSplitLine[] | undefined {
  if (!actions.split?.every((part) => context.categoryKinds.get(part.categoryId) === entry.kind)) return undefined;
  const lines = splitLinesByRule(actions.split, entry.amountMinor);
  if (!lines) return undefined;
  return entry.kind === "expense" ? lines : lines.map(({ categoryId, amountMinor }) => ({ categoryId, amountMinor }));
}

/**
 * Prepares the household's rules once (conditions compiled, values normalised) for many entries: an import of
 * 10,000 rows or "Apply to existing transactions" over 100,000 evaluates each entry against the same compiled set.
 */
export function compileRules(rules: readonly StoredRule[], context: RuleContext): (entry: RuleEntry) => RuleOutcome {
  const ordered = rules
    .map((rule, index) => ({ rule, index }))
    .toSorted((a, b) => a.rule.position - b.rule.position || a.index - b.index)
    .map(({ rule }) => ({
      id: rule.id,
      actions: rule.actions,
      conditions: rule.conditions
        .toSorted((a, b) => cost(a) - cost(b))
        .map((condition) => compileCondition(condition, context.matchRegex)),
    }));

  return (entry) => {
    const outcome: RuleOutcome = { setBy: {} };
    const text = new EntryText(entry);
    let open = allActions.length;
    for (const rule of ordered) {
      if (open === 0) break;
      if (!rule.conditions.every((holds) => holds(entry, text))) continue;
      const { categoryId, rename, transferAccountId, sharing, split } = rule.actions;
      // A category of the other kind (an income category for an expense) does not apply; a later rule may set one.
      if (categoryId && outcome.categoryId === undefined && context.categoryKinds.get(categoryId) === entry.kind) {
        outcome.categoryId = categoryId;
        outcome.setBy.categoryId = rule.id;
        open -= 1;
      }
      const name = rename?.trim();
      if (name && outcome.rename === undefined) {
        outcome.rename = name;
        outcome.setBy.rename = rule.id;
        open -= 1;
      }
      if (
        transferAccountId &&
        outcome.transferAccountId === undefined &&
        transferAccountId !== entry.accountId &&
        context.transferAccountIds.has(transferAccountId)
      ) {
        outcome.transferAccountId = transferAccountId;
        outcome.setBy.transferAccountId = rule.id;
        open -= 1;
      }
      // Only an expense is split between the members: an income rule's sharing does not apply.
      if (sharing && outcome.sharing === undefined && entry.kind === "expense") {
        outcome.sharing = sharing;
        outcome.setBy.sharing = rule.id;
        open -= 1;
      }
      const lines = split && outcome.split === undefined ? splitOf(rule.actions, entry, context) : undefined;
      if (lines) {
        outcome.split = lines;
        outcome.setBy.split = rule.id;
        open -= 1;
      }
    }
    return outcome;
  };
}

/** One entry against the rules (compile once with `compileRules` for many). */
export function evaluateRules(rules: readonly StoredRule[], entry: RuleEntry, context: RuleContext): RuleOutcome {
  return compileRules(rules, context)(entry);
}

/** The rule a "yes" to "Always put <counterparty> in <category>?" creates. */
export function learnedRule(offer: Pick<LearnOffer, "counterparty" | "categoryId">): {
  conditions: RuleCondition[];
  actions: RuleActions;
} {
  return {
    conditions: [{ field: "counterparty", operator: "equals", value: offer.counterparty.trim() }],
    actions: { categoryId: offer.categoryId },
  };
}

/** Whether a rule is exactly what learning makes for this counterparty (one condition, counterparty equals it). */
export function isLearnedRuleFor(rule: Pick<StoredRule, "conditions">, counterparty: string): boolean {
  const [only, ...rest] = rule.conditions;
  return (
    rest.length === 0 &&
    only?.field === "counterparty" &&
    only.operator === "equals" &&
    normaliseRuleText(only.value) === normaliseRuleText(counterparty)
  );
}
