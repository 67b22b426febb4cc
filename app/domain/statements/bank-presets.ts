/**
 * CSV exports of well-known banks in our markets, recognised from their header row, so their customers skip the
 * mapping step. Header sets are written from each bank's own export documentation as best we know it; none has yet
 * been checked against a real export, so each says so. When a bank changes its export, the preset no longer matches
 * and the file goes to the mapping step, where nothing is lost but a minute.
 */
import { type DecimalSeparator, detectDecimalSeparator } from "./amounts";
import { type CsvColumn, type CsvMapping, type CsvRecord, findColumn, normaliseHeader, type SniffedCsv } from "./csv";
import { dateText } from "./dates";
import { detectDateFormat, parseStatementDate } from "./dates";

export interface BankPreset {
  id: string;
  bank: string;
  /** ISO 3166 country of the bank's export. */
  country: string;
  /** Headers that must all be present, compared with `normaliseHeader`; empty for an export without a header row. */
  recognise: readonly string[];
  /** For an export without a header row: whether the first rows have its shape. */
  shape?: (rows: readonly CsvRecord[]) => boolean;
  mapping: CsvMapping;
}

const column = (header: string, index?: number): CsvColumn => (index === undefined ? { header } : { header, index });
const columns = (...headers: string[]): CsvColumn[] => headers.map((header) => column(header));

function preset(
  id: string,
  bank: string,
  country: string,
  recognise: readonly string[],
  mapping: CsvMapping,
): BankPreset {
  return { id, bank, country, recognise, mapping };
}

const sparkasseCommon = [
  "Auftragskonto",
  "Buchungstag",
  "Valutadatum",
  "Buchungstext",
  "Verwendungszweck",
  "Beguenstigter/Zahlungspflichtiger",
  "Betrag",
  "Waehrung",
];

/** ABN AMRO's tab-separated export has no header: account, currency, date, balance before, after, value date, amount, text. */
function abnAmroShape(rows: readonly CsvRecord[]): boolean {
  const sample = rows.slice(0, 5);
  return (
    sample.length > 0 &&
    sample.every(
      ({ cells }) =>
        cells.length === 8 &&
        /^\d{7,10}$/.test(cells[0] ?? "") &&
        /^[A-Z]{3}$/.test(cells[1] ?? "") &&
        /^\d{8}$/.test(cells[2] ?? "") &&
        /^\d{8}$/.test(cells[5] ?? ""),
    )
  );
}

/**
 * Raiffeisen ELBA's CSV has no header: booking date, text, value date, amount, currency, and a timestamp with
 * milliseconds after a colon ("28.06.2026 09:16:23:134"); each line ends with a semicolon, hence an empty last cell.
 */
function raiffeisenElbaShape(rows: readonly CsvRecord[]): boolean {
  const sample = rows.slice(0, 5);
  const date = /^\d{2}\.\d{2}\.\d{4}$/;
  return (
    sample.length > 0 &&
    sample.every(
      ({ cells }) =>
        (cells.length === 6 || (cells.length === 7 && cells[6] === "")) &&
        date.test(cells[0] ?? "") &&
        date.test(cells[2] ?? "") &&
        /^[A-Z]{3}$/.test(cells[4] ?? "") &&
        /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}:\d{3}$/.test(cells[5] ?? ""),
    )
  );
}

