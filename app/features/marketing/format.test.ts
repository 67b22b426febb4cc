import { describe, expect, it } from "vitest";
import { formatEuro, formatPercent } from "./format";

// Intl separates number and symbol with a (narrow) no-break space in many locales.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("formatEuro", () => {
  it("formats integer cents with the locale's separators", () => {
    expect(formatEuro(425_000, "en")).toBe("€4,250.00");
    expect(plain(formatEuro(425_000, "de"))).toBe("4.250,00 €");
    expect(plain(formatEuro(499, "nl"))).toBe("€ 4,99");
    expect(plain(formatEuro(425_000, "ua"))).toMatch(/^4 250,00/);
  });

  it("can drop the cents for round figures", () => {
    expect(formatEuro(500_000, "en", { whole: true })).toBe("€5,000");
  });
});

describe("formatPercent", () => {
  it("shows a sign for trends and the locale's decimal separator", () => {
    expect(formatPercent(0.082, "en", { signed: true })).toBe("+8.2%");
    expect(formatPercent(-0.031, "en", { signed: true })).toBe("-3.1%");
    expect(plain(formatPercent(0.299, "fr"))).toBe("29,9 %");
  });
});
