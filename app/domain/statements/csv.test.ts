import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  type CsvMapping,
  checkCsvMapping,
  maxCsvColumns,
  normaliseHeader,
  readCsv,
  sniffCsv,
  suggestMapping,
} from "./csv";
import { readStatementFile } from "./read-file";
import { decodeStatement } from "./decode";

function fixtureText(name: string): string {
  const decoded = decodeStatement(new Uint8Array(readFileSync(new URL(`fixtures/csv/${name}`, import.meta.url))));
  if (!decoded.ok) throw new Error(decoded.error.code);
  return decoded.text;
}

const simpleMapping: CsvMapping = {
  date: { header: "Datum" },
  amount: { header: "Bedrag" },
  description: [{ header: "Omschrijving" }],
  dateFormat: "DD-MM-YYYY",
  decimal: ",",
};

describe("sniffCsv", () => {
  it.each([
    [";", "Datum;Omschrijving;Bedrag\n02-01-2026;Koffie, taart;-3,50\n03-01-2026;Brood;-2,10\n"],
    [",", 'Datum,Omschrijving,Bedrag\n02-01-2026,"Koffie; taart",-3.50\n03-01-2026,Brood,-2.10\n'],
    ["\t", "Datum\tOmschrijving\tBedrag\n02-01-2026\tKoffie, taart; thee\t-3,50\n03-01-2026\tBrood\t-2,10\n"],
    ["|", "Datum|Omschrijving|Bedrag\n02-01-2026|Koffie, taart|-3,50\n03-01-2026|Brood|-2,10\n"],
  ])("finds the delimiter %j", (delimiter, text) => {
    expect(sniffCsv(text)).toMatchObject({
      delimiter,
      headerLine: 1,
      headers: ["Datum", "Omschrijving", "Bedrag"],
      rows: [{ line: 2 }, { line: 3 }],
    });
  });

  it("finds the header under the account lines banks put above it (DKB)", () => {
    const csv = sniffCsv(fixtureText("dkb.csv"));
    expect(csv).toMatchObject({ delimiter: ";", headerLine: 6 });
    expect(csv?.headers.slice(0, 3)).toEqual(["Buchungsdatum", "Wertstellung", "Status"]);
    expect(csv?.rows[0]?.line).toBe(7);
  });

  it("prefers the semicolon to the decimal comma of one amount per row (Deutsche Bank)", () => {
    expect(sniffCsv(fixtureText("deutsche-bank.csv"))).toMatchObject({ delimiter: ";", headerLine: 4 });
  });

  it("reads a file without a header row (ABN AMRO)", () => {
    const csv = sniffCsv(fixtureText("abn-amro.tab"));
    expect(csv).toMatchObject({ delimiter: "\t", headerLine: 0, headers: [] });
    expect(csv?.rows).toHaveLength(24);
  });

  it("numbers rows by the line they start on when a quoted cell spans lines, with Windows line ends", () => {
    const csv = sniffCsv(
      'Datum;Omschrijving;Bedrag\r\n\r\n02-01-2026;"Eerste regel\r\ntweede regel";-3,50\r\n03-01-2026;Brood;-2,10\r\n',
    );
    expect(csv?.rows).toEqual([
      { line: 3, cells: ["02-01-2026", "Eerste regel\ntweede regel", "-3,50"] },
      { line: 5, cells: ["03-01-2026", "Brood", "-2,10"] },
    ]);
  });

  it("still reads a file whose quote never closes", () => {
    const csv = sniffCsv('Datum;Omschrijving;Bedrag\n02-01-2026;"Koffie;-3,50\n03-01-2026;Brood;-2,10\n');
    expect(csv?.rows).toHaveLength(2);
  });

  it.each([["plain prose\nwith lines\n"], [""], ["   \n  "], ["12\n13\n"]])("finds no table in %j", (text) => {
    expect(sniffCsv(text)).toBeUndefined();
  });
});

