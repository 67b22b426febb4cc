import { describe, expect, it } from "vitest";
import { minorDigits } from "./money";
import { baseAmountOf, conversion, convertMinor, RateTable, type PublishedRate } from "./rates";
import type { IsoDate } from "./periods";

const ecb = (on: string, rates: Record<string, number>): PublishedRate[] =>
  Object.entries(rates).map(([currency, perEuro]) => ({ currency, on, perEuro, source: "ecb" }));

// The ECB's reference rates around Easter 2024: Thursday 28 March, then nothing until Tuesday 2 April.
const table = new RateTable([
  ...ecb("2024-03-28", { USD: 1.0811, PLN: 4.3191, GBP: 0.8552 }),
  ...ecb("2024-04-02", { USD: 1.0746, PLN: 4.3035, GBP: 0.85575 }),
  { currency: "UAH", on: "2024-03-29", perEuro: 42.3, source: "nbu" },
  { currency: "UAH", on: "2024-04-02", perEuro: 41.9, source: "nbu" },
]);

describe("reading a rate", () => {
  it("takes the last rate published on or before the day: weekends and holidays stand on the last one", () => {
    // Good Friday, Saturday, Easter Sunday and Monday: Thursday's.
    for (const day of ["2024-03-29", "2024-03-30", "2024-03-31", "2024-04-01"])
      expect(conversion(table, "EUR", "USD", day)).toEqual({
        rate: 1.0811,
        rateOn: "2024-03-28",
        source: "ecb",
        provisional: false,
      });
    expect(conversion(table, "USD", "EUR", "2024-04-02")?.rate).toBeCloseTo(1 / 1.0746, 12);
  });

  it("goes through the euro on one day's table, the latest day both currencies have", () => {
    // The NBU published on Good Friday, the ECB did not, and no earlier day has both: no rate over Easter. The 3rd
    // reads the 2nd, which has both.
    expect(conversion(table, "UAH", "PLN", "2024-04-01")).toBeUndefined();
    expect(conversion(table, "UAH", "PLN", "2024-04-03")).toEqual({
      rate: 4.3035 / 41.9,
      rateOn: "2024-04-02",
      source: "nbu",
      provisional: false,
    });
  });

  it("has no rate before the first published day (before 1999 for the euro) and none from a far future", () => {
    expect(conversion(table, "EUR", "USD", "1998-12-31")).toBeUndefined();
    expect(conversion(table, "EUR", "USD", "2024-03-27")).toBeUndefined();
    expect(conversion(table, "EUR", "XYZ", "2024-04-02")).toBeUndefined();
    // A week after the last rate: still that rate, provisional; after 45 days: none.
    expect(conversion(table, "EUR", "USD", "2024-04-09")).toMatchObject({ rateOn: "2024-04-02", provisional: true });
    expect(conversion(table, "EUR", "USD", "2024-05-18")).toBeUndefined();
  });

  it("prefers a central bank's own rate over the bundled history on the same day, and ignores rates set by hand", () => {
    const mixed = new RateTable([{ currency: "USD", on: "2024-04-02", perEuro: 1.07, source: "history" }]);
    mixed.add(ecb("2024-04-02", { USD: 1.0746 }));
    mixed.add([{ currency: "USD", on: "2024-04-02", perEuro: 1.2, source: "history" }]);
    mixed.add([{ currency: "USD", on: "2024-04-02", perEuro: 9, source: "manual" }]);
    expect(conversion(mixed, "EUR", "USD", "2024-04-02")).toMatchObject({ rate: 1.0746, source: "ecb" });
  });

  it("never converts a currency to itself", () => {
    expect(() => conversion(table, "PLN", "PLN", "2024-04-02")).toThrow(RangeError);
    expect(baseAmountOf(table, { amountMinor: 123, currency: "PLN", occurredOn: "2024-04-02" }, "PLN")).toEqual({
      baseAmountMinor: 123,
      rate: null,
      rateOn: null,
      rateSource: null,
      rateProvisional: false,
    });
  });
});

