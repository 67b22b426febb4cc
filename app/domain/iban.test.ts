import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatIban, isValidIban, normaliseIban } from "./iban";

describe("IBAN", () => {
  it.each([
    "NL91ABNA0417164300",
    "nl91 abna 0417 1643 00",
    "DE89 3704 0044 0532 0130 00",
    "FR14 2004 1010 0505 0001 3M02 606",
    "PL61 1090 1014 0000 0712 1981 2874",
    "BE68 5390 0754 7034",
    "UA21 3223 1300 0002 6007 2335 6600 1",
    "TR33 0006 1005 1978 6457 8413 26",
  ])("accepts %s", (iban) => expect(isValidIban(iban)).toBe(true));

  it.each([
    ["a wrong check digit", "NL92ABNA0417164300"],
    ["a wrong length for the country", "NL91ABNA04171643001"],
    ["letters where digits belong", "NLXXABNA0417164300"],
    ["an empty value", ""],
    ["a national account number", "0417164300"],
  ])("refuses %s", (_name, iban) => expect(isValidIban(iban)).toBe(false));

  it("notices any single changed digit (mod-97 catches every one-character error)", () => {
    const valid = "DE89370400440532013000";
    fc.assert(
      fc.property(fc.integer({ min: 4, max: valid.length - 1 }), fc.integer({ min: 1, max: 9 }), (position, step) => {
        const digit = (Number(valid[position]) + step) % 10;
        const changed = valid.slice(0, position) + String(digit) + valid.slice(position + 1);
        expect(isValidIban(changed)).toBe(false);
      }),
    );
  });

  it("normalises and formats for reading", () => {
    expect(normaliseIban(" de89-3704 0044\u00a00532 0130 00 ")).toBe("DE89370400440532013000");
    expect(formatIban("DE89370400440532013000")).toBe("DE89 3704 0044 0532 0130 00");
  });
});