describe("readCsv", () => {
  it("reads minus three thousand from a decimal-comma '-3.000'", () => {
    const read = readCsv(
      "Datum;Omschrijving;Bedrag\n02-01-2026;Huur januari;-3.000\n03-01-2026;Koffie;-3,00\n",
      simpleMapping,
    );
    expect(read.ok && read.statement.rows.map((row) => row.amountMinor)).toEqual([-300_000, -300]);
  });

  it("reads separate debit and credit columns", () => {
    const text =
      "Date;Libellé;Débit;Crédit\n02/01/2026;Salaire;;2 345,67\n03/01/2026;Loyer;850,00;\n04/01/2026;Remboursement;-12,00;\n";
    const mapping: CsvMapping = {
      date: { header: "Date" },
      debit: { header: "Débit" },
      credit: { header: "Crédit" },
      description: [{ header: "Libellé" }],
      dateFormat: "DD/MM/YYYY",
      decimal: ",",
    };
    const read = readCsv(text, mapping);
    expect(read.ok && read.statement.rows.map((row) => [row.bookedOn, row.amountMinor, row.description])).toEqual([
      ["2026-01-02", 234_567, "Salaire"],
      ["2026-01-03", -85_000, "Loyer"],
      ["2026-01-04", -1200, "Remboursement"],
    ]);
  });

  it("reads an amount with an S/H indicator (Soll/Haben)", () => {
    const text = fixtureText("soll-haben.csv");
    const suggestion = suggestMapping(sniffCsv(text)!);
    expect(suggestion.undecided).toEqual([]);
    expect(suggestion.mapping.indicator).toEqual({ column: { header: "S/H", index: 4 }, debitValues: ["S"] });
    const read = readCsv(text, checkMapping(suggestion.mapping));
    expect(read.ok && read.statement.rows.slice(0, 2).map((row) => row.amountMinor)).toEqual([345_678, -1388]);
    expect(read.ok && read.statement.rows[5]?.amountMinor).toBe(-300_000);
  });

  it("reads a D/C indicator and 20261231 dates", () => {
    const text = fixtureText("debit-credit-indicator.csv");
    const suggestion = suggestMapping(sniffCsv(text)!);
    expect(suggestion.mapping).toMatchObject({
      dateFormat: "YYYYMMDD",
      decimal: ".",
      indicator: { debitValues: ["D"] },
    });
    const read = readCsv(text, checkMapping(suggestion.mapping));
    expect(read.ok && read.statement.rows[1]).toMatchObject({
      bookedOn: "2026-01-03",
      amountMinor: -1388,
      description: "EDF Clients Particuliers, Prélèvement électricité janvier 1",
    });
    const lastDay = readCsv("Datum;Omschrijving;Bedrag\n20261231;Oudejaarsbollen;-8,40\n", {
      ...simpleMapping,
      dateFormat: "YYYYMMDD",
    });
    expect(lastDay.ok && lastDay.statement.rows[0]?.bookedOn).toBe("2026-12-31");
  });

  it("reads the Af/Bij indicator of Dutch exports", () => {
    const text =
      '"Datum","Omschrijving","Af Bij","Bedrag"\n"20260102","Salaris","Bij","2500,00"\n"20260103","Huur","Af","950,00"\n';
    const read = readCsv(text, {
      ...simpleMapping,
      indicator: { column: { header: "Af Bij" }, debitValues: ["Af"] },
      dateFormat: "YYYYMMDD",
    });
    expect(read.ok && read.statement.rows.map((row) => row.amountMinor)).toEqual([250_000, -95_000]);
  });

  it.each([
    [
      "an unreadable date",
      "Datum;Omschrijving;Bedrag\n02-01-2026;Koffie;-3,50\n31-02-2026;Brood;-2,10\n",
      { code: "INVALID_DATE", line: 3, element: "Datum", value: "31-02-2026" },
    ],
    [
      "an amount that is not a number",
      "Datum;Omschrijving;Bedrag\n02-01-2026;Koffie;-3,50\n03-01-2026;Brood;twee euro\n",
      { code: "INVALID_AMOUNT", line: 3, element: "Bedrag", value: "twee euro" },
    ],
    [
      "an empty amount",
      "Datum;Omschrijving;Bedrag\n02-01-2026;Koffie;\n03-01-2026;Brood;-2,10\n",
      { code: "MISSING_FIELD", line: 2, element: "Bedrag" },
    ],
    [
      "an empty date between rows",
      "Datum;Omschrijving;Bedrag\n02-01-2026;Koffie;-3,50\n;Brood;-2,10\n04-01-2026;Thee;-1,10\n",
      { code: "MISSING_FIELD", line: 3, element: "Datum" },
    ],
    [
      "a column the file does not have",
      "Datum;Tekst;Bedrag\n02-01-2026;Koffie;-3,50\n",
      { code: "MISSING_FIELD", line: 1, element: "Omschrijving" },
    ],
  ])("names the line, column and value of %s", (_, text, error) => {
    expect(readCsv(text, simpleMapping)).toEqual({ ok: false, error });
  });

  it("answers EMPTY_FILE for nothing and NOT_A_STATEMENT for prose", () => {
    expect(readCsv("  \n", simpleMapping)).toEqual({ ok: false, error: { code: "EMPTY_FILE" } });
    expect(readCsv("Dear customer,\nthank you.\n", simpleMapping)).toEqual({
      ok: false,
      error: { code: "NOT_A_STATEMENT" },
    });
  });

  it("reads a header without rows as a statement without rows", () => {
    expect(readCsv("Datum;Omschrijving;Bedrag\n", simpleMapping)).toEqual({
      ok: true,
      statement: { format: "csv", rows: [] },
    });
  });

  it("finds columns by position when the header is not there", () => {
    const mapping: CsvMapping = {
      date: { index: 0 },
      amount: { index: 2 },
      description: [{ index: 1 }],
      dateFormat: "DD.MM.YYYY",
      decimal: ",",
    };
    const read = readCsv("02.01.2026;Kaffee;-3,50\n03.01.2026;Brot;-2,10\n", mapping);
    expect(read.ok && read.statement.rows.map((row) => [row.line, row.amountMinor])).toEqual([
      [1, -350],
      [2, -210],
    ]);
  });

  it("refuses more rows than one import may hold", () => {
    const text = `Datum;Omschrijving;Bedrag\n${"02-01-2026;Koffie;-1,00\n".repeat(50_001)}`;
    expect(readCsv(text, simpleMapping)).toEqual({ ok: false, error: { code: "TOO_MANY_ROWS", value: "50001" } });
  });
});

