import { describe, expect, it } from "vitest";
import { builtInCategories } from "~/domain/categories";
import { merchantDictionary } from "./merchant-dictionary";
import { normalisePayee } from "./payee-name";

const categoryKind = new Map(builtInCategories.map((category) => [category.key as string, category.kind]));

describe("the merchant dictionary", () => {
  it.each(merchantDictionary.merchants.map((merchant) => [merchant.name, merchant] as const))(
    "%s: every example folds into it, and its categories are built-in ones of the right kind",
    (_name, merchant) => {
      expect(merchant.expense ?? merchant.income).not.toBeNull();
      if (merchant.expense) expect(categoryKind.get(merchant.expense)).toBe("expense");
      if (merchant.income) expect(categoryKind.get(merchant.income)).toBe("income");
      expect(merchant.examples.length).toBeGreaterThan(0);
      for (const example of merchant.examples) expect(normalisePayee(example)?.key, example).toBe(merchant.key);
    },
  );

  it("has one merchant per key", () => {
    const keys = merchantDictionary.merchants.map((merchant) => merchant.key);
    expect(keys.length).toBe(new Set(keys).size);
  });

  it.each([
    ["Eiscafe Venezia", "expense", "eatingOut"],
    ["Bar Mleczny Pod Temidą", "expense", "eatingOut"],
    ["Gemüse Yildiz", "expense", "groceries"],
    ["Gymnasium Kreuzgasse", "expense", "education"],
    ["Stypendium socjalne 11/2026", "income", "benefits"],
    ["Zwrot za bilety", "income", "otherIncome"],
  ] as const)("a telling word decides a shop it does not know: %s", (text, kind, category) => {
    expect(merchantDictionary.keyword(text, kind)?.category).toBe(category);
  });

  it.each([
    // A word inside a longer one counts from five letters: these must not be read as a burger bar or a college.
    ["Hamburger Hochbahn AG", "expense"],
    ["Koleje Mazowieckie", "expense"],
    ["Bufete Abogados Ruiz", "expense"],
  ] as const)("a longer word that only contains a keyword decides nothing: %s", (text, kind) => {
    expect(merchantDictionary.keyword(text, kind)).toBeNull();
  });
});
