import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { bankPresets, detectBankPreset, presetMapping } from "./bank-presets";
import { checkCsvMapping, readCsv, sniffCsv } from "./csv";
import { decodeStatement } from "./decode";
import type { Statement } from "./statement";

function fixtureText(name: string): string {
  const decoded = decodeStatement(new Uint8Array(readFileSync(new URL(`fixtures/csv/${name}`, import.meta.url))));
  if (!decoded.ok) throw new Error(decoded.error.code);
  return decoded.text;
}

/** The fixtures' 24 January transactions (fixtures/csv was written from this list): a salary, rent, groceries. */
const fixtureAmounts = Array.from({ length: 24 }, (_, index) =>
  index === 0 ? 345_678 : index === 5 ? -300_000 : -(((index * 1237) % 9000) + 150 + index),
);
const fixtureTotal = fixtureAmounts.reduce((sum, amount) => sum + amount, 0);

function readFixture(name: string): { presetId: string | undefined; statement: Statement } {
  const text = fixtureText(name);
  const csv = sniffCsv(text);
  if (!csv) throw new Error("not a table");
  const preset = detectBankPreset(csv.headers, csv.rows);
  if (!preset) return { presetId: undefined, statement: { format: "csv", rows: [] } };
  const read = readCsv(text, presetMapping(preset, csv), csv);
  if (!read.ok) throw new Error(JSON.stringify(read.error));
  return { presetId: preset.id, statement: read.statement };
}