function checkMapping(mapping: Partial<CsvMapping>): CsvMapping {
  const checked = checkCsvMapping(mapping);
  if (!checked.ok) throw new Error(checked.problems.join());
  return checked.mapping;
}

describe("suggestMapping", () => {
  it.each([
    [
      "czech-iso-8859-2.csv",
      {
        date: { header: "Datum" },
        amount: { header: "Částka" },
        description: [{ header: "Popis" }],
        counterparty: [{ header: "Protistrana" }],
        dateFormat: "DD.MM.YYYY",
        decimal: ",",
      },
    ],
    [
      "hungarian-iso-8859-2.csv",
      {
        date: { header: "Dátum" },
        amount: { header: "Összeg" },
        description: [{ header: "Leírás" }],
        balance: { header: "Egyenleg" },
        dateFormat: "YYYY.MM.DD",
        decimal: ",",
      },
    ],
    [
      "polish-windows-1250.csv",
      {
        date: { header: "Data" },
        amount: { header: "Kwota" },
        description: [{ header: "Opis" }],
        counterparty: [{ header: "Kontrahent" }],
        dateFormat: "DD.MM.YYYY",
        decimal: ",",
      },
    ],
  ])("guesses a mapping for %s", (file, expected) => {
    const text = fixtureText(file);
    const { mapping, undecided } = suggestMapping(sniffCsv(text)!);
    const decided = ["date", "amount", "description", "dateFormat", "decimal"].filter((field) => field in expected);
    for (const field of decided) expect(undecided).not.toContain(field);
    expect(mapping.date?.header).toBe(expected.date.header);
    expect(mapping.amount?.header).toBe(expected.amount.header);
    expect(mapping.dateFormat).toBe(expected.dateFormat);
    expect(mapping.decimal).toBe(expected.decimal);
    if ("counterparty" in expected)
      expect(mapping.counterparty).toEqual([expect.objectContaining(expected.counterparty[0])]);
    const read = readCsv(text, checkMapping(mapping));
    expect(read.ok && read.statement.rows).toHaveLength(24);
  });

  it.each([
    [
      ["Buchungstag", "Valutadatum", "Verwendungszweck", "Betrag", "Währung"],
      "02.01.2026;02.01.2026;Miete;-850,00;EUR",
      { date: "Buchungstag", valueDate: "Valutadatum", amount: "Betrag", currency: "Währung" },
    ],
    [
      ["Fecha", "Concepto", "Importe", "Saldo"],
      "02/01/2026;Alquiler;-850,00;1.234,56",
      { date: "Fecha", amount: "Importe", balance: "Saldo" },
    ],
    [
      ["Tarih", "Açıklama", "Tutar", "Bakiye"],
      "02.01.2026;Kira;-850,00;1.234,56",
      { date: "Tarih", amount: "Tutar", balance: "Bakiye" },
    ],
    [
      ["Дата", "Призначення платежу", "Сума", "Валюта"],
      "02.01.2026;Оренда;-850.00;UAH",
      { date: "Дата", amount: "Сума", currency: "Валюта" },
    ],
    [
      ["Date", "Libellé", "Montant", "Solde"],
      "02/01/2026;Loyer;-850,00;1 234,56",
      { date: "Date", amount: "Montant", balance: "Solde" },
    ],
    [
      ["Data", "Opis", "Kwota", "Saldo"],
      "2026-01-02;Czynsz;-850,00;1 234,56",
      { date: "Data", amount: "Kwota", balance: "Saldo" },
    ],
  ])("reads header words of our languages: %j", (headers, row, expected) => {
    const csv = sniffCsv(`${headers.join(";")}\n${row}\n${row}\n`)!;
    const { mapping, undecided } = suggestMapping(csv);
    expect(undecided).toEqual([]);
    for (const [field, header] of Object.entries(expected))
      expect((mapping as Record<string, { header?: string }>)[field]?.header).toBe(header);
  });

  it("tells own and counterparty IBAN columns apart by their values", () => {
    const text = fixtureText("bunq.csv");
    const { mapping } = suggestMapping(sniffCsv(text)!);
    expect(mapping.account?.header).toBe("Account");
    expect(mapping.counterpartyIban?.header).toBe("Counterparty");
  });

  it("finds dates and amounts by their values in a file without a header", () => {
    const { mapping, undecided } = suggestMapping(sniffCsv(fixtureText("abn-amro.tab"))!);
    expect(mapping.date).toEqual({ index: 2 });
    expect(mapping.dateFormat).toBe("YYYYMMDD");
    expect(undecided).toContain("description");
  });

  it("asks for the decimal separator when no value shows it", () => {
    const { mapping, undecided } = suggestMapping(
      sniffCsv("Datum;Omschrijving;Bedrag\n02-01-2026;Huur;-3.000\n03-01-2026;Koffie;-3\n")!,
    );
    expect(mapping.decimal).toBe(",");
    expect(undecided).toEqual(["decimal"]);
  });

  it("asks which indicator value is a debit when it does not know the markers", () => {
    const { undecided } = suggestMapping(
      sniffCsv("Datum;Omschrijving;Af Bij;Bedrag\n02-01-2026;Huur;X;3,00\n03-01-2026;Koffie;Y;3,10\n")!,
    );
    expect(undecided).toEqual(["indicator"]);
  });
});

