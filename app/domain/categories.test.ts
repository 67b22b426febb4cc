import { describe, expect, it } from "vitest";
import { builtInCategory, startsShared } from "./categories";

const groceries = builtInCategory("groceries").id;
const leisure = builtInCategory("leisure").id;

describe("startsShared", () => {
  it("takes the person's choice, then a rule, then the category's default, then the account's", () => {
    expect(startsShared({ chosen: false, rule: true, categoryId: groceries, account: true })).toEqual({
      shared: false,
      because: "chosen",
    });
    expect(startsShared({ rule: false, categoryId: groceries, account: true })).toEqual({
      shared: false,
      because: "rule",
    });
    expect(startsShared({ categoryId: groceries, account: false })).toEqual({ shared: true, because: "category" });
    expect(startsShared({ categoryId: leisure, account: false })).toEqual({ shared: false, because: "account" });
    expect(startsShared({ categoryId: leisure, account: true })).toEqual({ shared: true, because: "account" });
  });

  it("starts housing, groceries and utilities shared, and nothing else", () => {
    const shared = ["housing", "groceries", "utilities"].map((key) => builtInCategory(key).id);
    for (const key of ["transport", "health", "leisure", "eatingOut", "education", "children", "savings", "other"])
      expect(startsShared({ categoryId: builtInCategory(key).id, account: false }).shared).toBe(false);
    for (const categoryId of shared) expect(startsShared({ categoryId, account: false }).shared).toBe(true);
  });
});
