import { describe, expect, it } from "vitest";
import { builtInCategory, builtInSharing, startsShared } from "./categories";

const groceries = builtInCategory("groceries").id;
const leisure = builtInCategory("leisure").id;

describe("startsShared", () => {
  it("takes the person's choice, then a rule, then the category's default, then the account's", () => {
    expect(startsShared({ chosen: false, rule: true, category: "shared", account: true })).toEqual({
      shared: false,
      because: "chosen",
    });
    expect(startsShared({ rule: false, category: "shared", account: true })).toEqual({
      shared: false,
      because: "rule",
    });
    expect(startsShared({ rule: true, payee: "personal", category: "shared", account: true })).toMatchObject({
      because: "rule",
    });
    expect(startsShared({ payee: "personal", category: "shared", account: true })).toEqual({
      shared: false,
      because: "payee",
    });
    expect(startsShared({ payee: null, category: "shared", account: false })).toEqual({
      shared: true,
      because: "category",
    });
    expect(startsShared({ category: "shared", account: false })).toEqual({ shared: true, because: "category" });
    expect(startsShared({ category: "personal", account: true })).toEqual({ shared: false, because: "category" });
    expect(startsShared({ category: "account", account: false })).toEqual({ shared: false, because: "account" });
    expect(startsShared({ category: "account", account: true })).toEqual({ shared: true, because: "account" });
  });

  it("starts housing, groceries and utilities shared, and nothing else", () => {
    const shared = ["housing", "groceries", "utilities"].map((key) => builtInCategory(key).id);
    for (const key of ["transport", "health", "leisure", "eatingOut", "education", "children", "savings", "other"])
      expect(builtInSharing(builtInCategory(key).id)).toBe("account");
    for (const categoryId of shared) expect(builtInSharing(categoryId)).toBe("shared");
    expect(builtInSharing(groceries)).toBe("shared");
    expect(builtInSharing(leisure)).toBe("account");
  });
});
