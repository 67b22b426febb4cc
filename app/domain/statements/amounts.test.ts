import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { detectDecimalSeparator, parseStatementAmount } from "./amounts";

describe("parseStatementAmount", () => {
  it.each([
    ["-3.000", ",", -300_000],
    ["-3.000,00", ",", -300_000],
    ["1.234,56", ",", 123_456],
    ["1 234,56 €", ",", 123_456],
    ["−12,5", ",", -1_250],
    ["12,50-", ",", -1_250],
    ["(12,50)", ",", -1_250],
    ["EUR 45,00", ",", 4_500],
    ["+45.00", ".", 4_500],
    ["1,234.56", ".", 123_456],
    ["1'234.56", ".", 123_456],
    ["0.5", ".", 50],
    ["12.340", ".", 1_234],
    ["-0,00", ",", 0],
    ["7", ",", 700],
  ] as const)("reads %s with decimal %s as %i", (text, decimal, minor) => {
    expect(parseStatementAmount(text, decimal)).toBe(minor);
  });

  it.each([
    ["12.345", "."],
    ["1.2.3", ","],
    ["12,345", ","],
    ["12,34,5", ","],
    ["abc", ","],
    ["", ","],
    ["1.23,45", ","],
    ["12,3456", ","],
  ] as const)("refuses %s with decimal %s", (text, decimal) => {
    expect(parseStatementAmount(text, decimal)).toBeUndefined();
  });

  it("reads back any amount written in either convention, exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }),
        fc.constantFrom<"," | ".">(",", "."),
        fc.boolean(),
        (minor, decimal, grouped) => {
          const group = decimal === "," ? "." : ",";
          const whole = Math.floor(Math.abs(minor) / 100).toString();
          const wholeText = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) : whole;
          const text = `${minor < 0 ? "-" : ""}${wholeText}${decimal}${String(Math.abs(minor) % 100).padStart(2, "0")}`;
          expect(parseStatementAmount(text, decimal)).toBe(minor);
        },
      ),
    );
  });
});

describe("detectDecimalSeparator", () => {
  it("decides by the values that show it", () => {
    expect(detectDecimalSeparator(["-3.000", "12,50", "1.234,56"], ".")).toBe(",");
    expect(detectDecimalSeparator(["-3,000", "12.50"], ",")).toBe(".");
    expect(detectDecimalSeparator(["1.234.567", "3.000"], ".")).toBe(",");
  });

  it("falls back to the hint when every value is ambiguous", () => {
    expect(detectDecimalSeparator(["-3.000", "12"], ",")).toBe(",");
    expect(detectDecimalSeparator(["-3.000", "12"], ".")).toBe(".");
  });
});
