import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  compileRules,
  evaluateRules,
  isLearnedRuleFor,
  learnedRule,
  normaliseRuleText,
  type RuleContext,
  type StoredRule,
} from "./rule-engine";
import type { RuleEntry } from "./rule-types";

const groceries = "cat-groceries";
const eatingOut = "cat-eating-out";
const salary = "cat-salary";
const everyday = "acc-everyday";
const savings = "acc-savings";

/** The test's regex engine: JavaScript's, with the flag the server's RE2 matcher uses. */
const context: RuleContext = {
  categoryKinds: new Map([
    [groceries, "expense"],
    [eatingOut, "expense"],
    [salary, "income"],
  ]),
  transferAccountIds: new Set([everyday, savings]),
  matchRegex: (pattern, text) => new RegExp(pattern, "iu").test(text),
};

const entry = (overrides: Partial<RuleEntry> = {}): RuleEntry => ({
  kind: "expense",
  amountMinor: 2_350,
  description: "Betaalautomaat 12:04 pas 123",
  counterparty: "ALBERT HEIJN 1234",
  counterpartyIban: "NL91ABNA0417164300",
  accountId: everyday,
  ...overrides,
});

let next = 0;
const rule = (conditions: StoredRule["conditions"], actions: StoredRule["actions"], position = next++): StoredRule => ({
  id: `rule-${position}`,
  position,
  conditions,
  actions,
});

describe("conditions", () => {
  it("text fields: contains, equals, starts with and regular expressions, ignoring case, accents and spacing", () => {
    const holds = (condition: StoredRule["conditions"][number], overrides: Partial<RuleEntry> = {}) =>
      evaluateRules([rule([condition], { categoryId: groceries })], entry(overrides), context).categoryId === groceries;
    expect(holds({ field: "counterparty", operator: "contains", value: "albert  heijn" })).toBe(true);
    expect(holds({ field: "counterparty", operator: "contains", value: "jumbo" })).toBe(false);
    expect(holds({ field: "counterparty", operator: "equals", value: "Albert Heijn 1234" })).toBe(true);
    expect(holds({ field: "counterparty", operator: "equals", value: "Albert Heijn" })).toBe(false);
    expect(holds({ field: "counterparty", operator: "startsWith", value: "albert" })).toBe(true);
    expect(holds({ field: "counterparty", operator: "startsWith", value: "heijn" })).toBe(false);
    expect(holds({ field: "counterparty", operator: "regex", value: "^albert\\s+heijn\\s+\\d{4}$" })).toBe(true);
    expect(holds({ field: "counterparty", operator: "regex", value: "^heijn" })).toBe(false);
    expect(holds({ field: "description", operator: "contains", value: "BETAALAUTOMAAT" })).toBe(true);
    expect(holds({ field: "description", operator: "contains", value: "Café" }, { description: "CAFE DE KROON" })).toBe(
      true,
    );
    expect(
      holds({ field: "description", operator: "regex", value: "caf[ée] de" }, { description: "Café de Kroon" }),
    ).toBe(true);
    expect(holds({ field: "counterparty", operator: "equals", value: "łódź" }, { counterparty: "LODZ" })).toBe(false);
    expect(
      holds({ field: "counterparty", operator: "equals", value: "Ödön Çelik" }, { counterparty: "ODON CELIK" }),
    ).toBe(true);
  });

  it("an IBAN matches with or without its spaces; a missing counterparty matches nothing", () => {
    const iban = (value: string, overrides: Partial<RuleEntry> = {}) =>
      evaluateRules(
        [rule([{ field: "counterpartyIban", operator: "equals", value }], { categoryId: groceries })],
        entry(overrides),
        context,
      ).categoryId;
    expect(iban("nl91 abna 0417 1643 00")).toBe(groceries);
    expect(iban("NL91ABNA0417164300", { counterpartyIban: "NL91 ABNA 0417 1643 00" })).toBe(groceries);
    expect(iban("NL02ABNA0123456789")).toBeUndefined();
    expect(iban("NL91ABNA0417164300", { counterpartyIban: null })).toBeUndefined();
  });

  it("the account, an exact amount and an amount range (inclusive, absolute minor units)", () => {
    const first = (conditions: StoredRule["conditions"], overrides: Partial<RuleEntry> = {}) =>
      evaluateRules([rule(conditions, { categoryId: groceries })], entry(overrides), context).categoryId === groceries;
    expect(first([{ field: "account", operator: "equals", accountId: everyday }])).toBe(true);
    expect(first([{ field: "account", operator: "equals", accountId: savings }])).toBe(false);
    expect(first([{ field: "amount", operator: "equals", amountMinor: 2_350 }])).toBe(true);
    expect(first([{ field: "amount", operator: "equals", amountMinor: 2_351 }])).toBe(false);
    expect(first([{ field: "amount", operator: "between", minMinor: 2_000, maxMinor: 2_350 }])).toBe(true);
    expect(first([{ field: "amount", operator: "between", minMinor: 2_350, maxMinor: 9_000 }])).toBe(true);
    expect(first([{ field: "amount", operator: "between", minMinor: 9_000, maxMinor: 2_000 }])).toBe(true);
    expect(first([{ field: "amount", operator: "between", minMinor: 2_351, maxMinor: 9_000 }])).toBe(false);
  });

  it("all conditions of a rule must hold", () => {
    const both = rule(
      [
        { field: "counterparty", operator: "contains", value: "albert heijn" },
        { field: "amount", operator: "between", minMinor: 0, maxMinor: 1_000 },
      ],
      { categoryId: eatingOut },
    );
    expect(evaluateRules([both], entry(), context).categoryId).toBeUndefined();
    expect(evaluateRules([both], entry({ amountMinor: 450 }), context).categoryId).toBe(eatingOut);
  });
});