describe("amounts in minor units", () => {
  it("knows each currency's minor digits and scales between them", () => {
    expect([minorDigits("JPY"), minorDigits("EUR"), minorDigits("BHD")]).toEqual([0, 2, 3]);
    // ¥10,000 at 0.0062 €/¥ is 62.00 €; 1.000 BHD at 2.45 €/BHD is 2.45 €.
    expect(convertMinor(10_000, 0.0062, "JPY", "EUR")).toBe(6_200);
    expect(convertMinor(1_000, 2.45, "BHD", "EUR")).toBe(245);
    expect(convertMinor(6_200, 1 / 0.0062, "EUR", "JPY")).toBe(10_000);
  });

  it("keeps a rate set by hand whatever the table says, and reports a missing rate as missing", () => {
    expect(
      baseAmountOf(
        table,
        {
          amountMinor: 10_000,
          currency: "UAH",
          occurredOn: "2024-04-02",
          fixed: { rate: 0.1, rateOn: "2024-04-02", source: "bank" },
        },
        "PLN",
      ),
    ).toMatchObject({ baseAmountMinor: 1_000, rateSource: "bank" });
    expect(baseAmountOf(table, { amountMinor: 10_000, currency: "CHF", occurredOn: "2024-04-02" }, "PLN")).toEqual({
      baseAmountMinor: null,
      rate: null,
      rateOn: null,
      rateSource: null,
      rateProvisional: false,
    });
  });
});

describe("a payment abroad's own figure", () => {
  it("is the bank's rate when the statement names what was charged in the base currency", () => {
    const table = new RateTable([]);
    const paid = { amountMinor: 2_412_40, currency: "UAH", occurredOn: "2026-01-27" as const };
    expect(baseAmountOf(table, { ...paid, original: { amountMinor: 52_00, currency: "EUR" } }, "EUR")).toMatchObject({
      baseAmountMinor: 52_00,
      rateSource: "bank",
      rateOn: "2026-01-27",
      rateProvisional: false,
    });
    // Charged in yen (no minor digits) for a household in yen: still the charged figure.
    expect(
      baseAmountOf(table, { ...paid, original: { amountMinor: 7800, currency: "JPY" } }, "JPY").baseAmountMinor,
    ).toBe(7800);
    // In a third currency it says nothing of the base: the table decides (here: no rate, so missing).
    expect(baseAmountOf(table, { ...paid, original: { amountMinor: 56_10, currency: "USD" } }, "EUR")).toMatchObject({
      baseAmountMinor: null,
    });
    // A rate a person set wins over the statement's.
    expect(
      baseAmountOf(
        table,
        {
          ...paid,
          original: { amountMinor: 52_00, currency: "EUR" },
          fixed: { rate: 0.02, rateOn: "2026-01-27", source: "manual" },
        },
        "EUR",
      ),
    ).toMatchObject({ baseAmountMinor: 48_25, rateSource: "manual" });
  });
});

describe("a home bank's direct rate", () => {
  // The NBP's table of one day, stored per euro as the ECB's is: złoty per euro, and each currency per euro.
  const nbp = (on: IsoDate, zlotyPerEuro: number, zlotyPerHryvnia: number): PublishedRate[] => [
    { currency: "PLN", on, perEuro: zlotyPerEuro, source: "nbp" },
    { currency: "UAH", on, perEuro: zlotyPerEuro / zlotyPerHryvnia, source: "nbp" },
  ];
  const table = new RateTable([
    { currency: "PLN", on: "2031-05-05", perEuro: 4.3, source: "ecb" },
    { currency: "UAH", on: "2031-05-05", perEuro: 48, source: "nbu" },
    ...nbp("2031-05-05", 4.29, 0.0901),
    { currency: "PLN", on: "2031-06-20", perEuro: 4.31, source: "ecb" },
    { currency: "UAH", on: "2031-06-20", perEuro: 48.2, source: "nbu" },
  ]);

  it("is the NBP's own złoty per hryvnia between the two, both ways", () => {
    expect(conversion(table, "UAH", "PLN", "2031-05-06")).toMatchObject({ rateOn: "2031-05-05", source: "nbp" });
    expect(conversion(table, "UAH", "PLN", "2031-05-06")?.rate).toBeCloseTo(0.0901, 10);
    expect(conversion(table, "PLN", "UAH", "2031-05-06")?.rate).toBeCloseTo(1 / 0.0901, 8);
  });

  it("leaves the euro to the ECB, other pairs to the cross rate, and an old NBP figure to a fresh cross", () => {
    expect(conversion(table, "EUR", "PLN", "2031-05-06")).toMatchObject({ rate: 4.3, source: "ecb" });
    expect(conversion(table, "UAH", "USD", "2031-05-06")).toBeUndefined();
    // Six weeks on, the NBP has published nothing new here: the ECB and NBU of that day answer instead.
    expect(conversion(table, "UAH", "PLN", "2031-06-21")).toMatchObject({ rate: 4.31 / 48.2, source: "nbu" });
  });
});
