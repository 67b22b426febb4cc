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
    ["kbc.csv", "kbc", "Immo Peeters BV"],
    ["bnp-paribas-fortis.csv", "bnp-paribas-fortis", "Immo Janssens BV"],
    ["erste-george.csv", "erste-george", "Wiener Wohnen Hausverwaltung"],
    ["raiffeisen-elba.csv", "raiffeisen-elba", undefined],
    ["intesa-sanpaolo.csv", "intesa-sanpaolo", undefined],
    ["unicredit.csv", "unicredit", undefined],
    ["cgd.csv", "cgd", undefined],
    ["millennium-bcp.csv", "millennium-bcp", undefined],
    ["aib.csv", "aib", undefined],
    ["bank-of-ireland.csv", "bank-of-ireland", undefined],
    ["ubs.csv", "ubs", "Coop-1234 Zürich"],
    ["postfinance.csv", "postfinance", undefined],
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

  // The rent (3,000.00 out on 8 January, the fixtures' one amount with a thousands group) and a card payment at a shop
  // (fixtureAmounts[3] on 5 January): the sign, the booking date and the text the bank wrote.
  it.each([
    ["kbc.csv", "Huur appartement Meir januari", "DELHAIZE LEUVEN"],
    ["bnp-paribas-fortis.csv", "Huur januari Kouter 5", "ALDI GENT"],
    ["erste-george.csv", "Miete Jänner 2026", "BILLA DANKT 1234 WIEN"],
    ["raiffeisen-elba.csv", "Miete Jänner Top 7", "HOFER DANKT 4020 LINZ"],
    ["intesa-sanpaolo.csv", "Affitto gennaio via Garibaldi 12", "Esselunga Milano"],
    ["unicredit.csv", "PER AFFITTO GENNAIO", "CONAD CITY ROMA"],
    ["cgd.csv", "RENDA JANEIRO", "CONTINENTE MATOSINHOS"],
    ["millennium-bcp.csv", "RENDA JANEIRO", "CONTINENTE PORTO"],
    ["aib.csv", "RENT APT 4 RATHMINES", "VDP-TESCO STORES"],
    ["bank-of-ireland.csv", "J MURPHY RENT", "POS05JAN DUNNES STORES"],
    ["ubs.csv", "Miete Januar", "Coop-1234 Zürich"],
    ["postfinance.csv", "MIETE JANUAR", "MIGROS M ZUERICH"],
  ])("reads %s: the rent out on 8 January and a card payment out on 5 January", (file, rent, shop) => {
    const { statement } = readFixture(file);
    const rentRow = statement.rows.find((row) => row.amountMinor === -300_000);
    expect(rentRow).toMatchObject({ bookedOn: "2026-01-08" });
    expect(rentRow?.description).toContain(rent);
    const cardRow = statement.rows.find((row) => row.amountMinor === fixtureAmounts[3]);
    expect(fixtureAmounts[3]).toBeLessThan(0);
    expect(cardRow).toMatchObject({ bookedOn: "2026-01-05" });
    expect(cardRow?.description).toContain(shop);
    expect(statement.rows.find((row) => row.amountMinor === 345_678)?.bookedOn).toBe("2026-01-02");
  });

  it("reads KBC's lone carriage returns, padded cells, own account and counterparty IBAN", () => {
    const { statement } = readFixture("kbc.csv");
    expect(statement.accountIban).toBe("BE20734012345678");
    expect(statement.currency).toBe("EUR");
    expect(statement.rows[0]).toMatchObject({
      bookedOn: "2026-01-02",
      amountMinor: 345_678,
      counterparty: "Werkgever NV",
      counterpartyIban: "BE97001234567890",
      line: 2,
    });
    // A card payment is booked a day before its value date.
    expect(statement.rows[3]).toMatchObject({ bookedOn: "2026-01-05", valueOn: "2026-01-06" });
    expect(statement.closing).toEqual({ amountMinor: 250_000 + fixtureTotal, on: "2026-01-29" });
  });

  it("leaves out refused (BNP Paribas Fortis) and not yet booked (Intesa Sanpaolo) rows", () => {
    expect(readFixture("bnp-paribas-fortis.csv").statement.rows.some((row) => row.amountMinor === -2340)).toBe(false);
    expect(readFixture("intesa-sanpaolo.csv").statement.rows.some((row) => row.amountMinor === -1890)).toBe(false);
    expect(readFixture("bnp-paribas-fortis.csv").statement.rows.at(-1)).toMatchObject({
      bookedOn: "2026-01-02",
      reference: "2026-00001",
      counterpartyIban: expect.stringMatching(/^BE\d{14}$/),
    });
  });

  it("reads the UTF-16 exports of George (with a byte-order mark) and Millennium bcp (without)", () => {
    const george = readFixture("erste-george.csv").statement;
    expect(george.rows.find((row) => row.amountMinor === 345_678)).toMatchObject({
      counterparty: "Arbeitgeber GmbH",
      counterpartyIban: expect.stringMatching(/^AT\d{18}$/),
      description: "Gehalt Jänner 2026 Personalnummer 4711",
    });
    const millennium = readFixture("millennium-bcp.csv").statement;
    expect(millennium.rows[0]).toMatchObject({ bookedOn: "2026-01-29", line: 6 });
    expect(millennium.closing).toEqual({ amountMinor: 250_000 + fixtureTotal, on: "2026-01-29" });
    expect(millennium.rows.some((row) => row.description.includes("Crédito"))).toBe(false);
  });

  it("recognises Raiffeisen ELBA's headerless export by its shape and no other", () => {
    const { statement } = readFixture("raiffeisen-elba.csv");
    expect(statement.rows[0]).toMatchObject({
      bookedOn: "2026-01-02",
      valueOn: "2026-01-02",
      currency: "EUR",
      line: 1,
    });
    expect(statement.rows[0]!.description).toContain("Auftraggeber: Arbeitgeber GmbH");
    const cells = ["02.01.2026", "Text", "02.01.2026", "-1,00", "EUR", "02.01.2026 09:16:23"];
    expect(detectBankPreset([], [{ line: 1, cells }])).toBeUndefined();
  });

  it("reads CGD's unsigned debit and credit columns below its account lines and above 'Saldo final'", () => {
    const { statement } = readFixture("cgd.csv");
    expect(statement.rows[0]).toMatchObject({ bookedOn: "2026-01-29", amountMinor: fixtureAmounts[23], line: 7 });
    expect(statement.rows.at(-1)).toMatchObject({ amountMinor: 345_678, description: "TRF SALARIO EMPRESA XYZ LDA" });
    expect(statement.opening).toEqual({ amountMinor: 250_000, on: "2026-01-02" });
  });

  it("reads the Swiss exports: UBS's ISO dates and apostrophe groups, PostFinance's amounts without trailing zeros", () => {
    const ubs = readFixture("ubs.csv").statement;
    expect(ubs.accountIban).toBe("CH020027827812208701J");
    expect(ubs.rows.find((row) => row.amountMinor === -300_000)).toMatchObject({
      currency: "CHF",
      valueOn: "2026-01-08",
    });
    const postfinance = readFixture("postfinance.csv").statement;
    expect(postfinance.rows).toHaveLength(24);
    expect(postfinance.rows.find((row) => row.amountMinor === 345_678)?.description).toContain("LOHN JANUAR 2026");
  });

  it("reads AIB's three description columns and quoted thousands", () => {
    const { statement } = readFixture("aib.csv");
    expect(statement.rows[0]).toMatchObject({
      amountMinor: 345_678,
      description: "ACME LTD SALARY JAN 2026",
      currency: "EUR",
    });
    expect(statement.rows[5]).toMatchObject({ description: "*MOBI O'BRIEN RENT APT 4 RATHMINES JANUARY" });
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

  it("keeps what a payment abroad cost in the shop's currency (monobank, PrivatBank)", () => {
    const read = (name: string, extraRow: string) => {
      const text = `${fixtureText(name).trimEnd()}\n${extraRow}\n`;
      const csv = sniffCsv(text);
      const preset = csv && detectBankPreset(csv.headers, csv.rows);
      if (!csv || !preset) throw new Error("not recognised");
      const result = readCsv(text, presetMapping(preset, csv), csv);
      if (!result.ok) throw new Error(JSON.stringify(result.error));
      return result.statement.rows;
    };
    const mono = read(
      "monobank.csv",
      '"27.01.2026 18:04:11","Booking.com","4722","-2412.40","-52.00","EUR","46.3923","0.00","0.00","1998.80"',
    );
    expect(mono.at(-1)).toMatchObject({ amountMinor: -241_240, original: { amountMinor: 5200, currency: "EUR" } });
    // A payment at home names the card's own currency: the import leaves that out (the account's currency).
    expect(mono[0]?.original?.currency).toBe("UAH");
    const privat = read(
      "privatbank.csv",
      "27.01.2026 18:04:00;Подорожі;5168 **** **** 1234;Tokyo Metro;-612,30;UAH;-2300;JPY;1998,80;UAH",
    );
    // The yen has no minor digits: 2300 JPY is 2300 units.
    expect(privat.at(-1)).toMatchObject({ amountMinor: -61_230, original: { amountMinor: 2300, currency: "JPY" } });
    expect(privat[0]?.original).toBeUndefined();
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