describe("bank presets", () => {
  it("are all complete mappings", () => {
    for (const preset of bankPresets)
      expect(checkCsvMapping(preset.mapping), preset.id).toEqual({ ok: true, mapping: preset.mapping });
  });

  it.each([
    ["ing-nl.csv", "ing-nl", "Gemeente Utrecht"],
    ["ing-nl-semicolon.csv", "ing-nl", "J. de Vries-Ëlbers"],
    ["rabobank.csv", "rabobank", "Eneco Services"],
    ["abn-amro.tab", "abn-amro", undefined],
    ["bunq.csv", "bunq", "NS Reizigers"],
    ["n26.csv", "n26", "Bäckerei Müller GmbH"],
    ["revolut.csv", "revolut", undefined],
    ["wise.csv", "wise", "Mercadona Peñíscola"],
    ["sparkasse-camt.csv", "sparkasse-camt", "Stadtwerke München"],
    ["dkb.csv", "dkb", "Jürgen Weiß"],
    ["ing-de.csv", "ing-de", "REWE Markt Düsseldorf"],
    ["ing-de-wertstellung.csv", "ing-de-wertstellung", "Stadtwerke München"],
    ["deutsche-bank.csv", "deutsche-bank", "REWE Markt Düsseldorf"],
    ["commerzbank.csv", "commerzbank", undefined],
    ["bnp-paribas.csv", "bnp-paribas", undefined],
    ["credit-agricole.csv", "credit-agricole", undefined],
    ["bbva.csv", "bbva", undefined],
    ["santander.csv", "santander", undefined],
    ["caixabank.csv", "caixabank", undefined],
    ["mbank.csv", "mbank-classic", "Małgorzata Wiśniewska"],
    ["pko-bp.csv", "pko-bp", undefined],
    ["garanti-bbva.csv", "garanti-bbva", undefined],
    ["is-bankasi.csv", "is-bankasi", undefined],
    ["monobank.csv", "monobank", undefined],
    ["privatbank.csv", "privatbank", undefined],
  ])("reads %s with the %s preset: every row, exact amounts, dates and names", (file, presetId, counterparty) => {
    const { presetId: detected, statement } = readFixture(file);
    expect(detected).toBe(presetId);
    expect(statement.rows).toHaveLength(24);
    const byDate = [...statement.rows].sort(
      (a, b) => a.bookedOn.localeCompare(b.bookedOn) || b.amountMinor - a.amountMinor,
    );
    expect(byDate[0]).toMatchObject({ bookedOn: "2026-01-02", amountMinor: 345_678 });
    expect(statement.rows.some((row) => row.amountMinor === -300_000)).toBe(true);
    const fees = presetId === "revolut" ? 150 : 0;
    expect(statement.rows.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(fixtureTotal - fees);
    expect(statement.rows.every((row) => row.description !== "" && row.line > 0)).toBe(true);
    if (counterparty) expect(statement.rows.map((row) => row.counterparty)).toContain(counterparty);
    if (statement.opening && statement.closing) {
      expect(statement.closing.amountMinor - statement.opening.amountMinor).toBe(fixtureTotal - fees);
    }
  });

  it("reads ING's Af/Bij indicator, counterparty IBANs and the own account", () => {
    const { statement } = readFixture("ing-nl.csv");
    expect(statement.accountIban).toBe("NL20INGB0001234567");
    expect(statement.rows[1]).toMatchObject({
      bookedOn: "2026-01-03",
      amountMinor: -1388,
      counterparty: "Gemeente Utrecht",
      counterpartyIban: "NL77INGB0001007919",
      line: 3,
    });
    expect(statement.rows[1]!.description).toContain("Aanslag afvalstoffenheffing 2026");
  });

  it("takes the running balance of ING's semicolon export as opening and closing balances", () => {
    const { statement } = readFixture("ing-nl-semicolon.csv");
    expect(statement.opening).toEqual({ amountMinor: 250_000, on: "2026-01-02" });
    expect(statement.closing).toEqual({ amountMinor: 250_000 + fixtureTotal, on: "2026-01-29" });
  });

  it("leaves out pending rows (Sparkasse, DKB, Revolut) and charges Revolut's fee", () => {
    expect(readFixture("sparkasse-camt.csv").statement.rows.some((row) => row.description.includes("vorgemerkt"))).toBe(
      false,
    );
    expect(readFixture("dkb.csv").statement.rows.some((row) => row.amountMinor === -2340)).toBe(false);
    const revolut = readFixture("revolut.csv").statement;
    expect(revolut.rows.some((row) => row.amountMinor === -420)).toBe(false);
    expect(revolut.rows[3]).toMatchObject({
      amountMinor: fixtureAmounts[3]! - 150,
      bookedOn: "2026-01-05",
      currency: "EUR",
    });
    expect(revolut.currency).toBe("EUR");
  });

  it("reads ING Deutschland past its account lines: ISO-8859-1, newest first, the running Saldo as balances", () => {
    for (const file of ["ing-de.csv", "ing-de-wertstellung.csv"]) {
      const { statement } = readFixture(file);
      // The account line above the table names the statement's own account.
      expect(statement.accountIban).toBe("DE89370400440532013000");
      expect(statement.opening).toEqual({ amountMinor: 250_000, on: "2026-01-02" });
      expect(statement.closing).toEqual({ amountMinor: 250_000 + fixtureTotal, on: "2026-01-29" });
      expect(statement.rows.every((row) => row.currency === "EUR" && row.valueOn === row.bookedOn)).toBe(true);
      expect(statement.rows.find((row) => row.amountMinor === -300_000)).toMatchObject({
        counterparty: "Techniker Krankenkasse",
        bookedOn: "2026-01-08",
      });
      expect(statement.rows.find((row) => row.counterparty === "Jürgen Weiß")?.description).toContain(
        "Miete Wohnung Königstraße",
      );
    }
  });

  it("names the counterparty by direction where the bank names payer and payee (DKB)", () => {
    const { statement } = readFixture("dkb.csv");
    expect(statement.accountIban).toBe("DE02120300000000202051");
    const salary = statement.rows.find((row) => row.amountMinor === 345_678);
    const rent = statement.rows.find((row) => row.amountMinor === -300_000);
    expect(salary?.counterparty).toBe("Arbeitgeber GmbH");
    expect(rent?.counterparty).not.toBe("Erika Mustermann");
  });

  it("reads Sparkasse's two-digit years, own account and Windows-1252 umlauts", () => {
    const { statement } = readFixture("sparkasse-camt.csv");
    expect(statement.accountIban).toMatch(/^DE\d{20}$/);
    expect(statement.currency).toBe("EUR");
    expect(statement.rows.find((row) => row.counterparty === "Bäckerei Müller GmbH")?.description).toContain(
      "Kartenzahlung Brötchen",
    );
    expect(statement.rows.at(-1)).toMatchObject({ bookedOn: "2026-01-02", valueOn: "2026-01-02" });
  });

  it("reads Deutsche Bank's Soll and Haben columns and leaves out its closing 'Kontostand' line", () => {
    const { statement } = readFixture("deutsche-bank.csv");
    expect(statement.rows[0]).toMatchObject({ amountMinor: 345_678, line: 5 });
    expect(statement.rows[5]).toMatchObject({ amountMinor: -300_000, counterparty: "Techniker Krankenkasse" });
    expect(statement.rows[2]).toMatchObject({
      counterparty: "Jürgen Weiß",
      counterpartyIban: expect.stringMatching(/^DE\d{20}$/),
    });
  });

  it("reads Crédit Agricole's unsigned debit column and labels over two lines, below account lines", () => {
    const { statement } = readFixture("credit-agricole.csv");
    expect(statement.rows[0]).toMatchObject({ amountMinor: 345_678, line: 10 });
    expect(statement.rows[1]).toMatchObject({
      amountMinor: fixtureAmounts[1],
      line: 12,
      description: "PAIEMENT PAR CARTE EDF Clients Particuliers Prélèvement électricité janvier 1",
    });
  });

  it("reads mBank's Polish export below its account lines and above its totals", () => {
    const { statement } = readFixture("mbank.csv");
    expect(statement.rows[0]).toMatchObject({ bookedOn: "2026-01-29", line: 19, counterparty: "Orlen Stacja Gdańsk" });
    expect(statement.rows.find((row) => row.amountMinor === -300_000)?.description).toBe(
      "Paliwo tankowanie 5 ZAKUP PRZY UŻYCIU KARTY",
    );
    expect(statement.rows.find((row) => row.bookedOn === "2026-01-27")?.description).toContain("Czynsz za styczeń");
    expect(statement.closing?.on).toBe("2026-01-29");
  });

  it("joins PKO BP's description from its unnamed columns", () => {
    const { statement } = readFixture("pko-bp.csv");
    expect(statement.rows[1]?.description).toBe(
      "Tytuł: Zakup kartą zapiekanka 1 Nazwa odbiorcy: Żabka Kraków Lokalizacja: Kraj: POLSKA",
    );
  });

  it("reads dates with a time of day (monobank, PrivatBank, İş Bankası)", () => {
    for (const file of ["monobank.csv", "privatbank.csv", "is-bankasi.csv"]) {
      const { statement } = readFixture(file);
      expect(statement.rows.map((row) => row.bookedOn)).toContain("2026-01-29");
    }
    expect(readFixture("monobank.csv").statement.rows.at(-1)?.description).toContain("Роботодавець ТОВ");
  });

  it("reads Wise's day-first dates and its transfer id as the bank's reference", () => {
    const { statement } = readFixture("wise.csv");
    expect(statement.rows[0]).toMatchObject({
      bookedOn: "2026-01-02",
      reference: "TRANSFER-800000",
      counterparty: "Empresa S.L.",
    });
    expect(statement.rows[1]).toMatchObject({ amountMinor: fixtureAmounts[1], counterparty: "Iberdrola Clientes" });
  });

  it("recognises headers whatever their case, accents or spacing", () => {
    const headers = [
      "AUFTRAGSKONTO",
      "buchungstag",
      "Valutadatum ",
      "Buchungstext",
      "Verwendungszweck",
      "Begünstigter/Zahlungspflichtiger",
      "Kontonummer/IBAN",
      "BIC (SWIFT-Code)",
      "Betrag",
      "Währung",
      "Info",
    ];
    expect(detectBankPreset(headers)?.id).toBe("sparkasse-camt");
    expect(
      detectBankPreset([
        "Datum",
        "Naam/Omschrijving",
        "Rekening",
        "Tegenrekening",
        "Code",
        "Af  Bij",
        "Bedrag (EUR)",
        "Mutatiesoort",
        "Mededelingen",
      ])?.id,
    ).toBe("ing-nl");
  });

  it("recognises nothing in an unknown header or a headerless file of another shape", () => {
    expect(detectBankPreset(["Datum", "Betrag", "Text"])).toBeUndefined();
    expect(detectBankPreset([], [{ line: 1, cells: ["2026-01-02", "12,50", "Koffie"] }])).toBeUndefined();
  });

  it("follows the file's decimal separator when a bank lets the customer choose it (bunq)", () => {
    const text = fixtureText("bunq.csv").replace(/"(-?\d+)\.(\d{2})"/g, '"$1,$2"');
    const csv = sniffCsv(text)!;
    const mapping = presetMapping(detectBankPreset(csv.headers)!, csv);
    expect(mapping.decimal).toBe(",");
    const read = readCsv(text, mapping, csv);
    expect(read.ok && read.statement.rows.reduce((sum, row) => sum + row.amountMinor, 0)).toBe(fixtureTotal);
  });
});
