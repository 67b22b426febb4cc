import { describe, expect, it } from "vitest";
import { layoutProposal } from "./layout-proposal";

describe("a layout proposal", () => {
  it("names the headers the mapping reads, once each, beside the mapping", () => {
    const mapping = {
      date: { header: "Wann" },
      amount: { header: "Wieviel", index: 2 },
      description: [{ header: "Was" }, { header: "Wann" }],
      dateFormat: "DD.MM.YYYY",
      decimal: ",",
    };
    const proposal = JSON.parse(layoutProposal(JSON.stringify(mapping), "umsaetze.csv") ?? "null");
    expect(proposal).toMatchObject({
      kind: "samen-bank-preset-proposal",
      fileName: "umsaetze.csv",
      recognise: ["Wann", "Wieviel", "Was"],
      mapping,
    });
  });

  it("is nothing for a mapping that is not JSON", () => {
    expect(layoutProposal("{not json", "bank.csv")).toBeNull();
  });
});