export const bankPresets: readonly BankPreset[] = [
  // ING Nederland, "Af- en bijschrijvingen" CSV (comma; the semicolon export adds "Saldo na mutatie" and "Tag").
  // As documented by ING export help; to be confirmed with a real export.
  preset("ing-nl", "ING", "NL", ["Datum", "Naam / Omschrijving", "Af Bij", "Bedrag (EUR)", "Mededelingen"], {
    date: column("Datum"),
    amount: column("Bedrag (EUR)"),
    indicator: { column: column("Af Bij"), debitValues: ["Af"] },
    description: columns("Mededelingen"),
    counterparty: columns("Naam / Omschrijving"),
    counterpartyIban: column("Tegenrekening"),
    account: column("Rekening"),
    balance: column("Saldo na mutatie"),
    dateFormat: "YYYYMMDD",
    decimal: ",",
  }),
  // ING Nederland with the app set to English. As documented by ING export help; to be confirmed with a real export.
  preset("ing-nl-en", "ING", "NL", ["Date", "Name / Description", "Debit/credit", "Amount (EUR)", "Notifications"], {
    date: column("Date"),
    amount: column("Amount (EUR)"),
    indicator: { column: column("Debit/credit"), debitValues: ["Debit"] },
    description: columns("Notifications"),
    counterparty: columns("Name / Description"),
    counterpartyIban: column("Counterparty"),
    account: column("Account"),
    balance: column("Resulting balance"),
    dateFormat: "YYYYMMDD",
    decimal: ",",
  }),
  // Rabobank CSV (comma, quoted, signed amounts). As documented by Rabobank export help; to be confirmed with a real export.
  preset("rabobank", "Rabobank", "NL", ["IBAN/BBAN", "Volgnr", "Datum", "Bedrag", "Naam tegenpartij"], {
    date: column("Datum"),
    valueDate: column("Rentedatum"),
    amount: column("Bedrag"),
    description: columns("Omschrijving-1", "Omschrijving-2", "Omschrijving-3"),
    counterparty: columns("Naam tegenpartij", "Naam uiteindelijke partij"),
    counterpartyIban: column("Tegenrekening IBAN/BBAN"),
    account: column("IBAN/BBAN"),
    balance: column("Saldo na trn"),
    currency: column("Munt"),
    dateFormat: "YYYY-MM-DD",
    decimal: ",",
  }),
  // ABN AMRO "TXT" export, tab-separated without a header, recognised by its shape.
  // As documented by ABN AMRO export help; to be confirmed with a real export.
  {
    id: "abn-amro",
    bank: "ABN AMRO",
    country: "NL",
    recognise: [],
    shape: abnAmroShape,
    mapping: {
      date: { index: 2 },
      valueDate: { index: 5 },
      amount: { index: 6 },
      description: [{ index: 7 }],
      balance: { index: 4 },
      currency: { index: 1 },
      dateFormat: "YYYYMMDD",
      decimal: ",",
    },
  },
  // bunq CSV (delimiter and decimal as chosen in the app; `presetMapping` reads the decimal from the values).
  // As documented by bunq export help; to be confirmed with a real export.
  preset("bunq", "bunq", "NL", ["Date", "Interest Date", "Amount", "Account", "Counterparty", "Name", "Description"], {
    date: column("Date"),
    valueDate: column("Interest Date"),
    amount: column("Amount"),
    description: columns("Description"),
    counterparty: columns("Name"),
    counterpartyIban: column("Counterparty"),
    account: column("Account"),
    dateFormat: "YYYY-MM-DD",
    decimal: ",",
  }),
  // N26 CSV, the export before 2023. As documented by N26 export help; to be confirmed with a real export.
  preset("n26-classic", "N26", "DE", ["Date", "Payee", "Account number", "Payment reference", "Amount (EUR)"], {
    date: column("Date"),
    amount: column("Amount (EUR)"),
    description: columns("Payment reference", "Transaction type"),
    counterparty: columns("Payee"),
    counterpartyIban: column("Account number"),
    dateFormat: "YYYY-MM-DD",
    decimal: ".",
  }),
  // N26 CSV since 2023. As documented by N26 export help; to be confirmed with a real export.
  preset(
    "n26",
    "N26",
    "DE",
    ["Booking Date", "Value Date", "Partner Name", "Partner Iban", "Payment Reference", "Amount (EUR)"],
    {
      date: column("Booking Date"),
      valueDate: column("Value Date"),
      amount: column("Amount (EUR)"),
      description: columns("Payment Reference", "Type"),
      counterparty: columns("Partner Name"),
      counterpartyIban: column("Partner Iban"),
      dateFormat: "YYYY-MM-DD",
      decimal: ".",
    },
  ),
  // Revolut account statement CSV: pending and reverted rows come again or never happen, so they are left out; the fee
  // is charged on top of the amount. As documented by Revolut export help; to be confirmed with a real export.
  preset(
    "revolut",
    "Revolut",
    "LT",
    [
      "Type",
      "Product",
      "Started Date",
      "Completed Date",
      "Description",
      "Amount",
      "Fee",
      "Currency",
      "State",
      "Balance",
    ],
    {
      date: column("Completed Date"),
      amount: column("Amount"),
      fee: column("Fee"),
      description: columns("Description"),
      balance: column("Balance"),
      currency: column("Currency"),
      status: { column: column("State"), skipValues: ["PENDING", "REVERTED", "DECLINED", "FAILED"] },
      dateFormat: "YYYY-MM-DD",
      decimal: ".",
    },
  ),
  // Wise statement CSV (one currency balance per file). As documented by Wise export help; to be confirmed with a real export.
  preset("wise", "Wise", "BE", ["TransferWise ID", "Date", "Amount", "Currency", "Description", "Running Balance"], {
    date: column("Date"),
    amount: column("Amount"),
    description: columns("Description", "Payment Reference"),
    counterparty: { incoming: columns("Payer Name"), outgoing: columns("Payee Name", "Merchant") },
    reference: column("TransferWise ID"),
    balance: column("Running Balance"),
    currency: column("Currency"),
    dateFormat: "DD-MM-YYYY",
    decimal: ".",
  }),
  // Sparkasse "CSV-CAMT V2" (semicolon, Windows-1252); pending rows say "Umsatz vorgemerkt" in "Info".
  // As documented by Sparkasse online banking help; to be confirmed with a real export.
  preset("sparkasse-camt", "Sparkasse", "DE", [...sparkasseCommon, "Kontonummer/IBAN"], {
    date: column("Buchungstag"),
    valueDate: column("Valutadatum"),
    amount: column("Betrag"),
    description: columns("Verwendungszweck"),
    counterparty: columns("Beguenstigter/Zahlungspflichtiger"),
    counterpartyIban: column("Kontonummer/IBAN"),
    account: column("Auftragskonto"),
    currency: column("Waehrung"),
    status: { column: column("Info"), skipValues: ["Umsatz vorgemerkt"] },
    dateFormat: "DD.MM.YY",
    decimal: ",",
  }),
  // Sparkasse "CSV-MT940". As documented by Sparkasse online banking help; to be confirmed with a real export.
  preset("sparkasse-mt940", "Sparkasse", "DE", [...sparkasseCommon, "Kontonummer", "BLZ"], {
    date: column("Buchungstag"),
    valueDate: column("Valutadatum"),
    amount: column("Betrag"),
    description: columns("Verwendungszweck"),
    counterparty: columns("Beguenstigter/Zahlungspflichtiger"),
    counterpartyIban: column("Kontonummer"),
    account: column("Auftragskonto"),
    currency: column("Waehrung"),
    status: { column: column("Info"), skipValues: ["Umsatz vorgemerkt"] },
    dateFormat: "DD.MM.YY",
    decimal: ",",
  }),
  // ING Deutschland "Umsatzanzeige" CSV: about fourteen lines of account facts (IBAN, Kontoname, Zeitraum, Saldo, a note
  // that pending bookings are left out) above the header, ISO-8859-1, newest first. "Saldo" is the balance after each
  // booking, and two columns are both named "Währung": the balance's, then the amount's — always the same for a
  // Girokonto, so the first one found is the amount's currency too. The value date is "Valuta", or "Wertstellungsdatum"
  // in other exports. As documented by ING Deutschland's export help; to be confirmed with a real export.
  ...(["Valuta", "Wertstellungsdatum"] as const).map((valueDate) =>
    preset(
      valueDate === "Valuta" ? "ing-de" : "ing-de-wertstellung",
      "ING",
      "DE",
      ["Buchung", valueDate, "Auftraggeber/Empfänger", "Buchungstext", "Verwendungszweck", "Betrag"],
      {
        date: column("Buchung"),
        valueDate: column(valueDate),
        amount: column("Betrag"),
        description: columns("Verwendungszweck", "Buchungstext"),
        counterparty: columns("Auftraggeber/Empfänger"),
        balance: column("Saldo"),
        currency: column("Währung"),
        dateFormat: "DD.MM.YYYY",
        decimal: ",",
      },
    ),
  ),
  // DKB CSV since 2023, with account lines above the header; payer and payee are both named, one of them the customer.
  // As documented by DKB export help; to be confirmed with a real export.
  preset(
    "dkb",
    "DKB",
    "DE",
    [
      "Buchungsdatum",
      "Wertstellung",
      "Status",
      "Zahlungspflichtige*r",
      "Zahlungsempfänger*in",
      "Verwendungszweck",
      "Betrag (€)",
    ],
    {
      date: column("Buchungsdatum"),
      valueDate: column("Wertstellung"),
      amount: column("Betrag (€)"),
      description: columns("Verwendungszweck"),
      counterparty: { incoming: columns("Zahlungspflichtige*r"), outgoing: columns("Zahlungsempfänger*in") },
      counterpartyIban: column("IBAN"),
      status: { column: column("Status"), skipValues: ["Vorgemerkt"] },
      dateFormat: "DD.MM.YY",
      decimal: ",",
    },
  ),
  // DKB CSV before 2023. As documented by DKB export help; to be confirmed with a real export.
  preset(
    "dkb-classic",
    "DKB",
    "DE",
    ["Buchungstag", "Wertstellung", "Buchungstext", "Auftraggeber / Begünstigter", "Verwendungszweck", "Betrag (EUR)"],
    {
      date: column("Buchungstag"),
      valueDate: column("Wertstellung"),
      amount: column("Betrag (EUR)"),
      description: columns("Verwendungszweck", "Buchungstext"),
      counterparty: columns("Auftraggeber / Begünstigter"),
      counterpartyIban: column("Kontonummer"),
      dateFormat: "DD.MM.YYYY",
      decimal: ",",
    },
  ),
  // Deutsche Bank "Umsätze" CSV: debits in "Soll" (negative), credits in "Haben", a "Kontostand" line at the end.
  // As documented by Deutsche Bank export help; to be confirmed with a real export.
  preset(
    "deutsche-bank",
    "Deutsche Bank",
    "DE",
    ["Buchungstag", "Wert", "Umsatzart", "Begünstigter / Auftraggeber", "Verwendungszweck", "Soll", "Haben", "Währung"],
    {
      date: column("Buchungstag"),
      valueDate: column("Wert"),
      debit: column("Soll"),
      credit: column("Haben"),
      description: columns("Verwendungszweck", "Umsatzart"),
      counterparty: columns("Begünstigter / Auftraggeber"),
      counterpartyIban: column("IBAN"),
      currency: column("Währung"),
      dateFormat: "DD.MM.YYYY",
      decimal: ",",
    },
  ),
  // Commerzbank CSV. As documented by Commerzbank export help; to be confirmed with a real export.
  preset(
    "commerzbank",
    "Commerzbank",
    "DE",
    ["Buchungstag", "Wertstellung", "Umsatzart", "Buchungstext", "Betrag", "Währung", "IBAN Auftraggeberkonto"],
    {
      date: column("Buchungstag"),
      valueDate: column("Wertstellung"),
      amount: column("Betrag"),
      description: columns("Buchungstext", "Umsatzart"),
      account: column("IBAN Auftraggeberkonto"),
      currency: column("Währung"),
      dateFormat: "DD.MM.YYYY",
      decimal: ",",
    },
  ),
  // BNP Paribas (France) CSV. As documented by BNP Paribas export help; to be confirmed with a real export.
  preset(
    "bnp-paribas",
    "BNP Paribas",
    "FR",
    ["Date operation", "Libelle court", "Type operation", "Libelle operation", "Montant operation"],
    {
      date: column("Date operation"),
      amount: column("Montant operation"),
      description: columns("Libelle operation", "Libelle court"),
      dateFormat: "DD/MM/YYYY",
      decimal: ",",
    },
  ),
  // Crédit Agricole CSV: account lines above the header, debits and credits in two unsigned columns.
  // As documented by Crédit Agricole export help; to be confirmed with a real export.
  preset("credit-agricole", "Crédit Agricole", "FR", ["Date", "Libellé", "Débit euros", "Crédit euros"], {
    date: column("Date"),
    debit: column("Débit euros"),
    credit: column("Crédit euros"),
    description: columns("Libellé"),
    dateFormat: "DD/MM/YYYY",
    decimal: ",",
  }),
  // BBVA (Spain) CSV. As documented by BBVA export help; to be confirmed with a real export.
  preset("bbva", "BBVA", "ES", ["Fecha", "Fecha valor", "Concepto", "Movimiento", "Importe", "Disponible"], {
    date: column("Fecha"),
    valueDate: column("Fecha valor"),
    amount: column("Importe"),
    description: columns("Concepto", "Movimiento", "Observaciones"),
    balance: column("Disponible"),
    currency: column("Divisa"),
    dateFormat: "DD/MM/YYYY",
    decimal: ",",
  }),
  // Santander (Spain) CSV. As documented by Santander export help; to be confirmed with a real export.
  preset("santander", "Santander", "ES", ["Fecha operación", "Fecha valor", "Concepto", "Importe", "Saldo"], {
    date: column("Fecha operación"),
    valueDate: column("Fecha valor"),
    amount: column("Importe"),
    description: columns("Concepto"),
    balance: column("Saldo"),
    currency: column("Divisa"),
    dateFormat: "DD/MM/YYYY",
    decimal: ",",
  }),
  // CaixaBank CSV. As documented by CaixaBank export help; to be confirmed with a real export.
  preset("caixabank", "CaixaBank", "ES", ["Fecha", "Fecha valor", "Movimiento", "Más datos", "Importe", "Saldo"], {
    date: column("Fecha"),
    valueDate: column("Fecha valor"),
    amount: column("Importe"),
    description: columns("Movimiento", "Más datos"),
    balance: column("Saldo"),
    dateFormat: "DD/MM/YYYY",
    decimal: ",",
  }),
  // mBank "lista operacji" CSV (Windows-1250, "#" before each header, amounts like "-1 234,56 PLN").
  // As documented by mBank export help; to be confirmed with a real export.
  preset("mbank", "mBank", "PL", ["#Data operacji", "#Opis operacji", "#Rachunek", "#Kategoria", "#Kwota"], {
    date: column("#Data operacji"),
    amount: column("#Kwota"),
    description: columns("#Opis operacji"),
    balance: column("#Saldo po operacji"),
    dateFormat: "YYYY-MM-DD",
    decimal: ",",
  }),
  // mBank's older export, with the booking date, title and counterparty apart. Total lines follow the table.
  // As documented by mBank export help; to be confirmed with a real export.
  preset(
    "mbank-classic",
    "mBank",
    "PL",
    ["#Data operacji", "#Data księgowania", "#Opis operacji", "#Tytuł", "#Nadawca/Odbiorca", "#Numer konta", "#Kwota"],
    {
      date: column("#Data księgowania"),
      valueDate: column("#Data operacji"),
      amount: column("#Kwota"),
      description: columns("#Tytuł", "#Opis operacji"),
      counterparty: columns("#Nadawca/Odbiorca"),
      counterpartyIban: column("#Numer konta"),
      balance: column("#Saldo po operacji"),
      dateFormat: "YYYY-MM-DD",
      decimal: ",",
    },
  ),
  // PKO BP CSV: the description continues in unnamed columns after "Opis transakcji", hence the positions.
  // As documented by PKO BP export help; to be confirmed with a real export.
  preset(
    "pko-bp",
    "PKO BP",
    "PL",
    ["Data operacji", "Data waluty", "Typ transakcji", "Kwota", "Waluta", "Opis transakcji"],
    {
      date: column("Data operacji"),
      valueDate: column("Data waluty"),
      amount: column("Kwota"),
      description: [column("Opis transakcji", 6), { index: 7 }, { index: 8 }, { index: 9 }, { index: 10 }],
      balance: column("Saldo po transakcji"),
      currency: column("Waluta"),
      dateFormat: "YYYY-MM-DD",
      decimal: ".",
    },
  ),
  // Garanti BBVA hesap hareketleri CSV. As documented by Garanti BBVA export help; to be confirmed with a real export.
  preset("garanti-bbva", "Garanti BBVA", "TR", ["Tarih", "Açıklama", "Etiket", "Tutar", "Bakiye"], {
    date: column("Tarih"),
    amount: column("Tutar"),
    description: columns("Açıklama"),
    balance: column("Bakiye"),
    reference: column("Dekont No"),
    dateFormat: "DD.MM.YYYY",
    decimal: ",",
  }),
  // İş Bankası hesap hareketleri CSV. As documented by İş Bankası export help; to be confirmed with a real export.
  preset("is-bankasi", "İş Bankası", "TR", ["Tarih", "Kanal", "Açıklama", "İşlem Tutarı", "Bakiye"], {
    date: column("Tarih"),
    amount: column("İşlem Tutarı"),
    description: columns("Açıklama", "Kanal"),
    balance: column("Bakiye"),
    reference: column("Dekont No"),
    dateFormat: "DD/MM/YYYY",
    decimal: ",",
  }),
  // monobank statement CSV (UTF-8, dates with the time); the card currency is in the amount header, so by position too.
  // As documented by monobank export help; to be confirmed with a real export.
  preset("monobank", "monobank", "UA", ["Дата i час операції", "Деталі операції", "MCC", "Залишок після операції"], {
    date: column("Дата i час операції"),
    amount: column("Сума в валюті картки (UAH)", 3),
    // A payment abroad: the amount the shop charged and its currency, beside the card's.
    originalAmount: column("Сума в валюті операції", 4),
    originalCurrency: column("Валюта", 5),
    description: columns("Деталі операції"),
    balance: column("Залишок після операції"),
    dateFormat: "DD.MM.YYYY",
    decimal: ".",
  }),
  // PrivatBank (Privat24) statement CSV. As documented by PrivatBank export help; to be confirmed with a real export.
  preset(
    "privatbank",
    "PrivatBank",
    "UA",
    ["Дата", "Категорія", "Картка", "Опис операції", "Сума в валюті картки", "Валюта картки"],
    {
      date: column("Дата"),
      amount: column("Сума в валюті картки"),
      description: columns("Опис операції"),
      balance: column("Залишок на кінець періоду"),
      currency: column("Валюта картки"),
      originalAmount: column("Сума в валюті транзакції"),
      originalCurrency: column("Валюта транзакції"),
      dateFormat: "DD.MM.YYYY",
      decimal: ",",
    },
  ),
  // KBC (Belgium) CSV: eighteen columns padded with spaces to a fixed width, rows ended by a lone carriage return, the
  // signed "Bedrag" repeated in "credit" or "debet"; "Valuta" is the value date. Card payments and direct debits name
  // the other side only inside "Omschrijving". As documented by importers written against KBC Touch's export
  // (ofxstatement-style test fixtures); to be confirmed with a real export.
  preset(
    "kbc",
    "KBC",
    "BE",
    ["Rekeningnummer", "Rubrieknaam", "Afschriftnummer", "Datum", "Omschrijving", "Valuta", "Bedrag", "Saldo"],
    {
      date: column("Datum"),
      valueDate: column("Valuta"),
      amount: column("Bedrag"),
      description: columns("Omschrijving", "Vrije mededeling", "gestructureerde mededeling"),
      counterparty: columns("Naam tegenpartij"),
      counterpartyIban: column("rekeningnummer tegenpartij"),
      account: column("Rekeningnummer"),
      balance: column("Saldo"),
      currency: column("Munt"),
      dateFormat: "DD/MM/YYYY",
      decimal: ",",
    },
  ),
  // BNP Paribas Fortis (Belgium) CSV: UTF-8 with a byte-order mark, newest first. Refused payments are listed with
  // "Geweigerd" and never left the account, so they are left out; card payments name the shop only in "Details".
  // As documented by BNP Paribas Fortis Easy Banking export help; to be confirmed with a real export.
  preset(
    "bnp-paribas-fortis",
    "BNP Paribas Fortis",
    "BE",
    ["Volgnummer", "Uitvoeringsdatum", "Valutadatum", "Bedrag", "Naam van de tegenpartij", "Details"],
    {
      date: column("Uitvoeringsdatum"),
      valueDate: column("Valutadatum"),
      amount: column("Bedrag"),
      description: columns("Mededeling", "Details"),
      counterparty: columns("Naam van de tegenpartij"),
      counterpartyIban: column("Tegenpartij"),
      account: column("Rekeningnummer"),
      reference: column("Volgnummer"),
      currency: column("Valuta rekening"),
      status: { column: column("Status"), skipValues: ["Geweigerd", "Refusé"] },
      dateFormat: "DD/MM/YYYY",
      decimal: ",",
    },
  ),
  // Erste Bank and Sparkassen (Austria), George CSV: UTF-16 with a byte-order mark, every cell quoted, newest first;
  // card payments leave "Partnername" empty and put the shop in "Buchungs-Details". As documented by importers written
  // against George's export; to be confirmed with a real export.
  preset(
    "erste-george",
    "Erste Bank und Sparkassen (George)",
    "AT",
    ["Buchungsdatum", "Partnername", "Partner IBAN", "Betrag", "Währung", "Buchungs-Details"],
    {
      date: column("Buchungsdatum"),
      amount: column("Betrag"),
      description: columns("Buchungs-Details"),
      counterparty: columns("Partnername"),
      counterpartyIban: column("Partner IBAN"),
      reference: column("Buchungsreferenz"),
      currency: column("Währung"),
      dateFormat: "DD.MM.YYYY",
      decimal: ",",
    },
  ),
  // Raiffeisen ELBA (Austria) "Umsätze" CSV: Windows-1252 without a header, recognised by its shape; the payer or payee
  // is only named inside the text ("Auftraggeber:", "Empfänger:"). As documented by ofxstatement-austrian's
  // Raiffeisen plugin; to be confirmed with a real export.
  {
    id: "raiffeisen-elba",
    bank: "Raiffeisen",
    country: "AT",
    recognise: [],
    shape: raiffeisenElbaShape,
    mapping: {
      date: { index: 0 },
      valueDate: { index: 2 },
      amount: { index: 3 },
      description: [{ index: 1 }],
      currency: { index: 4 },
      dateFormat: "DD.MM.YYYY",
      decimal: ",",
    },
  },
  // Intesa Sanpaolo (Italy): the bank exports its "Lista Operazione" as an Excel sheet only, so this reads that sheet
  // saved as CSV by Excel (semicolons, Windows-1252, the sheet's account lines above the header), newest first. Card
  // payments not yet booked say "NON CONTABILIZZATO" and come again once booked. As documented by ofxstatement-intesasp
  // for the sheet's columns; to be confirmed with a real export.
  preset(
    "intesa-sanpaolo",
    "Intesa Sanpaolo",
    "IT",
    ["Data", "Operazione", "Dettagli", "Conto o carta", "Contabilizzazione", "Importo"],
    {
      date: column("Data"),
      amount: column("Importo"),
      description: columns("Operazione", "Dettagli"),
      currency: column("Valuta"),
      status: { column: column("Contabilizzazione"), skipValues: ["NON CONTABILIZZATO"] },
      dateFormat: "DD/MM/YYYY",
      decimal: ",",
    },
  ),
  // UniCredit (Italy) "Elenco movimenti" CSV: four columns and a trailing semicolon on every line, texts padded with
  // runs of spaces, newest first. As documented by Banana Accounting's UniCredit import (format 2); to be confirmed
  // with a real export.
  preset("unicredit", "UniCredit", "IT", ["Data Registrazione", "Data valuta", "Descrizione", "Importo (EUR)"], {
    date: column("Data Registrazione"),
    valueDate: column("Data valuta"),
    amount: column("Importo (EUR)"),
    description: columns("Descrizione"),
    dateFormat: "DD.MM.YYYY",
    decimal: ",",
  }),
  // Caixa Geral de Depósitos (Portugal), Caixadirecta CSV: Windows-1252, account lines above the header, headers
  // and texts padded with a space, unsigned "Débito" and "Crédito", newest first, a "Saldo final" line under the table.
  // As documented by importers written against the Caixadirecta export; to be confirmed with a real export.
  preset("cgd", "Caixa Geral de Depósitos", "PT", ["Data mov.", "Data valor", "Descrição", "Débito", "Crédito"], {
    date: column("Data mov."),
    valueDate: column("Data valor"),
    debit: column("Débito"),
    credit: column("Crédito"),
    description: columns("Descrição"),
    balance: column("Saldo contabilístico"),
    dateFormat: "DD-MM-YYYY",
    decimal: ",",
  }),
  // Millennium bcp (Portugal) CSV: UTF-16 without a byte-order mark, account lines above the header, one signed
  // "Montante", newest first. As documented by importers written against the Millennium bcp export; to be confirmed
  // with a real export.
  preset("millennium-bcp", "Millennium bcp", "PT", ["Data lançamento", "Data valor", "Descrição", "Montante", "Tipo"], {
    date: column("Data lançamento"),
    valueDate: column("Data valor"),
    amount: column("Montante"),
    description: columns("Descrição"),
    balance: column("Saldo"),
    dateFormat: "DD-MM-YYYY",
    decimal: ",",
  }),
  // AIB (Ireland) CSV: commas with a space after each in the header, three description columns, unsigned debit and
  // credit. "Balance" is not read: AIB marks an overdrawn balance with " DR", which is no amount, and one such row would
  // stop the import. As documented by importers written against AIB's export; to be confirmed with a real export.
  preset(
    "aib",
    "AIB",
    "IE",
    ["Posted Account", "Posted Transactions Date", "Description1", "Debit Amount", "Credit Amount"],
    {
      date: column("Posted Transactions Date"),
      debit: column("Debit Amount"),
      credit: column("Credit Amount"),
      description: columns("Description1", "Description2", "Description3"),
      currency: column("Posted Currency"),
      dateFormat: "DD/MM/YYYY",
      decimal: ".",
    },
  ),
  // Bank of Ireland 365 online CSV: five columns, unsigned debit and credit. Other banks (ANZ) use the same five
  // headers, which read the same. As documented by importers written against Bank of Ireland's export; to be confirmed
  // with a real export.
  preset("bank-of-ireland", "Bank of Ireland", "IE", ["Date", "Details", "Debit", "Credit", "Balance"], {
    date: column("Date"),
    debit: column("Debit"),
    credit: column("Credit"),
    description: columns("Details"),
    balance: column("Balance"),
    dateFormat: "DD/MM/YYYY",
    decimal: ".",
  }),
  // UBS (Switzerland) e-banking CSV: account lines above the header, ISO dates, debits negative in "Belastung", the
  // balance on some rows only; "Abschlussdatum" is the card's trade date, so the booking date is "Buchungsdatum".
  // As documented by importers written against UBS's export; to be confirmed with a real export.
  preset(
    "ubs",
    "UBS",
    "CH",
    ["Abschlussdatum", "Buchungsdatum", "Valutadatum", "Belastung", "Gutschrift", "Beschreibung1"],
    {
      date: column("Buchungsdatum"),
      valueDate: column("Valutadatum"),
      debit: column("Belastung"),
      credit: column("Gutschrift"),
      description: columns("Beschreibung1", "Beschreibung2", "Beschreibung3"),
      counterparty: columns("Beschreibung1"),
      reference: column("Transaktions-Nr."),
      balance: column("Saldo"),
      currency: column("Währung"),
      dateFormat: "YYYY-MM-DD",
      decimal: ".",
    },
  ),
  // PostFinance (Switzerland) e-finance CSV since 2023: Windows-1252, ="…" cells above the header, a blank line
  // under it, debits negative in "Lastschrift in CHF", a disclaimer under the table. As documented by importers
  // written against PostFinance's export; to be confirmed with a real export.
  preset("postfinance", "PostFinance", "CH", ["Datum", "Avisierungstext", "Gutschrift in CHF", "Lastschrift in CHF"], {
    date: column("Datum"),
    debit: column("Lastschrift in CHF"),
    credit: column("Gutschrift in CHF"),
    description: columns("Avisierungstext"),
    dateFormat: "DD.MM.YYYY",
    decimal: ".",
  }),
];

