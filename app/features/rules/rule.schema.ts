import { z } from "zod";
import type { Language } from "~/domain/languages";
import { amountToInput, parseAmount } from "~/domain/money";
import { checkSplitParts, maxSplitParts, wholeBasisPoints } from "~/domain/rules/rule-split";
import type {
  RuleActions,
  RuleCondition,
  RuleField,
  RuleOperator,
  RuleSplitPart,
  RuleTextField,
} from "~/domain/rules/rule-types";
import type { FieldErrors, ParsedForm } from "~/lib/forms";
import { hasUnsafeCharacters } from "~/lib/safe-text";
import { isUuid } from "~/lib/uuid";
import { isOneOf } from "~/lib/one-of";

/**
 * The rule form: condition rows (field, comparison, value; for amounts a second value, for accounts a choice) and the
 * actions. Each row posts every input under the same names, so the rows are read in order with FormData.getAll;
 * a row without a value is a blank one (the form without JavaScript always offers one) and is left out.
 */

export const maxConditions = 8;
export const conditionValueMaxLength = 200;
export const renameMaxLength = 120;

export const ruleFields: readonly RuleField[] = [
  "counterparty",
  "description",
  "counterpartyIban",
  "amount",
  "account",
];
export const textOperators = ["contains", "equals", "startsWith", "regex"] as const;
export const amountOperators = ["equals", "between"] as const;
export const sharingChoices = ["shared", "personal"] as const;
/** How a part of a split takes its share: a percentage, a fixed amount, or what the others leave. */
export const splitShareKinds = ["percent", "amount", "rest"] as const;

export function operatorsFor(field: RuleField): readonly RuleOperator[] {
  if (field === "amount") return amountOperators;
  if (field === "account") return ["equals"];
  return textOperators;
}

export interface ConditionRowValues {
  field: string;
  operator: string;
  value: string;
  max: string;
  account: string;
}

export interface RuleFormValues {
  rows: ConditionRowValues[];
  categoryId: string;
  rename: string;
  transferAccountId: string;
  /** "shared", "personal", or "" to leave it to the account's default. */
  sharing: string;
  /** The split's part rows, blank ones included. */
  split: SplitRowValues[];
}

export interface SplitRowValues {
  categoryId: string;
  /** One of `splitShareKinds`. */
  by: string;
  /** A percentage or an amount in the reader's notation; unused for the rest. */
  value: string;
  sharing: string;
}

/** The names each split part row posts, in FormData order. */
export const splitInputs = {
  categoryId: "splitCategory",
  by: "splitBy",
  value: "splitValue",
  sharing: "splitSharing",
} as const;

/** The names each condition row posts, in FormData order. */
export const conditionInputs = {
  field: "conditionField",
  operator: "conditionOperator",
  value: "conditionValue",
  max: "conditionMax",
  account: "conditionAccount",
} as const;

