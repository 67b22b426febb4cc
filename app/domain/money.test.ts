import { describe, expect, it } from "vitest";
import currencyCodes from "currency-codes";
import {
  amountPlaceholder,
  amountToInput,
  minorDigits,
  currencySymbol,
  formatMoney,
  formatMoneyCompact,
  formatPercent,
  parseAmount,
} from "./money";

describe("amounts in a currency's own minor digits", () => {
  it("reads and writes the yen without decimals and the Kuwaiti dinar with three", () => {
    expect(parseAmount("150.000", "de", { digits: 0 })).toEqual({ ok: true, minor: 150_000 });
    expect(parseAmount("1500,5", "de", { digits: 0 })).toEqual({ ok: false, error: "tooManyDecimals" });
    expect(parseAmount("14.625", "en", { digits: 3 })).toEqual({ ok: true, minor: 14_625 });
    expect(parseAmount("14,6", "de", { digits: 3 })).toEqual({ ok: true, minor: 14_600 });
    expect(parseAmount("1,2345", "de", { digits: 3 })).toEqual({ ok: false, error: "tooManyDecimals" });
    expect(amountToInput(150_000, "de", 0)).toBe("150000");
    expect(amountToInput(14_605, "de", 3)).toBe("14,605");
    expect(amountToInput(14_000, "en", 3)).toBe("14");
    expect(amountPlaceholder("de", 3)).toBe("0,000");
    expect(amountPlaceholder("en", 0)).toBe("0");
    for (const digits of [0, 2, 3])
      for (const minor of [1, 7, 1234, 99_999]) {
        expect(parseAmount(amountToInput(minor, "pl", digits), "pl", { digits })).toEqual({ ok: true, minor });
      }
  });
});

describe("parseAmount", () => {
  it.each([
    ["1.234,56", "de", 123456],
    ["1 234,56", "fr", 123456],
    ["1\u202f234,56", "fr", 123456],
    ["1\u00a0234,56", "pl", 123456],
    ["1 234,56", "ua", 123456],
    ["1,234.56", "en", 123456],
    ["1.234,56", "nl", 123456],
    ["1.234,56", "tr", 123456],
    ["1.234,56", "es", 123456],
    ["12,5", "de", 1250],
    ["12.5", "de", 1250],
    ["12,50", "en", 1250],
    ["1.234", "de", 123400],
    ["1,234", "en", 123400],
    ["12,345", "en", 1234500],
    ["0,99", "de", 99],
    [".5", "en", 50],
    ["7", "en", 700],
    ["  42 € ", "de", 4200],
    ["€42.10", "en", 4210],
    ["999999999,99", "de", 99_999_999_999],
  ] as const)("%s in %s is %i cents", (input, language, cents) => {
    expect(parseAmount(input, language)).toEqual({ ok: true, minor: cents });
  });

  it.each([
    ["abc", "invalid"],
    ["-5", "notPositive"],
    ["−5", "notPositive"],
    ["0", "notPositive"],
    ["0,00", "notPositive"],
    ["1e9999", "invalid"],
    ["", "required"],
    ["   ", "required"],
    ["12,34,5", "invalid"],
    ["1,2,3", "invalid"],
    ["1,234.567", "tooManyDecimals"],
    ["1000000000", "tooLarge"],
    ["99999999999999999999999", "tooLarge"],
    ["Infinity", "invalid"],
    ["0x10", "invalid"],
    ["12.34.56", "invalid"],
  ] as const)("refuses %j in English as %s", (input, error) => {
    expect(parseAmount(input, "en")).toEqual({ ok: false, error });
  });

  it("refuses a German amount with a comma grouping", () => {
    expect(parseAmount("1,234,56", "de")).toEqual({ ok: false, error: "invalid" });
  });

  it("accepts zero only when asked to, and never a negative amount", () => {
    expect(parseAmount("0,00", "de", { allowZero: true })).toEqual({ ok: true, minor: 0 });
    expect(parseAmount("-5", "de", { allowZero: true })).toEqual({ ok: false, error: "notPositive" });
  });
});

describe("formatMoney", () => {
  it("follows the reader's language and the household's currency", () => {
    expect(formatMoney(123456, "EUR", "en")).toBe("€1,234.56");
    expect(formatMoney(123456, "EUR", "de")).toBe("1.234,56\u00a0€");
    expect(formatMoney(123456, "PLN", "pl")).toBe("1234,56\u00a0zł");
    expect(formatMoney(123456, "EUR", "fr")).toBe("1\u202f234,56\u00a0€");
    // The hryvnia in Ukrainian is pinned: server and browser ICU data disagree on its sign.
    expect(formatMoney(123456, "UAH", "ua")).toBe("1\u00a0234,56\u00a0грн");
    // Minor units in each currency's own digits: the yen has none, the Kuwaiti dinar three.
    expect(formatMoney(2300, "JPY", "en")).toBe("¥2,300");
    expect(formatMoney(14_625, "KWD", "en")).toBe("KWD\u00a014.625");
    expect(formatMoneyCompact(1234500, "UAH", "ua")).toBe("12\u00a0345\u00a0грн");
    expect(currencySymbol("UAH", "ua")).toBe("грн");
    expect(currencySymbol("PLN", "pl")).toBe("zł");
  });

  it("round-trips through the form field in every language", () => {
    for (const language of ["en", "nl", "de", "fr", "es", "pl", "tr", "ua"] as const) {
      expect(parseAmount(amountToInput(123456, language), language)).toEqual({ ok: true, minor: 123456 });
      // Below zero (an opening balance owed on a card), also under one unit.
      expect(amountToInput(-50, language)).toMatch(/^-0[.,]50$/);
      expect(amountToInput(-25050, language)).toMatch(/^-250[.,]50$/);
      expect(parseAmount(formatMoney(987654321, "EUR", language).replace(/[^\d.,\s]/g, ""), language)).toEqual({
        ok: true,
        minor: 987654321,
      });
    }
  });
});

describe("formatPercent", () => {
  it("shows a missing rate as a dash", () => {
    expect(formatPercent(null, "en")).toBe("—");
    expect(formatPercent(Number.NaN, "en")).toBe("—");
  });
  it("uses the reader's conventions", () => {
    expect(formatPercent(0.256, "en")).toBe("25.6%");
    expect(formatPercent(0.256, "de")).toBe("25,6\u00a0%");
    expect(formatPercent(0.1, "en", { signed: true })).toBe("+10%");
  });
});

describe("minorDigits", () => {
  it("follows ISO 4217 for every currency in use, whatever Intl rounds to for display", () => {
    // Precious metals, testing and fund codes have no minor unit to keep; every real currency is compared.
    const real = currencyCodes.data.filter((entry) => !/^X(?:A[GU]|B[A-D]|DR|P[DT]|SU|TS|UA|XX)$/.test(entry.code));
    expect(real.length).toBeGreaterThan(150);
    for (const entry of real) expect(minorDigits(entry.code), entry.code).toBe(entry.digits);
    // The forint is kept in fillér (ISO), though ICU writes it in whole forints.
    expect(minorDigits("HUF")).toBe(2);
    expect(formatMoney(123_456, "HUF", "en")).toBe("HUF\u00a01,235");
  });
});
