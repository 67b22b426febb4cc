import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { lineRowsToShow, remainingMinor, splitEvenly } from "./splits";

describe("splitting a payment", () => {
  it("splits evenly to the cent, the leftover cents to the first lines", () => {
    expect(splitEvenly(1000, 3)).toEqual([334, 333, 333]);
    expect(splitEvenly(8000, 2)).toEqual([4000, 4000]);
    expect(splitEvenly(1, 3)).toEqual([1, 0, 0]);
    expect(splitEvenly(500, 0)).toEqual([]);
  });

  it("always adds up exactly, and no two parts differ by more than a cent (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_00, max: 1_000_000_00 }),
        fc.integer({ min: 1, max: 20 }),
        (total, count) => {
          const parts = splitEvenly(total, count);
          expect(parts).toHaveLength(count);
          expect(remainingMinor(total, parts)).toBe(0);
          expect(Math.max(...parts) - Math.min(...parts)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it("says what is left to assign, and offers room for more lines", () => {
    expect(remainingMinor(8000, [6550, 1000])).toBe(450);
    expect(remainingMinor(8000, [6550, 2000])).toBe(-550);
    expect(lineRowsToShow(0)).toBe(3);
    expect(lineRowsToShow(2)).toBe(4);
  });
});
