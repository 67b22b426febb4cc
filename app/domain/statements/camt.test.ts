import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readCamt } from "./camt";
import { statementOf, errorOf } from "./reader-test-support";
import { statementErrorCodes } from "./statement";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/camt/${name}`, import.meta.url), "utf8");

const fixtures = [
  "camt053-v02-german.xml",
  "camt053-v08-french-multi.xml",
  "camt052-v06-polish.xml",
  "camt054-v13-ukrainian.xml",
];

/** A one-statement camt.053 around some entries, for the cases a fixture would only bury. */
function camt053(entries: string, version = "02"): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.${version}">
  <BkToCstmrStmt>
    <Stmt>
      <Acct><Id><IBAN>DE75120300001020304050</IBAN></Id><Ccy>EUR</Ccy></Acct>
${entries}
    </Stmt>
  </BkToCstmrStmt>
</Document>`;
}

function entry({
  amount = "10.00",
  direction = "DBIT",
  booked = "<BookgDt><Dt>2026-04-01</Dt></BookgDt>",
  inner = "",
} = {}): string {
  return `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${direction}</CdtDbtInd><Sts>BOOK</Sts>${booked}${inner}</Ntry>`;
}

describe("readCamt", () => {
  it("reads a German camt.053.001.02: parties by direction, joined remittance lines, account and balances", () => {
    const statement = statementOf(readCamt(fixture("camt053-v02-german.xml")));
    expect(statement).toMatchObject({
      format: "camt",
      accountIban: "DE75120300001020304050",
      currency: "EUR",
      opening: { amountMinor: 150_000, on: "2026-03-31" },
      closing: { amountMinor: 321_660, on: "2026-04-30" },
    });
    expect(statement.rows[0]).toEqual({
      bookedOn: "2026-04-01",
      valueOn: "2026-04-01",
      amountMinor: 280_000,
      currency: "EUR",
      description: "Gehalt April 2026",
      counterparty: "Müller & Söhne GmbH",
      counterpartyIban: "DE18430609671234567800",
      reference: "2026040100001",
      line: 1,
    });
    expect(statement.rows[1]).toMatchObject({
      amountMinor: -95_000,
      description: "Miete April 2026 Whg. 3. OG links",
      counterparty: "Hausverwaltung Schröder",
      counterpartyIban: "DE44701500000011223344",
      line: 2,
    });
    expect(statement.rows.at(-1)).toEqual({
      bookedOn: "2026-04-30",
      valueOn: "2026-04-30",
      amountMinor: -790,
      currency: "EUR",
      description: "Kontoführungsentgelt April",
      reference: "2026043000005",
      line: 6,
    });
  });

  it("splits a batch entry into one row per transaction, each with its own amount, party and reference", () => {
    const rows = statementOf(readCamt(fixture("camt053-v02-german.xml"))).rows.filter((row) => row.line === 3);
    expect(rows).toEqual([
      expect.objectContaining({
        amountMinor: -12_000,
        counterparty: "Stadtwerke Würzburg",
        description: "Abschlag Strom",
        reference: "2026040200003-1",
      }),
      expect.objectContaining({
        amountMinor: -8_050,
        counterparty: "Telekom Deutschland GmbH",
        description: "RF18539007547034",
      }),
      expect.objectContaining({
        amountMinor: -4_500,
        counterparty: "Bäckerei Köhler",
        description: "Brötchen-Abo April",
      }),
    ]);
    // A part without its own bank reference must not borrow the batch's, or the parts would be duplicates of each other.
    expect(rows[1]?.reference).toBeUndefined();
    expect(rows[2]?.reference).toBeUndefined();
  });

  it("keeps a reversal's own direction (money back in) and names the original payee", () => {
    const returned = statementOf(readCamt(fixture("camt053-v02-german.xml"))).rows.find(
      (row) => row.reference === "2026040300004",
    );
    expect(returned).toMatchObject({
      bookedOn: "2026-04-03",
      valueOn: "2026-04-02",
      amountMinor: 12_000,
      counterparty: "Stadtwerke Würzburg",
      counterpartyIban: "DE44701500000011223344",
    });
  });

  it("keeps what a card payment abroad cost in the shop's currency (the instructed amount)", () => {
    const abroad = (instructed: string) =>
      entry({
        amount: "47.93",
        inner: `<NtryDtls><TxDtls><AmtDtls>${instructed}<TxAmt><Amt Ccy="EUR">47.93</Amt></TxAmt></AmtDtls></TxDtls></NtryDtls>`,
      });
    const rows = statementOf(
      readCamt(
        camt053(
          [
            abroad(`<InstdAmt><Amt Ccy="USD">52.00</Amt></InstdAmt>`),
            abroad(`<InstdAmt><Amt Ccy="JPY">7800</Amt></InstdAmt>`),
            abroad(`<InstdAmt><Amt Ccy="KWD">14.625</Amt></InstdAmt>`),
            // In the account's own currency, or unreadable: nothing to keep, and the entry still reads.
            abroad(`<InstdAmt><Amt Ccy="EUR">47.93</Amt></InstdAmt>`),
            abroad(`<InstdAmt><Amt Ccy="USD">lots</Amt></InstdAmt>`),
          ].join(""),
        ),
      ),
    ).rows;
    expect(rows.map((row) => row.original)).toEqual([
      { amountMinor: 5200, currency: "USD" },
      { amountMinor: 7800, currency: "JPY" },
      { amountMinor: 14_625, currency: "KWD" },
      undefined,
      undefined,
    ]);
    expect(rows.every((row) => row.amountMinor === -4793)).toBe(true);
  });

  it("leaves out pending and information-only entries", () => {
    const german = statementOf(readCamt(fixture("camt053-v02-german.xml")));
    expect(german.rows.map((row) => row.line)).toEqual([1, 2, 3, 3, 3, 4, 6]);
    expect(german.rows.some((row) => row.amountMinor === -6_000)).toBe(false);
    const polish = statementOf(readCamt(fixture("camt052-v06-polish.xml")));
    expect(polish.rows.map((row) => row.amountMinor)).toEqual([-8_999, 250_000]);
  });

  it("adds up from the opening to the closing balance in every statement fixture", () => {
    for (const name of ["camt053-v02-german.xml", "camt053-v08-french-multi.xml"]) {
      const statement = statementOf(readCamt(fixture(name)));
      const total = statement.rows.reduce((sum, row) => sum + row.amountMinor, 0);
      expect(statement.opening!.amountMinor + total, name).toBe(statement.closing!.amountMinor);
    }
  });

  it("reads a prefixed camt.053.001.08 with two statements: Sts/Cd, Pty/Nm, date-times, mixed-sign batch", () => {
    const statement = statementOf(readCamt(fixture("camt053-v08-french-multi.xml")));
    expect(statement).toMatchObject({
      accountIban: "FR7630006000011234567890189",
      currency: "EUR",
      opening: { amountMinor: -3_520, on: "2026-05-03" },
      closing: { amountMinor: 89_591, on: "2026-05-05" },
    });
    expect(statement.rows).toEqual([
      {
        bookedOn: "2026-05-04",
        valueOn: "2026-05-04",
        amountMinor: 120_000,
        currency: "EUR",
        description: "Prestations mai 2026",
        counterparty: "Caisse d'Allocations Familiales du Rhône",
        counterpartyIban: "FR1420041010050500013M02606",
        reference: "FR2026050400001",
        line: 1,
      },
      expect.objectContaining({
        amountMinor: -20_000,
        counterparty: "Électricité de France",
        description: "Facture électricité n° 4471",
        reference: "FR2026050400002-A",
        line: 2,
      }),
      expect.objectContaining({
        amountMinor: 1_960,
        counterparty: "Électricité de France",
        description: "Avoir régularisation",
        reference: "FR2026050400002-B",
        line: 2,
      }),
      expect.objectContaining({
        amountMinor: -6_499,
        counterparty: "Librería Cervantes S.L.",
        counterpartyIban: "ES6000491500051234567892",
        line: 4,
      }),
      expect.objectContaining({
        amountMinor: -2_350,
        counterparty: "Boulangerie Pâtisserie Léa",
        reference: "FR2026050500004",
        line: 5,
      }),
    ]);
  });

  it("reads a Polish camt.052 intraday report without balances", () => {
    const statement = statementOf(readCamt(fixture("camt052-v06-polish.xml")));
    expect(statement.accountIban).toBe("PL61109010140000071219812874");
    expect(statement.currency).toBe("PLN");
    expect(statement.opening).toBeUndefined();
    expect(statement.closing).toBeUndefined();
    expect(statement.rows[0]).toMatchObject({
      bookedOn: "2026-04-10",
      valueOn: "2026-04-09",
      counterparty: "Żabka Polska Sp. z o.o.",
      description: "Zakupy Łódź ul. Piotrkowska 12",
    });
    expect(statement.rows[1]).toMatchObject({
      counterparty: "Grzegorz Brzęczyszczykiewicz",
      description: "Zwrot pożyczki — dziękuję!",
      reference: "PKO-26041000012",
    });
  });

  it("reads a Ukrainian camt.054 notification; a batch without per-transaction amounts stays one row", () => {
    const statement = statementOf(readCamt(fixture("camt054-v13-ukrainian.xml")));
    expect(statement.currency).toBe("UAH");
    expect(statement.rows).toEqual([
      {
        bookedOn: "2026-06-01",
        valueOn: "2026-06-01",
        amountMinor: 1_500_000,
        currency: "UAH",
        description: "Оплата за договором №17 від 28.05.2026",
        counterparty: "Олена Коваленко",
        counterpartyIban: "UA263220010000026201234567890",
        reference: "MONO-0601-000123",
        line: 1,
      },
      {
        bookedOn: "2026-06-01",
        amountMinor: 90_000,
        currency: "UAH",
        description: "Зарахування пакету з 2 платежів",
        reference: "MONO-0601-000124",
        line: 2,
      },
    ]);
  });

  it("keeps a batch whose parts do not add up to the entry as one row", () => {
    const parts = ["60.00", "30.00"]
      .map((amount) => `<TxDtls><AmtDtls><TxAmt><Amt Ccy="EUR">${amount}</Amt></TxAmt></AmtDtls></TxDtls>`)
      .join("");
    const rows = statementOf(
      readCamt(
        camt053(
          entry({ amount: "100.00", inner: `<NtryDtls>${parts}</NtryDtls><AddtlNtryInf>SEPA-SAMMLER</AddtlNtryInf>` }),
        ),
      ),
    ).rows;
    expect(rows).toEqual([
      { bookedOn: "2026-04-01", amountMinor: -10_000, currency: "EUR", description: "SEPA-SAMMLER", line: 1 },
    ]);
  });

  it("uses the value date when a booked entry has no booking date, and the transaction's reference when the entry has none", () => {
    const inner =
      "<ValDt><Dt>2026-04-02</Dt></ValDt><NtryDtls><TxDtls><Refs><AcctSvcrRef>TX-1</AcctSvcrRef></Refs></TxDtls></NtryDtls><AddtlNtryInf>Zinsen</AddtlNtryInf>";
    const [row] = statementOf(readCamt(camt053(entry({ direction: "CRDT", booked: "", inner })))).rows;
    expect(row).toEqual({
      bookedOn: "2026-04-02",
      valueOn: "2026-04-02",
      amountMinor: 1_000,
      currency: "EUR",
      description: "Zinsen",
      reference: "TX-1",
      line: 1,
    });
  });

  it("finds the message inside an envelope with a business application header", () => {
    const wrapped = `<Envelope><AppHdr xmlns="urn:iso:std:iso:20022:tech:xsd:head.001.001.02"><MsgDefIdr>camt.053.001.08</MsgDefIdr></AppHdr>${camt053(entry(), "08").replace(/^<\?xml[^>]*>/, "")}</Envelope>`;
    expect(statementOf(readCamt(wrapped)).rows).toHaveLength(1);
  });

  it("accepts a byte order mark and a file without entries", () => {
    const statement = statementOf(readCamt(`\uFEFF${camt053("")}`));
    expect(statement.rows).toEqual([]);
    expect(statement.accountIban).toBe("DE75120300001020304050");
  });

  describe("bad input", () => {
    it("names the line of broken XML", () => {
      const text = fixture("camt053-v02-german.xml").replace(
        "<Ustrd>Gehalt April 2026</Ustrd>",
        "<Ustrd>Gehalt April 2026</Ustr>",
      );
      const line = text.split("\n").findIndex((candidate) => candidate.includes("</Ustr>")) + 1;
      expect(errorOf(readCamt(text))).toMatchObject({ code: "BROKEN_XML", line });
    });

    it("refuses a file cut off in the middle", () => {
      const text = fixture("camt053-v08-french-multi.xml");
      expect(errorOf(readCamt(text.slice(0, text.length / 2))).code).toBe("BROKEN_XML");
    });

    it.each([
      ["an empty file", "", "EMPTY_FILE"],
      ["whitespace", " \r\n\t", "EMPTY_FILE"],
      ["plain text", "Datum;Betrag\n01.04.2026;12,50", "NOT_A_STATEMENT"],
      [
        "a payment order",
        '<Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.03"><CstmrCdtTrfInitn/></Document>',
        "NOT_A_STATEMENT",
      ],
      ["a web page", "<html><body>Sign in</body></html>", "NOT_A_STATEMENT"],
    ] as const)("refuses %s", (_name, text, code) => {
      expect(errorOf(readCamt(text)).code).toBe(code);
    });

    it.each([
      [
        "a decimal comma",
        entry() + entry({ amount: "950,00" }),
        { code: "INVALID_AMOUNT", element: "Ntry 2 / Amt", value: "950,00" },
      ],
      ["a negative amount", entry({ amount: "-5.00" }), { code: "INVALID_AMOUNT", element: "Ntry 1 / Amt" }],
      [
        "a missing amount",
        "<Ntry><CdtDbtInd>DBIT</CdtDbtInd><BookgDt><Dt>2026-04-01</Dt></BookgDt></Ntry>",
        { code: "MISSING_FIELD", element: "Ntry 1 / Amt" },
      ],
      [
        "a day that does not exist",
        entry({ booked: "<BookgDt><Dt>2026-02-30</Dt></BookgDt>" }),
        { code: "INVALID_DATE", element: "Ntry 1 / BookgDt", value: "2026-02-30" },
      ],
      ["no date at all", entry({ booked: "" }), { code: "MISSING_FIELD", element: "Ntry 1 / BookgDt" }],
      [
        "no direction",
        entry() + entry() + entry({ direction: "" }),
        { code: "MISSING_FIELD", element: "Ntry 3 / CdtDbtInd" },
      ],
      [
        "an unknown direction",
        entry({ direction: "PLUS" }),
        { code: "INVALID_AMOUNT", element: "Ntry 1 / CdtDbtInd", value: "PLUS" },
      ],
      [
        "a bad amount in a batch part",
        entry({
          inner:
            '<NtryDtls><TxDtls><Amt Ccy="EUR">5.00</Amt></TxDtls><TxDtls><Amt Ccy="EUR">five</Amt></TxDtls></NtryDtls>',
        }),
        { code: "INVALID_AMOUNT", element: "Ntry 1 / TxDtls 2 / Amt" },
      ],
      [
        "a bad balance",
        '<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">1.234,00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2026-03-31</Dt></Dt></Bal>',
        { code: "INVALID_AMOUNT", element: "Stmt 1 / Bal 1 / Amt" },
      ],
    ] as const)("locates %s", (_name, entries, error) => {
      expect(errorOf(readCamt(camt053(entries)))).toMatchObject(error);
    });

    it("never throws on mangled statements or random text, and always answers with a known code", () => {
      const sources = fixtures.map(fixture);
      const pieces = fc.constantFrom(
        "<",
        ">",
        "/",
        "&",
        ";",
        "\n",
        "Ntry",
        "TxDtls",
        "Amt",
        "CRDT",
        "DBIT",
        "BOOK",
        "Dt",
        "-",
        "1",
        ".",
        "<!--",
        "]]>",
        "<![CDATA[",
        "&amp;",
        '"',
      );
      const mangled = fc
        .tuple(fc.constantFrom(...sources), fc.nat(), fc.nat({ max: 200 }), fc.string({ unit: pieces }))
        .map(
          ([source, at, cut, insert]) =>
            source.slice(0, at % source.length) + insert + source.slice((at % source.length) + cut),
        );
      fc.assert(
        fc.property(
          fc.oneof(mangled, fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary-ascii" })),
          (text) => {
            const started = performance.now();
            const read = readCamt(text);
            expect(performance.now() - started).toBeLessThan(1_000);
            if (!read.ok) expect(statementErrorCodes).toContain(read.error.code);
          },
        ),
        { numRuns: 400 },
      );
    });

    it("refuses more rows than one import may hold", () => {
      const entries = entry().repeat(50_001);
      expect(errorOf(readCamt(camt053(entries)))).toMatchObject({ code: "TOO_MANY_ROWS" });
    });
  });
});
