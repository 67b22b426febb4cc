import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readOfx } from "./ofx";
import { statementOf } from "./reader-test-support";
import { statementErrorCodes, statementFormats } from "./statement";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/ofx/${name}`, import.meta.url), "utf8");

/** A minimal SGML file around some STMTTRN content, for the cases a fixture would only bury. */
function sgml(transactions: string, statementExtras = ""): string {
  return [
    "OFXHEADER:100",
    "DATA:OFXSGML",
    "VERSION:102",
    "",
    "<OFX>",
    "<BANKMSGSRSV1><STMTTRNRS><STMTRS>",
    "<CURDEF>EUR",
    "<BANKTRANLIST>",
    transactions,
    "</BANKTRANLIST>",
    statementExtras,
    "</STMTRS></STMTTRNRS></BANKMSGSRSV1>",
    "</OFX>",
  ].join("\n");
}

/** Arbitrary bytes read as Latin-1 text: what a binary file looks like after decoding. */
const bytesAsText = fc.uint8Array({ maxLength: 300 }).map((bytes) => String.fromCharCode(...bytes));

describe("readOfx", () => {
  it("reads an OFX 1.02 SGML bank statement of a Dutch bank: leaves without end tags, IBAN, ledger balance", () => {
    const statement = statementOf(readOfx(fixture("dutch-bank-1.02.ofx")));
    expect(statement).toMatchObject({
      format: "ofx",
      accountIban: "NL20INGB0001234567",
      currency: "EUR",
      closing: { amountMinor: 183427, on: "2026-03-14" },
    });
    expect(statement.rows).toEqual([
      {
        bookedOn: "2026-03-02",
        valueOn: "2026-03-01",
        amountMinor: -1250,
        currency: "EUR",
        description: "Betaalautomaat 01-03-2026 18:22 pasnr. 012",
        counterparty: "Albert Heijn 1403",
        reference: "2026030200001",
        line: 39,
      },
      {
        bookedOn: "2026-03-05",
        amountMinor: 245000,
        currency: "EUR",
        description: "Salaris maart 2026",
        counterparty: "Werkgever B.V.",
        reference: "2026030500002",
        line: 48,
      },
      {
        bookedOn: "2026-03-07",
        amountMinor: -3875,
        currency: "EUR",
        description: "Café de Zwaan & Zn",
        counterparty: "Café de Zwaan & Zn",
        reference: "2026030700003",
        line: 56,
      },
      {
        bookedOn: "2026-03-10",
        amountMinor: -95000,
        currency: "EUR",
        description: "Huur maart",
        counterparty: "Woningstichting Eigen Haard",
        reference: "2026031000004",
        line: 63,
      },
      {
        bookedOn: "2026-03-13",
        amountMinor: 1500,
        currency: "EUR",
        description: "Terugbetaling pizza <3",
        counterparty: "Jürgen Müller",
        reference: "2026031300005",
        line: 84,
      },
    ]);
  });

  it("reads an OFX 2.2 XML credit card statement with a foreign-currency row, Turkish and Cyrillic names", () => {
    const statement = statementOf(readOfx(fixture("credit-card-2.2.ofx")));
    expect(statement.accountIban).toBeUndefined();
    expect(statement).toMatchObject({ currency: "EUR", closing: { amountMinor: -20649, on: "2026-03-31" } });
    expect(
      statement.rows.map((row) => [
        row.bookedOn,
        row.valueOn,
        row.amountMinor,
        row.currency,
        row.counterparty,
        row.description,
        row.reference,
      ]),
    ).toEqual([
      [
        "2026-03-03",
        "2026-03-02",
        -840,
        "EUR",
        "Boulangerie Pâtisserie Lefèvre",
        "CB*0417 02/03 PARIS 11",
        "CB260303-0001",
      ],
      ["2026-03-09", undefined, -5499, "USD", "Amazon Marketplace US", "Order 114-2291 (USD 59.70)", "CB260309-0002"],
      [
        "2026-03-18",
        undefined,
        -12000,
        "EUR",
        "Şişecam Mağazası İstanbul",
        "Şişecam Mağazası İstanbul",
        "CB260318-0003",
      ],
      ["2026-03-22", undefined, -2310, "EUR", "Укрзалізниця", "Квиток Київ – Львів", "CB260322-0004"],
      ["2026-03-28", undefined, 41266, "EUR", "Prélèvement mensuel", "Prélèvement mensuel", "CB260328-0005"],
    ]);
    expect(statement.rows.map((row) => row.line)).toEqual([23, 32, 44, 52, 60]);
  });

  it("reads a QFX (Quicken's OFX with INTU elements) written on a few long lines, with time zones in its dates", () => {
    const statement = statementOf(readOfx(fixture("us-checking.qfx")));
    expect(statement).toMatchObject({ currency: "USD", closing: { amountMinor: 523018, on: "2026-01-07" } });
    expect(statement.accountIban).toBeUndefined();
    expect(statement.rows).toEqual([
      {
        bookedOn: "2026-01-02",
        amountMinor: -120000,
        currency: "USD",
        description: "CHECK 1001",
        counterparty: "CHECK 1001",
        reference: "202601020",
        line: 15,
      },
      {
        bookedOn: "2026-01-03",
        amountMinor: -6000,
        currency: "USD",
        description: "ATM 0456 NEW YORK NY",
        counterparty: "ATM WITHDRAWAL 5TH AVE",
        reference: "202601030",
        line: 16,
      },
      {
        bookedOn: "2026-01-06",
        amountMinor: 310542,
        currency: "USD",
        description: "DIRECT DEP PPD ID: 9111111101",
        counterparty: "ACME PAYROLL",
        reference: "202601060",
        line: 17,
      },
    ]);
  });

  it("tolerates the decimal comma some European banks write in OFX amounts and balances", () => {
    const statement = statementOf(readOfx(fixture("polish-comma-decimal.ofx")));
    expect(statement).toMatchObject({
      accountIban: "PL13109010140000712198128740",
      currency: "PLN",
      closing: { amountMinor: 721344, on: "2026-02-28" },
    });
    expect(statement.rows.map((row) => [row.amountMinor, row.counterparty, row.description])).toEqual([
      [-4590, "Żabka Polska sp. z o.o.", "Zakup kartą, Łódź ul. Piotrkowska 12"],
      [680000, "Grzegorz Brzęczyszczykiewicz", "Wynagrodzenie za luty"],
      [-150, "Opłata za przelew", "Opłata za przelew"],
    ]);
  });

  it("reads every statement of a multi-statement file (two bank accounts and a credit card) in file order", () => {
    const statement = statementOf(readOfx(fixture("german-multi-statement.ofx")));
    expect(statement.rows.map((row) => [row.bookedOn, row.amountMinor, row.currency, row.reference])).toEqual([
      ["2026-01-05", -8990, "EUR", "DE-0105-1"],
      ["2026-01-31", 317, "EUR", "TG-0131-1"],
      ["2026-01-20", -4200, "CHF", "CC-0120-1"],
    ]);
    // Three accounts: no single account, currency or closing balance describes the file.
    expect(statement.accountIban).toBeUndefined();
    expect(statement.currency).toBeUndefined();
    expect(statement.closing).toBeUndefined();
  });

  it("keeps the latest closing balance when consecutive statements are of one account", () => {
    const month = (day: string, balance: string) =>
      `<STMTTRNRS><STMTRS><CURDEF>EUR<BANKACCTFROM><ACCTID>NL91ABNA0417164300</BANKACCTFROM><BANKTRANLIST><STMTTRN><DTPOSTED>${day}<TRNAMT>1.00<FITID>${day}</STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>${balance}<DTASOF>${day}</LEDGERBAL></STMTRS></STMTTRNRS>`;
    const statement = statementOf(
      readOfx(`<OFX><BANKMSGSRSV1>${month("20260228", "10.00")}${month("20260131", "9.00")}</BANKMSGSRSV1></OFX>`),
    );
    expect(statement).toMatchObject({
      accountIban: "NL91ABNA0417164300",
      closing: { amountMinor: 1000, on: "2026-02-28" },
    });
    expect(statement.rows).toHaveLength(2);
  });

  it("decodes numeric entities and keeps an unescaped lone '<' in SGML free text", () => {
    const statement = statementOf(
      readOfx(
        sgml(
          "<STMTTRN><DTPOSTED>20260101<TRNAMT>-1.00<FITID>1<NAME>Caf&#233; &#x17B;ak<MEMO>Sparen < 5 jaar</STMTTRN>",
        ),
      ),
    );
    expect(statement.rows[0]).toMatchObject({ counterparty: "Café Żak", description: "Sparen < 5 jaar" });
  });

  it("reads a statement without transactions, and a transaction without a FITID, NAME or MEMO", () => {
    expect(statementOf(readOfx(sgml(""))).rows).toEqual([]);
    expect(statementOf(readOfx(sgml("<STMTTRN><DTPOSTED>20260101<TRNAMT>5</STMTTRN>"))).rows).toEqual([
      { bookedOn: "2026-01-01", amountMinor: 500, currency: "EUR", description: "", line: 9 },
    ]);
  });

  it("answers EMPTY_FILE and NOT_A_STATEMENT for empty text, text without <OFX>, and OFX without a bank or card statement", () => {
    expect(readOfx("  \n")).toEqual({ ok: false, error: { code: "EMPTY_FILE" } });
    expect(readOfx("Datum;Bedrag\n01-01-2026;12,50")).toEqual({ ok: false, error: { code: "NOT_A_STATEMENT" } });
    expect(
      readOfx(
        "OFXHEADER:100\n\n<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500</STATUS></SONRS></SIGNONMSGSRSV1></OFX>",
      ),
    ).toMatchObject({
      ok: false,
      error: { code: "NOT_A_STATEMENT" },
    });
  });

  it("locates broken structure: a lost aggregate end tag, a stray end tag, a truncated file, an unfinished tag", () => {
    const lostEnd = sgml(
      "<STMTTRN>\n<DTPOSTED>20260101\n<TRNAMT>1.00\n<STMTTRN>\n<DTPOSTED>20260102\n<TRNAMT>2.00\n</STMTTRN>",
    );
    expect(readOfx(lostEnd)).toEqual({ ok: false, error: { code: "BROKEN_XML", element: "STMTTRN", line: 9 } });
    expect(readOfx(sgml("</STMTTRN>"))).toEqual({
      ok: false,
      error: { code: "BROKEN_XML", element: "</STMTTRN>", line: 9 },
    });
    const truncated = fixture("dutch-bank-1.02.ofx").split("\n").slice(0, 50).join("\n");
    expect(readOfx(truncated)).toEqual({ ok: false, error: { code: "BROKEN_XML", element: "STMTTRN", line: 48 } });
    expect(readOfx(sgml("<STMTTRN><DTPOSTED>20260101<TRNAMT>1.00</STMTTRN><FITID"))).toMatchObject({
      ok: false,
      error: { code: "BROKEN_XML", line: 9 },
    });
  });

  it("names the transaction, element and line of a missing or unreadable date or amount", () => {
    expect(readOfx(sgml("<STMTTRN>\n<DTPOSTED>20260231\n<TRNAMT>1.00\n</STMTTRN>"))).toEqual({
      ok: false,
      error: { code: "INVALID_DATE", element: "STMTTRN 1 / DTPOSTED", line: 10, value: "20260231" },
    });
    expect(
      readOfx(
        sgml(
          "<STMTTRN>\n<DTPOSTED>20260101\n<TRNAMT>1.00\n</STMTTRN>\n<STMTTRN>\n<DTPOSTED>20260101\n<TRNAMT>twelve\n</STMTTRN>",
        ),
      ),
    ).toEqual({
      ok: false,
      error: { code: "INVALID_AMOUNT", element: "STMTTRN 2 / TRNAMT", line: 15, value: "twelve" },
    });
    expect(readOfx(sgml("<STMTTRN>\n<DTPOSTED>20260101\n</STMTTRN>"))).toEqual({
      ok: false,
      error: { code: "MISSING_FIELD", element: "STMTTRN 1 / TRNAMT", line: 9 },
    });
    expect(readOfx(sgml("", "<LEDGERBAL><BALAMT>1,2,3<DTASOF>20260101</LEDGERBAL>"))).toMatchObject({
      ok: false,
      error: { code: "INVALID_AMOUNT", element: "LEDGERBAL / BALAMT" },
    });
  });

  it("never throws or hangs on mangled OFX: it reads or answers a located error code", () => {
    const sources = [fixture("dutch-bank-1.02.ofx"), fixture("credit-card-2.2.ofx"), fixture("us-checking.qfx")];
    const mangled = fc
      .tuple(
        fc.constantFrom(...sources),
        fc.nat(),
        fc.nat(),
        fc.string({
          unit: fc.constantFrom(
            "<",
            ">",
            "/",
            "&",
            ";",
            "\n",
            "OFX",
            "STMTTRN",
            "TRNAMT",
            "-",
            "1",
            ",",
            "?",
            "!--",
            "]]>",
            "<![CDATA[",
          ),
        }),
      )
      .map(([source, from, length, insert]) => {
        const at = from % (source.length + 1);
        return source.slice(0, at) + insert + source.slice(at + (length % 40));
      });
    fc.assert(
      fc.property(fc.oneof(mangled, fc.string(), bytesAsText), (text) => {
        const read = readOfx(text);
        if (read.ok) expect(statementFormats).toContain(read.statement.format);
        else expect(statementErrorCodes).toContain(read.error.code);
      }),
      { numRuns: 500 },
    );
  });

  it("reads deeply nested or very long input without running out of stack", () => {
    const deep = `<OFX>${"<A>".repeat(100_000)}x${"</A>".repeat(100_000)}</OFX>`;
    expect(readOfx(deep)).toMatchObject({ ok: false, error: { code: "NOT_A_STATEMENT" } });
    const many = sgml("<STMTTRN><DTPOSTED>20260101<TRNAMT>-1.00</STMTTRN>\n".repeat(20_000));
    expect(statementOf(readOfx(many)).rows).toHaveLength(20_000);
  }, 30_000);

  // Issue 20: the tag pattern's name `[\w.:-]*` and attributes `[^<>]*` could trade characters, so a tag that never
  // closes was tried in every split: quadratic in its length.
  it("reads a tag that never closes in one pass", () => {
    expect(readOfx(`<OFX><${"A".repeat(200_000)}`)).toMatchObject({ ok: false, error: { code: "BROKEN_XML" } });
    expect(readOfx(`<OFX><A ${"b".repeat(200_000)}`)).toMatchObject({ ok: false, error: { code: "BROKEN_XML" } });
  });
});