describe("checkCsvMapping", () => {
  it("accepts a complete mapping and names what is wrong in others", () => {
    expect(checkCsvMapping(simpleMapping)).toEqual({ ok: true, mapping: simpleMapping });
    expect(checkCsvMapping({ ...simpleMapping, debit: { header: "Af" } })).toEqual({ ok: false, problems: ["amount"] });
    expect(checkCsvMapping({ ...simpleMapping, amount: undefined, debit: { header: "Af" } })).toEqual({
      ok: false,
      problems: ["amount"],
    });
    expect(checkCsvMapping({ ...simpleMapping, date: {}, description: [], dateFormat: "DD-MM", decimal: ";" })).toEqual(
      { ok: false, problems: ["date", "description", "dateFormat", "decimal"] },
    );
    expect(checkCsvMapping({ ...simpleMapping, indicator: { column: { header: "Af Bij" }, debitValues: [] } })).toEqual(
      { ok: false, problems: ["indicator"] },
    );
    expect(checkCsvMapping(null)).toEqual({ ok: false, problems: ["mapping"] });
  });
});

describe("normaliseHeader", () => {
  it("ignores case, accents, spacing, quotes and a leading #", () => {
    expect(normaliseHeader(" #Data  Księgowania ")).toBe(normaliseHeader("data ksiegowania"));
    expect(normaliseHeader("Währung")).toBe(normaliseHeader("Waehrung"));
    expect(normaliseHeader("Naam / Omschrijving")).toBe(normaliseHeader("Naam/Omschrijving"));
    expect(normaliseHeader("Дата і час операції")).toBe(normaliseHeader("Дата i час операції"));
    expect(normaliseHeader("İŞLEM TUTARI")).toBe(normaliseHeader("İşlem Tutarı"));
  });
});

