import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { readMt940 } from "./mt940";
import { statementOf, errorOf } from "./reader-test-support";
import { statementErrorCodes } from "./statement";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/mt940/${name}`, import.meta.url), "utf8");

const fixtures = [
  "ing-name-tags.sta",
  "rabobank-name-tags.swi",
  "sparkasse-subfields.sta",
  "polish-multi-statement.sta",
  "rabobank-interim.mt942",
  "year-end-at-separators.sta",
];

/** A one-statement MT940 around some lines, for the cases a fixture would only bury. */
function mt940(...lines: string[]): string {
  return [
    ":20:TEST",
    ":25:NL20INGB0001234567",
    ":28C:1",
    ":60F:C260101EUR100,00",
    ...lines,
    ":62F:C260131EUR100,00",
    "-",
  ].join("\n");
}

describe("readMt940", () => {
  it("reads an ING statement in its SWIFT envelope: /CNTP/ and /NAME/ tags, wrapped lines, account with currency", () => {
    const statement = statementOf(readMt940(fixture("ing-name-tags.sta")));
    expect(statement).toMatchObject({
      format: "mt940",
      accountIban: "NL20INGB0001234567",
      currency: "EUR",
      opening: { amountMinor: 125_000, on: "2026-01-14" },
      closing: { amountMinor: 117_917, on: "2026-01-16" },
    });
    expect(statement.rows[0]).toEqual({
      bookedOn: "2026-01-15",
      valueOn: "2026-01-15",
      amountMinor: -4_250,
      currency: "EUR",
      description: "Voorschot stroom januari 2026",
      counterparty: "Energiecooperatie Zon en Wind U.A.",
      counterpartyIban: "NL91ASNB0708092734",
      reference: "00000000001001",
      line: 6,
    });
    expect(statement.rows[1]).toMatchObject({
      amountMinor: 2_375,
      description: "Terugbetaling etentje Café De Zwaan",
      counterparty: "Jeroen van 't Hek",
      counterpartyIban: "NL36INGB0007654321",
    });
    expect(statement.rows[3]).toMatchObject({
      amountMinor: -1_834,
      description: "Albert Heijn 1234 AMSTERDAM NLD Pas 123 betaling 21:14 15-01-2026",
    });
    expect(statement.rows[3]?.counterparty).toBeUndefined();
  });

  it("takes money out for RC (a credit taken back) and in for RD (a debit taken back)", () => {
    const ing = statementOf(readMt940(fixture("ing-name-tags.sta")));
    expect(ing.rows[2]).toMatchObject({
      amountMinor: -2_375,
      description: "Storno terugbetaling etentje",
      reference: "00000000001003",
    });
    const sparkasse = statementOf(readMt940(fixture("sparkasse-subfields.sta")));
    expect(sparkasse.rows[3]).toMatchObject({
      bookedOn: "2026-03-04",
      amountMinor: 8_990,
      counterparty: "Stadtwerke Würzburg Energie GmbH",
    });
  });

  it("uses the bank reference after // and nothing for NONREF", () => {
    const rows = statementOf(readMt940(fixture("ing-name-tags.sta"))).rows;
    expect(rows.map((row) => row.reference)).toEqual([
      "00000000001001",
      "00000000001002",
      "00000000001003",
      "00000000001004",
      undefined,
    ]);
    expect(rows[4]).toMatchObject({
      description: "Lidmaatschap 2026 Zoë Bakker",
      counterparty: "Stichting Bibliotheek Utrecht",
    });
  });

  it("reads a Rabobank export without envelope: the :940: header line, BENM//NAME, accents across a line break", () => {
    const statement = statementOf(readMt940(fixture("rabobank-name-tags.swi")));
    expect(statement.accountIban).toBe("NL44RABO0123456789");
    expect(statement.rows).toEqual([
      expect.objectContaining({
        amountMinor: 275_000,
        description: "Salaris februari 2026 personeelsnr 0042",
        counterparty: "Stichting Zorgverzekeraar Midden",
        counterpartyIban: "NL39RABO0300065264",
        reference: "OB260203001",
      }),
      expect.objectContaining({
        amountMinor: -112_500,
        description: "Huur februari 2026 Oudegracht 12 bis",
        counterparty: "Woningcorporatie Ons Huis",
        counterpartyIban: "NL91ASNB0708092734",
      }),
      expect.objectContaining({
        bookedOn: "2026-02-04",
        amountMinor: -6_410,
        description: "Dîner 31-01",
        counterparty: "Brasserie L'Été Bruxelles",
        counterpartyIban: "BE68539007547034",
      }),
    ]);
  });

  it("reads Sparkasse ?NN subfields: SEPA purpose (SVWZ+), names over ?32/?33, IBAN from ?31, umlauts", () => {
    const statement = statementOf(readMt940(fixture("sparkasse-subfields.sta")));
    // ":25:BLZ/Kontonummer" names no IBAN.
    expect(statement.accountIban).toBeUndefined();
    expect(statement.rows[0]).toEqual({
      bookedOn: "2026-03-02",
      valueOn: "2026-03-02",
      amountMinor: -8_990,
      currency: "EUR",
      description: "Abschlag Strom März 2026 Vertragskonto 4711",
      counterparty: "Stadtwerke Würzburg Energie GmbH",
      counterpartyIban: "DE44701500000011223344",
      line: 5,
    });
    expect(statement.rows[1]).toMatchObject({
      amountMinor: 315_000,
      description: "Lohn/Gehalt März 2026",
      counterparty: "Schreinerei Jürgen Weiß GmbH",
      reference: "POS 0001",
    });
    expect(statement.rows[2]).toMatchObject({
      description: "EDEKA Südstadt Münster Karte 1 2026-03-03",
      counterparty: "EDEKA SUEDSTADT",
      counterpartyIban: "DE29100100100987654321",
    });
    expect(statement.rows[4]).toMatchObject({
      amountMinor: -690,
      description: "Entgelt Kontoführung Abrechnung 02/2026",
    });
    expect(statement.rows[4]?.counterparty).toBeUndefined();
  });

  it("reads a multi-statement file with intermediate pages: rows in order, opening of the first, closing of the last", () => {
    const statement = statementOf(readMt940(fixture("polish-multi-statement.sta")));
    expect(statement).toMatchObject({
      accountIban: "PL61109010140000071219812874",
      currency: "PLN",
      opening: { amountMinor: 100_000, on: "2026-03-31" },
      closing: { amountMinor: 546_001, on: "2026-04-02" },
    });
    expect(
      statement.rows.map((row) => [row.amountMinor, row.counterparty, row.counterpartyIban, row.currency]),
    ).toEqual([
      [-15_000, "Zakład Energetyczny Łódź Sp. z o.o.", "PL60102010260000042270201111", "PLN"],
      [50_000, "Małgorzata Wiśniewska", "PL89114020040000350212345678", "PLN"],
      [-8_999, "Żabka Polska Sp. z o.o.", undefined, "PLN"],
      [420_000, "Türk Hava Yolları A.O. Oddział w Polsce", "TR500006201190000006672315", "PLN"],
    ]);
    expect(statement.rows[0]?.description).toBe("Zapłata za fakturę FV/2026/04/118");
  });

  it("adds up from the opening to the closing balance in every statement fixture", () => {
    for (const name of fixtures.filter((candidate) => !candidate.endsWith(".mt942"))) {
      const statement = statementOf(readMt940(fixture(name)));
      const total = statement.rows.reduce((sum, row) => sum + row.amountMinor, 0);
      expect(statement.opening!.amountMinor + total, name).toBe(statement.closing!.amountMinor);
    }
  });

  it("reads an MT942 interim report: currency from :34F:, no balances, Turkish and Cyrillic names", () => {
    const statement = statementOf(readMt940(fixture("rabobank-interim.mt942")));
    expect(statement.opening).toBeUndefined();
    expect(statement.closing).toBeUndefined();
    expect(statement.currency).toBe("EUR");
    expect(statement.rows).toEqual([
      expect.objectContaining({
        amountMinor: -4_500,
        currency: "EUR",
        counterparty: "Şükrü Öztürk",
        description: "Kira payı Mayıs",
        reference: "IB260506001",
      }),
      expect.objectContaining({
        amountMinor: 12_000,
        counterparty: "Олександр Шевченко",
        description: "Повернення боргу за квитки",
        counterpartyIban: "UA263220010000026201234567890",
      }),
    ]);
  });

  it("gives the entry date the right year across New Year, with @@ between lines", () => {
    const statement = statementOf(readMt940(fixture("year-end-at-separators.sta")));
    expect(statement.accountIban).toBe("DE75120300001020304050");
    expect(statement.rows.map((row) => [row.valueOn, row.bookedOn, row.amountMinor])).toEqual([
      ["2026-01-02", "2025-12-31", -12_000],
      ["2025-12-31", "2026-01-02", 25_000],
      ["2026-01-02", "2026-01-02", -1_500],
    ]);
    expect(statement.rows[1]).toMatchObject({
      description: "Neujahrsgruß Oma Grete",
      counterparty: "Grete Kühn",
      reference: "0001020001",
    });
    expect(statement.rows[2]?.description).toBe("Kontoführung Dezember");
  });

  it("reads the same statement alike with CRLF, LF and @@ line ends, and counts physical lines", () => {
    const lf = fixture("sparkasse-subfields.sta");
    const crlf = statementOf(readMt940(lf.replaceAll("\n", "\r\n")));
    expect(crlf).toEqual(statementOf(readMt940(lf)));
    const mixed = lf.replace(":28C:00004/001\n", ":28C:00004/001@@");
    expect(statementOf(readMt940(mixed)).rows[0]?.line).toBe(4);
  });

  it.each([
    [":61:2601150115CR12,50NTRFNONREF", 1_250, "2026-01-15"],
    [":61:260115D1.234,NMSCNONREF", undefined, "2026-01-15"],
    [":61:260115D1234,NMSCNONREF", -123_400, "2026-01-15"],
    [":61:2601150116RD0,99FCHGNONREF//B1", 99, "2026-01-16"],
    [":61:260115C5,NTRFKREF+4711", 500, "2026-01-15"],
  ] as const)("reads the statement line %s", (line, amountMinor, bookedOn) => {
    const read = readMt940(mt940(line));
    if (amountMinor === undefined) {
      expect(errorOf(read)).toMatchObject({ code: "INVALID_AMOUNT", line: 5, element: ":61:" });
      return;
    }
    expect(statementOf(read).rows[0]).toMatchObject({ amountMinor, bookedOn, line: 5 });
  });

  it("takes the :61: supplementary details as description when no :86: follows", () => {
    const [row] = statementOf(readMt940(mt940(":61:260115D12,00NMSCNONREF//A1", "Geldautomaat Utrecht CS"))).rows;
    expect(row).toMatchObject({ description: "Geldautomaat Utrecht CS", reference: "A1" });
  });

  it.each([
    ["an IBAN", "NL20INGB0001234567", "NL20INGB0001234567"],
    ["BIC/IBAN", "INGBNL2A/NL20INGB0001234567", "NL20INGB0001234567"],
    ["an IBAN and its currency", "NL20INGB0001234567EUR", "NL20INGB0001234567"],
    ["bank code/account", "50050201/0123456789", undefined],
  ] as const)("reads the account as %s", (_name, account, iban) => {
    const text = mt940(":61:260115D12,00NMSCNONREF").replace(":25:NL20INGB0001234567", `:25:${account}`);
    expect(statementOf(readMt940(text)).accountIban).toBe(iban);
  });

  describe("bad input", () => {
    it.each([
      ["an empty file", "", "EMPTY_FILE"],
      ["blank lines", "\r\n  \r\n", "EMPTY_FILE"],
      ["a CSV export", "Datum;Naam;Bedrag\n15-01-2026;Albert Heijn;-18,34\n", "NOT_A_STATEMENT"],
      ["an XML statement", '<?xml version="1.0"?><Document/>', "NOT_A_STATEMENT"],
    ] as const)("refuses %s", (_name, text, code) => {
      expect(errorOf(readMt940(text)).code).toBe(code);
    });

    it.each([
      [
        "an amount that is no number",
        ":61:260115D12,3,4NMSCNONREF",
        { code: "INVALID_AMOUNT", line: 6, element: ":61:" },
      ],
      [
        "a value date that does not exist",
        ":61:260230D12,00NMSCNONREF",
        { code: "INVALID_DATE", line: 6, element: ":61:", value: "260230" },
      ],
      [
        "an entry date that does not exist",
        ":61:2601151332D12,00NMSCNONREF",
        { code: "INVALID_DATE", line: 6, element: ":61:", value: "1332" },
      ],
      ["no date", ":61:D12,00NMSCNONREF", { code: "INVALID_DATE", line: 6, element: ":61:" }],
      ["no debit or credit mark", ":61:260115X12,00NMSCNONREF", { code: "MISSING_FIELD", line: 6, element: ":61:" }],
      ["no transaction type", ":61:260115D12,00", { code: "MISSING_FIELD", line: 6, element: ":61:" }],
    ] as const)("locates %s", (_name, line, error) => {
      expect(errorOf(readMt940(mt940(":61:260115C1,00NTRFNONREF", line)))).toMatchObject(error);
    });

    it("locates a bad balance", () => {
      expect(errorOf(readMt940(mt940().replace(":60F:C260101EUR100,00", ":60F:C260101EUR1O0,00")))).toMatchObject({
        code: "INVALID_AMOUNT",
        line: 4,
        element: ":60F:",
      });
      expect(errorOf(readMt940(mt940().replace(":62F:C260131EUR100,00", ":62F:C260231EUR100,00")))).toMatchObject({
        code: "INVALID_DATE",
        line: 5,
        element: ":62F:",
      });
      expect(errorOf(readMt940(mt940().replace(":60F:C260101EUR100,00", ":60F:EUR100,00")))).toMatchObject({
        code: "MISSING_FIELD",
        line: 4,
        element: ":60F:",
      });
    });

    it("never throws on mangled statements or random text, and always answers with a known code", () => {
      const sources = fixtures.map(fixture);
      const pieces = fc.constantFrom(
        ":61:",
        ":86:",
        ":60F:",
        ":62F:",
        ":20:",
        ":25:",
        "?20",
        "?3",
        "/NAME/",
        "/REMI/",
        "//",
        "@@",
        "\n",
        "\r\n",
        "-",
        "-}",
        "{4:",
        "C",
        "D",
        "RC",
        ",",
        "1",
        "2601",
        "~2",
      );
      const mangled = fc
        .tuple(fc.constantFrom(...sources), fc.nat(), fc.nat({ max: 100 }), fc.string({ unit: pieces }))
        .map(
          ([source, at, cut, insert]) =>
            source.slice(0, at % source.length) + insert + source.slice((at % source.length) + cut),
        );
      const tagged = fc
        .array(
          fc
            .tuple(fc.constantFrom(":20:", ":25:", ":60F:", ":61:", ":86:", ":62F:", ":34F:", ""), fc.string())
            .map(([tag, rest]) => tag + rest),
        )
        .map((lines) => lines.join("\n"));
      fc.assert(
        fc.property(
          fc.oneof(mangled, tagged, fc.string(), fc.string({ unit: "grapheme" }), fc.string({ unit: "binary-ascii" })),
          (text) => {
            const started = performance.now();
            const read = readMt940(text);
            expect(performance.now() - started).toBeLessThan(1_000);
            if (!read.ok) expect(statementErrorCodes).toContain(read.error.code);
          },
        ),
        { numRuns: 500 },
      );
    });

    it("refuses more rows than one import may hold, and reads a long :86: quickly", () => {
      const rows = Array.from({ length: 50_001 }, () => ":61:260115D1,00NMSCNONREF").join("\n");
      expect(errorOf(readMt940(mt940(rows)))).toMatchObject({ code: "TOO_MANY_ROWS", value: "50001" });
      const started = performance.now();
      statementOf(
        readMt940(mt940(":61:260115D1,00NMSCNONREF", `:86:${"?20x".repeat(50_000)}`, "/NAME/".repeat(20_000))),
      );
      expect(performance.now() - started).toBeLessThan(2_000);
    });
  });
});