describe("actions and order", () => {
  it("the first rule to set a field wins; a later rule still sets the fields left open", () => {
    const rules = [
      rule([{ field: "counterparty", operator: "contains", value: "albert" }], { rename: "Albert Heijn" }, 2),
      rule(
        [{ field: "counterparty", operator: "contains", value: "heijn" }],
        { categoryId: groceries, rename: "AH" },
        3,
      ),
      rule(
        [{ field: "counterparty", operator: "contains", value: "albert heijn" }],
        { categoryId: eatingOut, transferAccountId: savings, sharing: "shared" },
        4,
      ),
    ];
    const outcome = evaluateRules(rules, entry(), context);
    expect(outcome).toEqual({
      rename: "Albert Heijn",
      categoryId: groceries,
      transferAccountId: savings,
      sharing: "shared",
      setBy: { rename: "rule-2", categoryId: "rule-3", transferAccountId: "rule-4", sharing: "rule-4" },
    });
  });

  it("rules run in position order, whatever order they arrive in", () => {
    const late = rule(
      [{ field: "counterparty", operator: "contains", value: "albert" }],
      { categoryId: eatingOut },
      20,
    );
    const early = rule(
      [{ field: "counterparty", operator: "contains", value: "albert" }],
      { categoryId: groceries },
      10,
    );
    expect(evaluateRules([late, early], entry(), context).categoryId).toBe(groceries);
  });

  it("a category of the other kind does not apply, and leaves the field to a later rule", () => {
    const rules = [
      rule([{ field: "counterparty", operator: "contains", value: "albert" }], {
        categoryId: salary,
        rename: "Albert Heijn",
      }),
      rule([{ field: "counterparty", operator: "contains", value: "albert" }], { categoryId: groceries }),
    ];
    expect(evaluateRules(rules, entry(), context)).toMatchObject({ categoryId: groceries, rename: "Albert Heijn" });
    expect(evaluateRules(rules, entry({ kind: "income" }), context)).toMatchObject({ categoryId: salary });
    // An unknown (archived, another household's) category is never set.
    expect(
      evaluateRules(
        [rule([{ field: "account", operator: "equals", accountId: everyday }], { categoryId: "gone" })],
        entry(),
        context,
      ).categoryId,
    ).toBeUndefined();
  });

  it("shared or personal applies to expenses only: income is never split", () => {
    const rules = [
      rule([{ field: "counterparty", operator: "contains", value: "albert" }], { sharing: "personal" }, 1),
      rule([{ field: "counterparty", operator: "contains", value: "heijn" }], { sharing: "shared" }, 2),
    ];
    expect(evaluateRules(rules, entry(), context)).toMatchObject({ sharing: "personal", setBy: { sharing: "rule-1" } });
    expect(evaluateRules(rules, entry({ kind: "income" }), context).sharing).toBeUndefined();
  });

  it("a split divides a matching expense into lines; the first rule to split wins, and income keeps no sharing", () => {
    const albert = [{ field: "counterparty", operator: "contains", value: "albert heijn" }] as const;
    const rules = [
      rule(
        [...albert],
        {
          split: [
            { categoryId: groceries, share: { by: "percent", basisPoints: 8000 }, sharing: "shared" },
            { categoryId: eatingOut, share: { by: "rest" }, sharing: "personal" },
          ],
        },
        1,
      ),
      rule(
        [...albert],
        {
          split: [
            { categoryId: eatingOut, share: { by: "rest" } },
            { categoryId: groceries, share: { by: "amount", amountMinor: 1 } },
          ],
        },
        2,
      ),
    ];
    expect(evaluateRules(rules, entry({ amountMinor: 80_00 }), context)).toMatchObject({
      split: [
        { categoryId: groceries, amountMinor: 64_00, sharing: "shared" },
        { categoryId: eatingOut, amountMinor: 16_00, sharing: "personal" },
      ],
      setBy: { split: "rule-1" },
    });
    // Parts of expense categories do not sort income.
    expect(evaluateRules(rules, entry({ kind: "income" }), context).split).toBeUndefined();
    const salarySplit = rule([...albert], {
      split: [
        { categoryId: salary, share: { by: "percent", basisPoints: 5000 }, sharing: "shared" },
        { categoryId: salary, share: { by: "rest" } },
      ],
    });
    expect(evaluateRules([salarySplit], entry({ kind: "income", amountMinor: 3 }), context).split).toEqual([
      { categoryId: salary, amountMinor: 2 },
      { categoryId: salary, amountMinor: 1 },
    ]);
  });

  it("a transfer goes only to another open account of the household", () => {
    const toSavings = rule([{ field: "description", operator: "contains", value: "spaarrekening" }], {
      transferAccountId: savings,
    });
    expect(evaluateRules([toSavings], entry({ description: "Naar spaarrekening" }), context).transferAccountId).toBe(
      savings,
    );
    expect(
      evaluateRules([toSavings], entry({ description: "Naar spaarrekening", accountId: savings }), context)
        .transferAccountId,
    ).toBeUndefined();
    const toClosed = rule([{ field: "description", operator: "contains", value: "spaarrekening" }], {
      transferAccountId: "acc-closed",
    });
    expect(
      evaluateRules([toClosed], entry({ description: "Naar spaarrekening" }), context).transferAccountId,
    ).toBeUndefined();
  });

  it("no rule, no outcome", () => {
    expect(evaluateRules([], entry(), context)).toEqual({ setBy: {} });
  });

  it("a compiled rule set gives each entry its own outcome", () => {
    const evaluate = compileRules(
      [rule([{ field: "counterparty", operator: "startsWith", value: "lidl" }], { categoryId: groceries })],
      context,
    );
    expect(evaluate(entry({ counterparty: "LIDL 55" })).categoryId).toBe(groceries);
    expect(evaluate(entry()).categoryId).toBeUndefined();
  });
});

