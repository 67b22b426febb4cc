/**
 * The shape of a rule as it is stored (jsonb) and evaluated. Conditions all must hold; actions set fields.
 * Text conditions compare case- and accent-insensitively; amounts are absolute minor units of the entry's kind.
 */
export type RuleTextField = "description" | "counterparty" | "counterpartyIban";
export type RuleTextOperator = "contains" | "equals" | "startsWith" | "regex";

export type RuleCondition =
  | { field: RuleTextField; operator: RuleTextOperator; value: string }
  | { field: "account"; operator: "equals"; accountId: string }
  | { field: "amount"; operator: "equals"; amountMinor: number }
  | { field: "amount"; operator: "between"; minMinor: number; maxMinor: number };

export interface RuleActions {
  /** A category of the household; an income rule sets only income categories, an expense rule expense ones. */
  categoryId?: string;
  /** Replaces the description. */
  rename?: string;
  /** Makes the row a transfer between its account and this one instead of income or expense. */
  transferAccountId?: string;
  /**
   * Marks an expense shared between the members or personal, whatever its account's default says. Income is never
   * split, so an income entry is left as it is.
   */
  sharing?: "shared" | "personal";
  /**
   * Splits the entry into lines ("Albert Heijn: 80 % groceries shared, 20 % personal"): fixed amounts first, then
   * percentages of what is left, then the rest (app/domain/rules/rule-split.ts).
   */
  split?: RuleSplitPart[];
}

/** How much of an entry a part of a rule's split takes. A percentage is in basis points: 80 % is 8000. */
export type RuleSplitShare =
  { by: "percent"; basisPoints: number } | { by: "amount"; amountMinor: number } | { by: "rest" };

/** One part of a rule's split: its category, its share, and (for an expense) shared or personal, else as the entry. */
export interface RuleSplitPart {
  categoryId: string;
  share: RuleSplitShare;
  sharing?: "shared" | "personal";
}

/** A line a rule's split gives one entry. */
export interface RuleSplitLine {
  categoryId: string;
  amountMinor: number;
  sharing?: "shared" | "personal";
}

export type RuleField = RuleCondition["field"];
export type RuleOperator = RuleCondition["operator"];
export type RuleAction = keyof RuleActions;

/** "learned" when the user said yes to "Always put … in …?"; "manual" when written on the Rules screen. */
export type RuleOrigin = "manual" | "learned";

/** What rules look at in an entry, whether it is a statement row, a stored transaction or one being typed. */
export interface RuleEntry {
  kind: "income" | "expense";
  /** Absolute minor units. */
  amountMinor: number;
  description: string;
  counterparty: string | null;
  counterpartyIban: string | null;
  accountId: string;
}

/** "Always put <counterparty> in <category>?", offered after the user changed an entry's category. */
export interface LearnOffer {
  /** The name the question shows: the entry's payee, else the bank's name for the other side. */
  counterparty: string;
  categoryId: string;
  kind: "income" | "expense";
  /**
   * The entry's payee when no rule decides its category: "Yes, always" then remembers the category on the payee
   * (payee memory: every branch of the shop, no rule, no plan limit). Null: a learned rule for the counterparty.
   */
  payee: { key: string; name: string } | null;
}

/** The fields "Yes, always" posts to /app/rules, as form values (the learn offer's form and the quick entry's toast). */
export function learnFields(offer: LearnOffer, householdId: string): Record<string, string> {
  return {
    intent: "learn",
    householdId,
    counterparty: offer.counterparty,
    categoryId: offer.categoryId,
    kind: offer.kind,
    ...(offer.payee ? { payeeKey: offer.payee.key, payeeName: offer.payee.name } : {}),
  };
}

/** The rule behind a suggestion, named by its first text condition's value ("" when it has none). */
export interface RuleReason {
  kind: "rule";
  ruleId: string;
  about: string;
}

/**
 * What the entry form preselects while the user types, and why: a rule (named by its first condition), or the
 * category the same name usually gets; and, for an expense, shared or personal when a rule says so.
 */
export interface EntrySuggestion {
  categoryId: string | null;
  rename: string | null;
  reason: RuleReason | { kind: "usual"; name: string };
  sharing: { shared: boolean; reason: RuleReason } | null;
}