describe("properties", () => {
  const anyText = fc.oneof(
    fc.string({ maxLength: 400 }),
    fc
      .array(
        fc.array(
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom("02-01-2026", "-3.000", '"', "\n", ";", ",", "1.234,56"),
          ),
          { maxLength: 6 },
        ),
        { maxLength: 12 },
      )
      .map((rows) => rows.map((cells) => cells.join(";")).join("\n")),
  );

  it("never throws and answers every failure with a code", () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const read = readCsv(text, simpleMapping);
        if (!read.ok)
          expect(["EMPTY_FILE", "NOT_A_STATEMENT", "INVALID_DATE", "INVALID_AMOUNT", "MISSING_FIELD"]).toContain(
            read.error.code,
          );
        const csv = sniffCsv(text);
        if (csv) suggestMapping(csv);
      }),
      { numRuns: 400 },
    );
  });

  it("reads back every amount it is given, in either decimal convention", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -99_999_999_99, max: 99_999_999_99 }), { minLength: 1, maxLength: 30 }),
        fc.constantFrom(",", "."),
        fc.boolean(),
        (amounts, decimal, grouped) => {
          const group = decimal === "," ? "." : ",";
          const write = (minor: number) => {
            const abs = Math.abs(minor);
            let whole = String(Math.floor(abs / 100));
            if (grouped) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, group);
            return `${minor < 0 ? "-" : ""}${whole}${decimal}${String(abs % 100).padStart(2, "0")}`;
          };
          const delimiter = decimal === "," ? ";" : ",";
          const text = [
            ["Datum", "Omschrijving", "Bedrag"],
            ...amounts.map((minor) => ["02-01-2026", "Koffie", `"${write(minor)}"`]),
          ]
            .map((cells) => cells.join(delimiter))
            .join("\n");
          const read = readCsv(text, { ...simpleMapping, decimal });
          expect(read.ok && read.statement.rows.map((row) => row.amountMinor)).toEqual(
            amounts.map((minor) => (minor === 0 ? 0 : minor)),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  // Issue 20: a 100,000-column CSV of 0.9 MB took 10.7 s to preview (every column a candidate for every field).
  it("refuses a file wider than 200 columns before looking at its cells, and reads one of 200", () => {
    const wide = (columns: number) =>
      [
        Array.from({ length: columns }, (_, index) => `Kolom ${index}`).join(";"),
        Array.from({ length: columns }, (_, index) => (index === 0 ? "02-01-2026" : "-3,50")).join(";"),
      ].join("\n");
    expect(() => sniffCsv(wide(100_000))).toThrowError(
      expect.objectContaining({ detail: { code: "TOO_MANY_COLUMNS" } }),
    );
    expect(() => sniffCsv(wide(maxCsvColumns + 1))).toThrowError(
      expect.objectContaining({ detail: { code: "TOO_MANY_COLUMNS" } }),
    );
    // Narrow at first, too wide further down, past the sample the delimiter is chosen on.
    expect(() =>
      sniffCsv(`${"Datum;Omschrijving;Bedrag\n02-01-2026;Koffie;-3,50\n".repeat(3000)}${wide(300)}`),
    ).toThrowError(expect.objectContaining({ detail: { code: "TOO_MANY_COLUMNS" } }));
    expect(readStatementFile(new TextEncoder().encode(wide(100_000)))).toEqual({
      kind: "error",
      error: { code: "TOO_MANY_COLUMNS" },
    });
    const widest = sniffCsv(wide(maxCsvColumns));
    expect(widest?.headers).toHaveLength(maxCsvColumns);
    expect(suggestMapping(widest!).mapping.date).toEqual({ header: "Kolom 0", index: 0 });
  });

  // Issue 20: `isDate` ran the unanchored time-of-day pattern on every cell; a 40 KB first cell of "T" took 7.6 s.
  it("sniffs a file whose cells are long runs of one letter", () => {
    const text = `${"T".repeat(40_000)};Omschrijving;Bedrag\n02-01-2026;${"T".repeat(200_000)};-3,50\n`;
    expect(sniffCsv(text)).toMatchObject({ delimiter: ";", headerLine: 1, rows: [{ line: 2 }] });
  });
});