describe("learned rules", () => {
  it("say: counterparty equals <name> → category; and are recognised by their counterparty", () => {
    const made = learnedRule({ counterparty: " ALBERT HEIJN 1234 ", categoryId: eatingOut });
    expect(made).toEqual({
      conditions: [{ field: "counterparty", operator: "equals", value: "ALBERT HEIJN 1234" }],
      actions: { categoryId: eatingOut },
    });
    expect(isLearnedRuleFor({ conditions: made.conditions }, "albert  heijn 1234")).toBe(true);
    expect(isLearnedRuleFor({ conditions: made.conditions }, "albert heijn")).toBe(false);
    expect(
      isLearnedRuleFor(
        { conditions: [...made.conditions, { field: "amount", operator: "equals", amountMinor: 1 }] },
        "albert heijn 1234",
      ),
    ).toBe(false);
  });
});

describe("text normalisation", () => {
  const accents: Record<string, string[]> = {
    a: ["á", "à", "ä", "â", "å"],
    e: ["é", "è", "ë", "ê"],
    o: ["ó", "ö", "ô"],
    u: ["ú", "ü"],
    c: ["ç"],
    n: ["ñ"],
    i: ["í", "ï"],
  };
  /** Letters, digits and spaces: what counterparty names and descriptions are made of. */
  const plainText = fc.string({
    unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyz0123456789 ".split("")),
    minLength: 1,
    maxLength: 24,
  });
  /** The same text as another bank or person might write it: other case, accents added, spaces doubled. */
  const rewritten = (text: string, choices: number[]) =>
    [...text]
      .map((character, index) => {
        const choice = choices[index % choices.length] ?? 0;
        if (character === " ") return choice % 3 === 0 ? "  " : " ";
        const accented = accents[character];
        if (accented && choice % 2 === 0)
          return accented[choice % accented.length]!.normalize(choice % 4 === 0 ? "NFD" : "NFC");
        return choice % 3 === 1 ? character.toUpperCase() : character;
      })
      .join("");

  it("is idempotent", () => {
    fc.assert(
      fc.property(
        fc.string({ unit: "grapheme" }),
        (text) => normaliseRuleText(normaliseRuleText(text)) === normaliseRuleText(text),
      ),
    );
  });

  it("a rewritten value is still found by contains and equals", () => {
    fc.assert(
      fc.property(
        plainText,
        fc.array(fc.nat(11), { minLength: 1, maxLength: 8 }),
        plainText,
        plainText,
        (value, choices, before, after) => {
          fc.pre(value.trim() !== "");
          const check = (operator: "contains" | "equals", description: string) =>
            evaluateRules(
              [rule([{ field: "description", operator, value }], { categoryId: groceries })],
              entry({ description }),
              context,
            ).categoryId === groceries;
          expect(check("equals", rewritten(value, choices))).toBe(true);
          expect(check("contains", `${before}${rewritten(value, choices)}${after}`)).toBe(true);
        },
      ),
    );
  });

  it("is case- and accent-insensitive for every operator, regular expressions included", () => {
    fc.assert(
      fc.property(plainText, fc.array(fc.nat(11), { minLength: 1, maxLength: 8 }), (value, choices) => {
        const word = value.replace(/\s+/g, "");
        fc.pre(word !== "");
        const text = rewritten(word, choices);
        for (const operator of ["equals", "startsWith", "contains", "regex"] as const) {
          const outcome = evaluateRules(
            [rule([{ field: "counterparty", operator, value: word }], { categoryId: groceries })],
            entry({ counterparty: text }),
            context,
          );
          expect(outcome.categoryId, `${operator} ${word} in ${text}`).toBe(groceries);
        }
      }),
    );
  });
});
