import { describe, expect, it } from "vitest";
import { conversion } from "~/domain/rates";
import { parseHistory } from "./history.server";
import { rateTable } from "./rates.server";

describe("the bundled rate history", () => {
  it("agrees with the ECB's published reference rates where both exist, within 1 %", () => {
    // The ECB's first reference rates (4 January 1999) and one of 2024, as the ECB published them.
    const reference = [
      ["1999-01-04", "USD", 1.1789],
      ["1999-01-04", "GBP", 0.7111],
      ["1999-01-04", "CHF", 1.6168],
      ["1999-01-04", "JPY", 133.73],
      ["2024-01-02", "USD", 1.0956],
    ] as const;
    for (const [on, currency, ecb] of reference) {
      const found = conversion(rateTable(), "EUR", currency, on);
      expect(found).toMatchObject({ rateOn: on, source: "history" });
      expect(Math.abs(found!.rate / ecb - 1)).toBeLessThan(0.01);
    }
  });

  it("covers the currencies Samen's households keep, and reads the hryvnia from month-end points", () => {
    for (const currency of ["USD", "GBP", "CHF", "PLN", "CZK", "SEK", "NOK", "DKK"])
      expect(conversion(rateTable(), "EUR", currency, "2024-06-14")).toMatchObject({ provisional: false });
    expect(conversion(rateTable(), "UAH", "PLN", "2024-06-15")).toMatchObject({
      rateOn: "2024-05-31",
      provisional: true,
    });
  });

  it("reads the package's rows per dollar as rows per euro, skipping days out of order or without the euro", () => {
    const history = parseHistory(
      [
        "DATE,EUR,PLN,USD",
        "1998-12-31,0.85,3.5,1",
        "1999-01-04,0.8,3.2,1",
        "1999-01-03,0.9,3,1",
        "1999-01-05,,3.3,1",
        "undefined,1,1,1",
      ].join("\n"),
    );
    expect([...history.keys()]).toEqual(["PLN", "USD"]);
    expect(Array.from(history.get("PLN")!.rates)).toEqual([4]);
    expect(Array.from(history.get("USD")!.rates)).toEqual([1.25]);
  });
});
