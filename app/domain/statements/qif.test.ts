import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readQif } from "./qif";
import { statementOf } from "./reader-test-support";
import { statementErrorCodes } from "./statement";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/qif/${name}`, import.meta.url), "utf8");

/** Arbitrary bytes read as Latin-1 text: what a binary file looks like after decoding. */
const bytesAsText = fc.uint8Array({ maxLength: 300 }).map((bytes) => String.fromCharCode(...bytes));

describe("readQif", () => {
  it("reads a bank section with splits as one row per record at the T total, and the account's IBAN", () => {
    const statement = statementOf(readQif(fixture("bank-splits.qif")));
    expect(statement).toEqual({
      format: "qif",
      accountIban: "NL91ABNA0417164300",
      rows: [
        {
          bookedOn: "2026-03-02",
          amountMinor: -8645,
          description: "Weekboodschappen",
          counterparty: "Albert Heijn",
          line: 24,
        },
        {
          bookedOn: "2026-03-25",
          amountMinor: 245000,
          description: "Werkgever B.V.",
          counterparty: "Werkgever B.V.",
          line: 38,
        },
        {
          bookedOn: "2026-03-28",
          amountMinor: -103450,
          description: "Huur april",
          counterparty: "Woningstichting Eigen Haard",
          reference: "20260328-4471",
          line: 45,
        },
      ],
    });
  });

  it("reads a credit card section with ISO dates", () => {
    const statement = statementOf(readQif(fixture("ccard.qif")));
    expect(statement.accountIban).toBeUndefined();
    expect(
      statement.rows.map((row) => [row.bookedOn, row.amountMinor, row.counterparty, row.description, row.reference]),
    ).toEqual([
      ["2026-03-04", -1999, "Spotify AB", "Abo März", undefined],
      ["2026-03-11", -24500, "Lufthansa", "Flug FRA–BCN", "4471XYZ"],
      ["2026-03-28", 26499, "Ausgleich Girokonto", "Ausgleich Girokonto", undefined],
    ]);
  });

  it("reads US Quicken dates (apostrophe years, space-padded days), skips investments, keeps check numbers but not ATM or EFT", () => {
    const statement = statementOf(readQif(fixture("us-dates.qif")));
    expect(
      statement.rows.map((row) => [row.bookedOn, row.amountMinor, row.counterparty, row.reference, row.line]),
    ).toEqual([
      ["2025-12-28", -120000, "Pine Street Apartments", "1001", 2],
      ["2026-01-02", -6000, "ATM Withdrawal", undefined, 8],
      ["2026-01-06", 310542, "ACME Payroll", undefined, 13],
      ["2026-01-15", -4510, "Whole Foods", undefined, 18],
      ["2026-01-10", -450, "Blue Bottle Coffee", undefined, 31],
    ]);
  });

  it("reads European dates with decimal commas, a three-digit group as thousands, Turkish, Polish and Cyrillic names", () => {
    const statement = statementOf(readQif(fixture("european.qif")));
    expect(statement.rows.map((row) => [row.bookedOn, row.amountMinor, row.counterparty, row.description])).toEqual([
      ["2026-01-02", -123456, "Türk Telekomünikasyon A.Ş.", "Fatura Aralık 2025"],
      ["2026-01-15", 300000, "Łukasz Wiśniewski", "Zwrot za bilety"],
      ["2026-01-20", -1250, "Нова Пошта", "Доставка посилки №5912"],
      ["2026-01-31", -99, "Garanti BBVA", "Hesap işletim ücreti"],
    ]);
  });

  it("reads ambiguous day/month dates day-first unless told otherwise, and honours a given decimal separator", () => {
    const text = "!Type:Bank\r\nD01/02/2026\r\nT-3.000\r\nPBakker\r\n^\r\nD01/05/2026\r\nT12\r\n^\r\n";
    expect(statementOf(readQif(text)).rows.map((row) => [row.bookedOn, row.amountMinor])).toEqual([
      ["2026-02-01", -300000],
      ["2026-05-01", 1200],
    ]);
    expect(statementOf(readQif("!Type:Bank\nD1/ 5/26\nT-1.00\n^")).rows[0]?.bookedOn).toBe("2026-05-01");
    const american = "!Type:Bank\nD01/02/2026\nT-3.000\n^\nD01/05/2026\nT12\n^\n";
    expect(
      statementOf(readQif(american, { dateFormat: "MM/DD/YYYY", decimal: "." })).rows.map((row) => [
        row.bookedOn,
        row.amountMinor,
      ]),
    ).toEqual([
      ["2026-01-02", -300],
      ["2026-01-05", 1200],
    ]);
  });

  it("takes U when a record has no T, and reads a last record without its closing ^", () => {
    expect(statementOf(readQif("!Type:Cash\nD2026-01-01\nU-4.50\nPKiosk")).rows).toEqual([
      { bookedOn: "2026-01-01", amountMinor: -450, description: "Kiosk", counterparty: "Kiosk", line: 2 },
    ]);
  });

  it("answers EMPTY_FILE, and NOT_A_STATEMENT for text that is not QIF or holds only investments or categories", () => {
    expect(readQif("\n \n")).toEqual({ ok: false, error: { code: "EMPTY_FILE" } });
    expect(readQif("Date,Amount\n2026-01-01,3.00")).toEqual({
      ok: false,
      error: { code: "NOT_A_STATEMENT", line: 1, value: "Date,Amount" },
    });
    expect(readQif("!Type:Invst\nD1/ 9'26\nT1,000.00\n^\n!Type:Cat\nNFood\n^")).toMatchObject({
      ok: false,
      error: { code: "NOT_A_STATEMENT" },
    });
    expect(statementOf(readQif("!Type:Bank\n")).rows).toEqual([]);
  });

  it("names the line of a missing field, an unreadable amount, a date off the calendar and an unknown date format", () => {
    expect(readQif("!Type:Bank\nD2026-01-01\nPNo amount\n^")).toEqual({
      ok: false,
      error: { code: "MISSING_FIELD", element: "T", line: 2 },
    });
    expect(readQif("!Type:Bank\nT1.00\nPNo date\n^")).toEqual({
      ok: false,
      error: { code: "MISSING_FIELD", element: "D", line: 2 },
    });
    expect(readQif("!Type:Bank\nD2026-01-01\nT1.00\n^\nD2026-01-02\nTabc\n^")).toEqual({
      ok: false,
      error: { code: "INVALID_AMOUNT", element: "T", line: 6, value: "abc" },
    });
    expect(readQif("!Type:Bank\nD28/02/2026\nT1.00\n^\nD31/02/2026\nT1.00\n^")).toEqual({
      ok: false,
      error: { code: "INVALID_DATE", element: "D", line: 5, value: "31/02/2026" },
    });
    expect(readQif("!Type:Bank\nD28/02/2026\nT1.00\n^\nDyesterday\nT1.00\n^")).toEqual({
      ok: false,
      error: { code: "UNKNOWN_DATE_FORMAT", element: "D", line: 5, value: "yesterday" },
    });
    expect(readQif("!Type:Bank\nD2026-01-01\nT1.00\n^", { dateFormat: "DD.MM.YYYY" })).toEqual({
      ok: false,
      error: { code: "INVALID_DATE", element: "D", line: 2, value: "2026-01-01" },
    });
  });

  it("never throws or hangs on mangled QIF: it reads or answers an error code", () => {
    const sources = [fixture("bank-splits.qif"), fixture("us-dates.qif"), fixture("european.qif")];
    const mangled = fc
      .tuple(
        fc.constantFrom(...sources),
        fc.nat(),
        fc.nat(),
        fc.string({
          unit: fc.constantFrom(
            "!",
            "^",
            "\n",
            "\r",
            "D",
            "T",
            "U",
            "'",
            "/",
            " ",
            "-",
            ",",
            ".",
            "1",
            "9",
            "!Type:Bank",
            "!Account",
          ),
        }),
      )
      .map(([source, from, length, insert]) => {
        const at = from % (source.length + 1);
        return source.slice(0, at) + insert + source.slice(at + (length % 30));
      });
    fc.assert(
      fc.property(fc.oneof(mangled, fc.string(), bytesAsText), (text) => {
        const read = readQif(text);
        if (read.ok) expect(read.statement.format).toBe("qif");
        else expect(statementErrorCodes).toContain(read.error.code);
      }),
      { numRuns: 300 },
    );
  });
});