export function ruleFormValues(form: FormData): RuleFormValues {
  const column = (name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const fields = column(conditionInputs.field);
  const operators = column(conditionInputs.operator);
  const values = column(conditionInputs.value);
  const maxima = column(conditionInputs.max);
  const accounts = column(conditionInputs.account);
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const splitColumns = {
    categoryIds: column(splitInputs.categoryId),
    by: column(splitInputs.by),
    values: column(splitInputs.value),
    sharing: column(splitInputs.sharing),
  };
  return {
    rows: fields.map((field, index) => ({
      field,
      operator: operators[index] ?? "",
      value: values[index] ?? "",
      max: maxima[index] ?? "",
      account: accounts[index] ?? "",
    })),
    categoryId: text("categoryId"),
    rename: text("rename"),
    transferAccountId: text("transferAccountId"),
    sharing: text("sharing"),
    split: splitColumns.categoryIds.map((categoryId, index) => ({
      categoryId,
      by: splitColumns.by[index] ?? "",
      value: splitColumns.values[index] ?? "",
      sharing: splitColumns.sharing[index] ?? "",
    })),
  };
}

/** A part's share as the form shows it: "80" for 80 %, an amount in the reader's notation, nothing for the rest. */
function shareInput(part: RuleSplitPart, language: Language): string {
  if (part.share.by === "rest") return "";
  if (part.share.by === "amount") return amountToInput(part.share.amountMinor, language);
  // Basis points are hundredths of a percent, as minor units are of an amount: "33,5" reads back as 3350.
  const whole = part.share.basisPoints % 100 === 0;
  return whole ? String(part.share.basisPoints / 100) : amountToInput(part.share.basisPoints, language);
}

/** A stored rule as the form shows it again (amounts in the reader's notation). */
export function formValuesOf(
  rule: { conditions: readonly RuleCondition[]; actions: RuleActions },
  language: Language,
): RuleFormValues {
  return {
    rows: rule.conditions.map((condition): ConditionRowValues => {
      const row = { field: condition.field, operator: condition.operator, value: "", max: "", account: "" };
      if (condition.field === "account") return { ...row, account: condition.accountId };
      if (condition.field === "amount") {
        return condition.operator === "between"
          ? {
              ...row,
              value: amountToInput(condition.minMinor, language),
              max: amountToInput(condition.maxMinor, language),
            }
          : { ...row, value: amountToInput(condition.amountMinor, language) };
      }
      return { ...row, value: condition.value };
    }),
    categoryId: rule.actions.categoryId ?? "",
    rename: rule.actions.rename ?? "",
    transferAccountId: rule.actions.transferAccountId ?? "",
    sharing: rule.actions.sharing ?? "",
    split: (rule.actions.split ?? []).map((part) => ({
      categoryId: part.categoryId,
      by: part.share.by,
      value: shareInput(part, language),
      sharing: part.sharing ?? "",
    })),
  };
}

const isRuleField = (value: string): value is RuleField => isOneOf(ruleFields, value);
const isTextField = (value: RuleField): value is RuleTextField => value !== "amount" && value !== "account";

/** Field errors of the rule form: `condition<N>` beside a row, `conditions` and `actions` above their groups. */
export type RuleFieldErrors = FieldErrors;

/** A row's condition, or null for a blank row. */
type RowResult = { ok: true; condition: RuleCondition | null } | { ok: false; message: string };

function parseRow(row: ConditionRowValues, language: Language): RowResult {
  if (!isRuleField(row.field)) return { ok: false, message: "rules:errors.field" };
  const field = row.field;
  if (field === "account") {
    if (!row.account) return { ok: true, condition: null };
    return isUuid(row.account)
      ? { ok: true, condition: { field, operator: "equals", accountId: row.account } }
      : { ok: false, message: "rules:errors.account" };
  }
  const value = row.value.trim();
  if (!value) return { ok: true, condition: null };
  if (hasUnsafeCharacters(value) || hasUnsafeCharacters(row.max))
    return { ok: false, message: "rules:errors.characters" };
  if (field === "amount") {
    const amount = parseAmount(value, language, { allowZero: true });
    if (!amount.ok) return { ok: false, message: `errors.amount.${amount.error}` };
    if (row.operator === "equals")
      return { ok: true, condition: { field, operator: "equals", amountMinor: amount.minor } };
    if (row.operator !== "between") return { ok: false, message: "rules:errors.operator" };
    const upper = parseAmount(row.max, language, { allowZero: true });
    if (!upper.ok)
      return {
        ok: false,
        message: upper.error === "required" ? "rules:errors.amountMax" : `errors.amount.${upper.error}`,
      };
    if (upper.minor < amount.minor) return { ok: false, message: "rules:errors.amountOrder" };
    return { ok: true, condition: { field, operator: "between", minMinor: amount.minor, maxMinor: upper.minor } };
  }
  if (!isTextField(field)) return { ok: false, message: "rules:errors.field" };
  const operator = textOperators.find((candidate) => candidate === row.operator);
  if (!operator) return { ok: false, message: "rules:errors.operator" };
  if (value.length > conditionValueMaxLength) return { ok: false, message: "rules:errors.valueTooLong" };
  return { ok: true, condition: { field, operator, value } };
}

/** A split row's part, or null for a blank row (no category and no value). */
type SplitRowResult = { ok: true; part: RuleSplitPart | null } | { ok: false; message: string };

function parseSplitRow(row: SplitRowValues, language: Language): SplitRowResult {
  const typed = row.value.trim();
  // "80 %" and "80%" as people write a percentage; the form's label already says which unit.
  const value = typed.endsWith("%") ? typed.slice(0, -1).trimEnd() : typed;
  const by = splitShareKinds.find((kind) => kind === row.by);
  if (!row.categoryId) return value ? { ok: false, message: "rules:errors.split.category" } : { ok: true, part: null };
  if (!isUuid(row.categoryId)) return { ok: false, message: "rules:errors.category" };
  if (!by) return { ok: false, message: "rules:errors.split.by" };
  const sharing = sharingChoices.find((choice) => choice === row.sharing);
  if (row.sharing && !sharing) return { ok: false, message: "rules:errors.sharing" };
  const part = (share: RuleSplitPart["share"]): SplitRowResult => ({
    ok: true,
    part: { categoryId: row.categoryId, share, ...(sharing ? { sharing } : {}) },
  });
  if (by === "rest") return part({ by });
  if (hasUnsafeCharacters(value)) return { ok: false, message: "rules:errors.characters" };
  const parsed = parseAmount(value, language);
  if (by === "amount")
    return parsed.ok
      ? part({ by, amountMinor: parsed.minor })
      : { ok: false, message: `errors.amount.${parsed.error}` };
  // A percentage reads as an amount does ("33,5" in Dutch), in hundredths: basis points.
  if (!parsed.ok || parsed.minor > wholeBasisPoints) return { ok: false, message: "rules:errors.split.percent" };
  return part({ by, basisPoints: parsed.minor });
}

const actionsSchema = z.object({
  categoryId: z.string().refine((value) => value === "" || isUuid(value), "rules:errors.category"),
  rename: z
    .string()
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .max(renameMaxLength, "rules:errors.renameTooLong")
        .refine((value) => !hasUnsafeCharacters(value), "rules:errors.characters"),
    ),
  transferAccountId: z.string().refine((value) => value === "" || isUuid(value), "rules:errors.transferAccount"),
  sharing: z.union([z.literal(""), z.enum(sharingChoices)], { error: "rules:errors.sharing" }),
});

