import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { checkSplitParts, splitAmounts, splitLinesByRule } from "./rule-split";
import type { RuleSplitPart } from "./rule-types";

const percent = (categoryId: string, basisPoints: number, sharing?: "shared" | "personal"): RuleSplitPart => ({
  categoryId,
  share: { by: "percent", basisPoints },
  ...(sharing ? { sharing } : {}),
});
const amount = (categoryId: string, amountMinor: number): RuleSplitPart => ({
  categoryId,
  share: { by: "amount", amountMinor },
});
const rest = (categoryId: string): RuleSplitPart => ({ categoryId, share: { by: "rest" } });

describe("a rule's split", () => {
  it("shares Albert Heijn's receipt 80 % shared groceries, 20 % personal", () => {
    expect(splitLinesByRule([percent("groceries", 8000, "shared"), percent("care", 2000, "personal")], 80_00)).toEqual([
      { categoryId: "groceries", amountMinor: 64_00, sharing: "shared" },
      { categoryId: "care", amountMinor: 16_00, sharing: "personal" },
    ]);
  });

  it("takes fixed amounts first, percentages of what is left, then the rest", () => {
    // €100: €10 deposit, 50 % of the €90 left, the rest.
    expect(splitAmounts([amount("deposit", 10_00), percent("food", 5000), rest("home")], 100_00)).toEqual([
      10_00, 45_00, 45_00,
    ]);
  });

  it("gives odd cents to the largest remainders, so thirds of €1.00 add up", () => {
    expect(splitAmounts([percent("a", 3333), percent("b", 3333), percent("c", 3334)], 1_00)).toEqual([33, 33, 34]);
    expect(splitAmounts([percent("a", 5000), percent("b", 5000)], 1)).toEqual([1, 0]);
  });

  it("does not split an entry smaller than its fixed amounts, nor leave a single line", () => {
    expect(splitLinesByRule([amount("deposit", 10_00), rest("home")], 9_99)).toBeNull();
    expect(splitLinesByRule([amount("deposit", 10_00), rest("home")], 10_00)).toBeNull();
    expect(splitLinesByRule([amount("deposit", 10_00), rest("home")], 10_01)).toEqual([
      { categoryId: "deposit", amountMinor: 10_00 },
      { categoryId: "home", amountMinor: 1 },
    ]);
  });

  it("says what is wrong with parts that cannot split every entry", () => {
    expect(checkSplitParts([percent("a", 10_000)])).toBe("tooFew");
    expect(checkSplitParts([percent("a", 8000), percent("b", 1000)])).toBe("percentTotal");
    expect(checkSplitParts([rest("a"), rest("b")])).toBe("twoRests");
    expect(checkSplitParts([percent("a", 10_000), rest("b")])).toBe("percentOverRest");
    expect(checkSplitParts([amount("a", 5_00), amount("b", 5_00)])).toBe("noRest");
    expect(checkSplitParts(Array.from({ length: 7 }, (_, index) => percent(String(index), 1000)))).toBe("tooMany");
    expect(checkSplitParts([amount("a", 5_00), rest("b")])).toBeNull();
    expect(checkSplitParts([percent("a", 0), rest("b")])).toBe("share");
    expect(checkSplitParts([amount("a", -5), rest("b")])).toBe("share");
  });

  const parts = fc
    .tuple(
      fc.array(fc.integer({ min: 1, max: 50_000 }), { maxLength: 2 }),
      fc.array(fc.integer({ min: 1, max: 4000 }), { maxLength: 3 }),
      fc.boolean(),
    )
    .map(([fixed, percents, withRest]) => {
      const list: RuleSplitPart[] = [
        ...fixed.map((minor, index) => amount(`fixed${index}`, minor)),
        ...percents.map((basisPoints, index) => percent(`percent${index}`, basisPoints)),
      ];
      const percentTotal = percents.reduce((sum, value) => sum + value, 0);
      if (withRest || percentTotal === 0) list.push(rest("rest"));
      else list.push(percent("last", 10_000 - percentTotal));
      return list;
    })
    .filter((list) => checkSplitParts(list) === null);

  it("always adds up to the entry, fixed parts exact and percentages within a cent", () => {
    fc.assert(
      fc.property(parts, fc.integer({ min: 0, max: 10_000_000_000 }), (list, totalMinor) => {
        const amounts = splitAmounts(list, totalMinor);
        const fixed = list.reduce((sum, part) => sum + (part.share.by === "amount" ? part.share.amountMinor : 0), 0);
        if (fixed > totalMinor) {
          expect(amounts).toBeNull();
          return;
        }
        expect(amounts?.reduce((sum, value) => sum + value, 0)).toBe(totalMinor);
        list.forEach((part, index) => {
          const got = amounts?.[index] ?? Number.NaN;
          expect(got).toBeGreaterThanOrEqual(0);
          if (part.share.by === "amount") expect(got).toBe(part.share.amountMinor);
          if (part.share.by === "percent")
            expect(Math.abs(got - ((totalMinor - fixed) * part.share.basisPoints) / 10_000)).toBeLessThan(1);
        });
      }),
    );
  });
});
