import { describe, expect, it } from "vitest";
import { importIdentities } from "./import-identity";
import type { StatementRow } from "./statement";

const coffee: StatementRow = { bookedOn: "2026-11-02", amountMinor: -320, description: "Koffie", counterparty: "Café Noir", line: 2 };

describe("import identities", () => {
  it("keeps two identical coffees on one day apart, and finds both again in an overlapping file", () => {
    const first = importIdentities([coffee, { ...coffee, line: 3 }]);
    expect(new Set(first).size).toBe(2);
    const overlapping = importIdentities([{ ...coffee, bookedOn: "2026-11-01", line: 2 }, { ...coffee, line: 3 }, { ...coffee, line: 4 }]);
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
});