export interface RuleInput {
  conditions: RuleCondition[];
  actions: RuleActions;
}

/**
 * Reads a rule form. Whether the category, accounts and pattern are usable is the use case's to say (they need the
 * household and RE2); this checks the shape, the amounts in the reader's notation and the lengths.
 */
export function parseRuleForm(values: RuleFormValues, language: Language): ParsedForm<RuleInput> {
  const fieldErrors: RuleFieldErrors = {};
  const conditions: RuleCondition[] = [];
  values.rows.forEach((row, index) => {
    const parsed = parseRow(row, language);
    if (!parsed.ok) fieldErrors[`condition${index}`] = parsed.message;
    else if (parsed.condition) conditions.push(parsed.condition);
  });
  if (Object.keys(fieldErrors).length === 0 && conditions.length === 0)
    fieldErrors.conditions = "rules:errors.conditionRequired";
  if (conditions.length > maxConditions) fieldErrors.conditions = "rules:errors.tooManyConditions";

  const split: RuleSplitPart[] = [];
  values.split.slice(0, maxSplitParts + 1).forEach((row, index) => {
    const parsed = parseSplitRow(row, language);
    if (!parsed.ok) fieldErrors[`split${index}`] = parsed.message;
    else if (parsed.part) split.push(parsed.part);
  });
  const splitProblem =
    split.length > 0 && !Object.keys(fieldErrors).some((name) => name.startsWith("split"))
      ? checkSplitParts(split)
      : null;
  if (splitProblem) fieldErrors.split = `rules:errors.split.${splitProblem}`;

  const actions = actionsSchema.safeParse({
    categoryId: values.categoryId,
    rename: values.rename,
    transferAccountId: values.transferAccountId,
    sharing: values.sharing,
  });
  if (!actions.success) {
    for (const issue of actions.error.issues) fieldErrors[String(issue.path[0] ?? "actions")] ??= issue.message;
  } else if (
    !actions.data.categoryId &&
    !actions.data.rename &&
    !actions.data.transferAccountId &&
    !actions.data.sharing &&
    split.length === 0
  ) {
    fieldErrors.actions = "rules:errors.actionRequired";
  }
  if (Object.keys(fieldErrors).length > 0 || !actions.success) return { ok: false, fieldErrors };
  const { categoryId, rename, transferAccountId, sharing } = actions.data;
  return {
    ok: true,
    value: {
      conditions,
      actions: {
        ...(categoryId ? { categoryId } : {}),
        ...(rename ? { rename } : {}),
        ...(transferAccountId ? { transferAccountId } : {}),
        ...(sharing ? { sharing } : {}),
        ...(split.length > 0 ? { split } : {}),
      },
    },
  };
}
