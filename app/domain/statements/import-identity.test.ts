import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { importIdentities } from "./import-identity";
import type { StatementRow } from "./statement";

const coffee: StatementRow = {
  bookedOn: "2026-11-02",
  amountMinor: -320,
  description: "Koffie",
  counterparty: "Café Noir",
  line: 2,
};

describe("import identities", () => {
  it("keeps two identical coffees on one day apart, and finds both again in an overlapping file", () => {
    const first = importIdentities([coffee, { ...coffee, line: 3 }]);
    expect(new Set(first).size).toBe(2);
    const overlapping = importIdentities([
      { ...coffee, bookedOn: "2026-11-01", line: 2 },
      { ...coffee, line: 3 },
      { ...coffee, line: 4 },
    ]);
    expect(overlapping.slice(1)).toEqual(first);
  });

  it("uses the bank's reference when there is one", () => {
    expect(importIdentities([{ ...coffee, reference: " 2026110200042 " }])).toEqual(["ref:2026110200042"]);
  });

  it("ignores case, accents and punctuation that differ between exports", () => {
    const [a] = importIdentities([coffee]);
    const [b] = importIdentities([{ ...coffee, description: "KOFFIE.", counterparty: "CAFE  NOIR" }]);
    expect(a).toBe(b);
  });

  it("treats placeholders (NONREF, NOTPROVIDED, NONE, empty) as no reference, whatever their case and spacing", () => {
    for (const placeholder of ["NONREF", "nonref", " NotProvided ", "NOT  PROVIDED", "none", "", "   "]) {
      expect(importIdentities([{ ...coffee, reference: placeholder }]), placeholder).toEqual(
        importIdentities([coffee]),
      );
    }
  });

  it("does not take a reference that repeats within the file as an identity: five NONREF rows stay five", () => {
    const rows = [1, 2, 3, 4, 5].map((line) => ({ ...coffee, amountMinor: -100 * line, reference: "NONREF", line }));
    expect(new Set(importIdentities(rows)).size).toBe(5);
    // One batch reference for two different entries: both fall back to their own data.
    const batch = importIdentities([
      { ...coffee, reference: "B-77" },
      { ...coffee, amountMinor: -450, reference: "B-77" },
      { ...coffee, reference: "U-1" },
    ]);
    expect(batch[0]).toMatch(/^row:/);
    expect(batch[1]).toMatch(/^row:/);
    expect(batch[2]).toBe("ref:U-1");
  });

  it("gives every row of any file its own identity", () => {
    const row = fc.record({
      bookedOn: fc.constantFrom("2026-11-01", "2026-11-02"),
      amountMinor: fc.constantFrom(-320, 1000),
      description: fc.constantFrom("Koffie", "KOFFIE.", "Huur"),
      counterparty: fc.option(fc.constantFrom("Café Noir", "CAFE NOIR"), { nil: undefined }),
      reference: fc.option(fc.constantFrom("NONREF", "NOTPROVIDED", "none", "", "R1", "R2", " r1 "), {
        nil: undefined,
      }),
    });
    fc.assert(
      fc.property(fc.array(row, { maxLength: 30 }), (rows) => {
        const identities = importIdentities(rows.map((fields, line) => ({ ...fields, line })));
        expect(new Set(identities).size).toBe(rows.length);
      }),
    );
  });
});