/**
 * The preset whose headers the file has (the one naming most of them when several fit), or, for a file without a
 * header row, the one whose shape its rows have.
 */
export function detectBankPreset(headers: readonly string[], rows: readonly CsvRecord[] = []): BankPreset | undefined {
  if (headers.length === 0) return bankPresets.find((candidate) => candidate.shape?.(rows));
  const present = new Set(headers.map(normaliseHeader));
  let found: BankPreset | undefined;
  for (const candidate of bankPresets) {
    if (
      candidate.recognise.length === 0 ||
      !candidate.recognise.every((header) => present.has(normaliseHeader(header)))
    )
      continue;
    if (!found || candidate.recognise.length > found.recognise.length) found = candidate;
  }
  return found;
}

function values(csv: SniffedCsv, wanted: CsvColumn | undefined): string[] {
  const index = wanted && findColumn(wanted, csv.headers);
  if (index === undefined) return [];
  return csv.rows.slice(0, 500).map((row) => dateText(row.cells[index] ?? ""));
}

/**
 * A preset's mapping for one file: the bank's date format and decimal separator unless the file's values say
 * otherwise (bunq and PrivatBank follow the customer's settings; a bank may change its export).
 */
export function presetMapping(preset: BankPreset, csv: SniffedCsv): CsvMapping {
  const { mapping } = preset;
  const dates = values(csv, mapping.date).filter(Boolean);
  const dateFormat = dates.every((date) => parseStatementDate(date, mapping.dateFormat) !== undefined)
    ? mapping.dateFormat
    : (detectDateFormat(dates) ?? mapping.dateFormat);
  const amounts = [mapping.amount, mapping.debit, mapping.credit].flatMap((wanted) => values(csv, wanted));
  const decimal: DecimalSeparator = detectDecimalSeparator(amounts, mapping.decimal);
  return { ...mapping, dateFormat, decimal };
}
