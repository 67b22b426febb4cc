import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { payeeOfBooking } from "./booking-payee";
import { payeeText, sepaFields } from "./statement-payee";

describe("payeeText: where each bank puts the other side", () => {
  it.each([
    // Readers that have a counterparty field: ING NL's "Naam / Omschrijving", CAMT Cdtr/Dbtr, MT940 ?32, OFX NAME, QIF P.
    [
      "ING NL card",
      "Albert Heijn 1403",
      "Pasvolgnr: 002 26-11-2026 11:11 Transactie: 71ICVVKX Term: CT123456",
      -2345,
      "Albert Heijn 1403",
    ],
    ["CAMT creditor", "Vodafone GmbH", "Rechnung 11/2026 Kundennummer 123", -3999, "Vodafone GmbH"],
    // ING NL without the name column: the "Naam:" line.
    [
      "ING NL Naam:",
      "",
      "Naam: Vattenfall Klantenservice N.V. Omschrijving: Termijnbedrag IBAN: NL26INGB0000000000 Machtiging ID: X",
      -8900,
      "Vattenfall Klantenservice N.V.",
    ],
    // German purpose text: the real payee behind a collector (ABWE+), the real payer behind a payroll office (ABWA+).
    [
      "Sparkasse ABWE+",
      "Hausverwaltung Berg GmbH",
      "EREF+123 MREF+M1 CRED+DE98ZZZ09999999999 SVWZ+Miete Dezember ABWE+Familie Schneider Vermietung",
      -95000,
      "Familie Schneider Vermietung",
    ],
    [
      "Sparkasse ABWA+",
      "Lohnbuero Nord",
      "SVWZ+Gehalt 11/2026 ABWA+Baeckerei Koch GmbH",
      210000,
      "Baeckerei Koch GmbH",
    ],
    // PayPal in Germany: the shop is in the purpose.
    [
      "PayPal DE",
      "PayPal Europe S.a.r.l. et Cie S.C.A",
      "1034567890123 PP.8123.PP . SPOTIFY, Ihr Einkauf bei SPOTIFY",
      -1099,
      "SPOTIFY",
    ],
    // ABN AMRO's one-field statements.
    [
      "ABN AMRO card",
      "",
      "BEA, Betaalpas                   ALBERT HEIJN 1403,PAS123 NR:12345678, 26.11.26/11:11 AMSTERDAM",
      -1240,
      "ALBERT HEIJN 1403",
    ],
    [
      "ABN AMRO SEPA",
      "",
      "/TRTP/SEPA OVERBOEKING/IBAN/NL20INGB0001234567/BIC/INGBNL2A/NAME/J JANSEN/REMI/Etentje/EREF/NOTPROVIDED",
      -2500,
      "J JANSEN",
    ],
    // French, Spanish, Polish, Turkish one-field statements: the operation words and card numbers go.
    ["Crédit Agricole card", "", "CB CARREFOUR CITY 12/11", -1850, "CARREFOUR CITY 12/11"],
    [
      "Crédit Agricole transfer in",
      "",
      "VIR SEPA RECU /DE BIOMERIEUX SA /MOTIF SALAIRE NOVEMBRE 2026 /REF SAL112026",
      280000,
      "BIOMERIEUX SA",
    ],
    ["CaixaBank card", "", "COMPRA TARJ. 5540XXXXXXXX1234 MERCADONA MADRID", -4312, "MERCADONA MADRID"],
    ["mBank card", "", "ZAKUP PRZY UŻYCIU KARTY BIEDRONKA 1234 KRAKOW", -3420, "BIEDRONKA 1234 KRAKOW"],
    [
      "Garanti transfer",
      "",
      "GELEN EFT MAAS ODEMESI 11/2026 ISTANBUL BUYUKSEHIR BELEDIYESI",
      4500000,
      "MAAS ODEMESI 11/2026 ISTANBUL BUYUKSEHIR BELEDIYESI",
    ],
  ])("%s", (_bank, counterparty, description, amountMinor, expected) => {
    expect(payeeText({ counterparty, description, amountMinor })).toBe(expected);
  });

  // One-field texts of the Belgian, Austrian, Italian, Portuguese, Irish and Swiss presets (fixtures/csv in statements),
  // and the payee each gives.
  it.each([
    [
      "KBC Bancontact",
      "BETALING VIA BANCONTACT 05-01 05/01/2026 OM 18.53 UUR DELHAIZE LEUVEN BE3000 LEUVEN MET KBC-DEBETKAART 5127 88XX XXXX 1425 KAARTHOUDER: DE SMET JAN",
      -3864,
      "Delhaize",
    ],
    [
      "KBC Payconiq",
      "BETALING VIA PAYCONIQ BY BANCONTACT BAKKERIJ HIMSCHOOT 29-11-2026 09.12 REF. 004238817",
      -640,
      "Bakkerij Himschoot",
    ],
    [
      "KBC direct debit",
      "EUROPESE DOMICILIERING 03-01 SCHULDEISER : ENGIE ELECTRABEL REF. SCHULDEISER: 525785625362H-HDBIT MANDAATREFERTE : 001736898 MEDEDELING : VOORSCHOT ELEKTRICITEIT 1",
      -1388,
      "Engie",
    ],
    [
      "BNP Paribas Fortis card",
      "BETALING MET DEBETKAART NUMMER 4871 04XX XXXX 8258 ALDI GENT 29/01/2026 VISA DEBIT - Google Pay BANKREFERENTIE : 2601023271301289954 VALUTADATUM : 29/01/2026",
      -1624,
      "Aldi",
    ],
    [
      "BNP Paribas Fortis direct debit",
      "EUROPESE DOMICILIERING SCHULDEISER : LUMINUS REF. SCHULDEISER : 000123456 MANDAATREFERTE : LUM-21 MEDEDELING : VOORSCHOT ENERGIE 21",
      -8148,
      "Luminus",
    ],
    ["Erste George card", "POS 16,24 0001 K1 29.01. 17:38 BILLA DANKT 1234 WIEN 1100", -1624, "BILLA"],
    ["Erste card with terminal", "POS 18,90 AT D5 24.11. 18:02 K2 SPAR DANKT 5678 WIEN 1040", -1890, "Spar"],
    [
      "Raiffeisen ELBA direct debit",
      "Lastschrift  Auftraggeber:  Uniqa Österreich  Kundendaten:  Polizze 123456  Verwendungszweck:  Prämie 10",
      -3530,
      "UNIQA",
    ],
    [
      "Raiffeisen ELBA transfer out",
      "ELBA-INTERNET VOM 04.01 UM 09:16  Empfänger:  Stefan Moser  Verwendungszweck:  Konzertkarten 2",
      -2626,
      "Stefan Moser",
    ],
    [
      "Raiffeisen ELBA standing order",
      "Dauerauftrag  Empfänger:  Hausverwaltung Gruber  Verwendungszweck:  Miete Jänner Top 7",
      -300000,
      "Hausverwaltung Gruber",
    ],
    [
      "Raiffeisen ELBA salary",
      "Gutschrift  Auftraggeber:  Arbeitgeber GmbH  Verwendungszweck:  Gehalt Jänner 2026",
      345678,
      "Arbeitgeber",
    ],
    [
      "Raiffeisen ELBA card",
      "Bezahlung Karte MC/000001234 POS 06.01 12:41 Bäckerei Brandl 4020 Linz",
      -5102,
      "Bäckerei Brandl",
    ],
    [
      "Intesa Sanpaolo card",
      "Pagamento tramite POS Esselunga Milano 29/01/2026 Carta N. ***** 1234",
      -1624,
      "Esselunga",
    ],
    [
      "Intesa Sanpaolo direct debit",
      "Pagamento Adue Addebito SDD Enel Energia S.p.A. Mandato 00123456 Bolletta 21",
      -8148,
      "Enel",
    ],
    [
      "Intesa Sanpaolo transfer out",
      "Bonifico in euro verso Ue/Sepa canale telem. Bonifico N. 0000654321 Beneficiario: Bianchi Giulia Iban: IT60X0542811101000000123456 Note: Affitto gennaio via Garibaldi 12",
      -300000,
      "Bianchi Giulia",
    ],
    [
      "UniCredit card",
      "PAGAMENTO POS                   29/01/2026 CARTA 5XXXXXXXXXXX7710 CONAD CITY ROMA",
      -1624,
      "Conad",
    ],
    [
      "UniCredit direct debit",
      "ADDEBITO      Incasso 01605920                                  SDD da IT33ZZZ100000488410010                    GENERALI ITALIA                            mandato nr. XX20",
      -6910,
      "Generali",
    ],
    [
      "UniCredit transfer out",
      "DISPOSIZIONE DI BONIFICO BONIFICO SEPA A BIANCHI GIULIA PER AFFITTO GENNAIO",
      -300000,
      "Bianchi Giulia",
    ],
    [
      "UniCredit transfer in",
      "BONIFICO A VOSTRO FAVORE BONIFICO SEPA DA ACME S.P.A. PER STIPENDIO GENNAIO 2026",
      345678,
      "Acme",
    ],
    ["CGD card", "COMPRA CONTINENTE MATOSINHOS", -1624, "Continente"],
    ["CGD MB WAY", "TRF MB WAY P/ JOÃO 22", -386, "João"],
    ["CGD transfer", "TRF P/ ANA SOUSA RENDA JANEIRO", -300000, "Ana Sousa"],
    ["CGD service payment", "PAG SERV EDP COMERCIAL", -8148, "EDP"],
    ["CGD direct debit", "DD FIDELIDADE COMPANHIA SEGUROS", -6910, "Fidelidade"],
    ["Millennium bcp direct debit", "DD VODAFONE PORTU 01234567890 PT12345678 21", -8148, "Vodafone"],
    ["Millennium bcp transfer", "TRF SEPA+ P/ MANUEL COSTA RENDA JANEIRO", -300000, "Manuel Costa"],
    ["AIB card", "VDP-TESCO STORES 3456", -3864, "Tesco"],
    ["AIB contactless", "VDC-CENTRA DAME ST", -5102, "Centra"],
    ["AIB direct debit", "D/D ELECTRIC IRELAND REF 900101", -1388, "Electric Ireland"],
    ["AIB mobile transfer", "*MOBI SEAN MURPHY", -2626, "Sean Murphy"],
    ["Bank of Ireland card", "POS05JAN DUNNES STORES", -3864, "Dunnes Stores"],
    ["Bank of Ireland direct debit", "SEPA DD BORD GAIS ENERGY", -1388, "Bord Gáis Energy"],
    ["Bank of Ireland 365 online", "365 ONLINE AOIFE KELLY 2", -2626, "Aoife Kelly"],
    ["PostFinance card", "KAUF/DIENSTLEISTUNG VOM 29.01.2026 KARTEN NR. XXXX1234 MIGROS M ZUERICH", -1624, "Migros"],
    [
      "PostFinance card, branch",
      "KAUF/DIENSTLEISTUNG VOM 24.01.2026 KARTEN NR. XXXX1234 COOP-4567 BERN",
      -5672,
      "Coop",
    ],
    ["PostFinance TWINT", "TWINT GELD SENDEN AN +41791234567 LEA MÜLLER 22", -386, "Lea Müller"],
    ["PostFinance standing order", "DAUERAUFTRAG: IMMO BERN AG, MIETE JANUAR WOHNUNG 3.OG", -300000, "Immo Bern"],
    ["PostFinance salary", "GUTSCHRIFT VON ACME AG, BERN MITTEILUNGEN: LOHN JANUAR 2026", 345678, "Acme"],
    // France, Poland, Türkiye, Italy and Ukraine, one field each (the second labelled set's layouts).
    ["Société Générale card", "CARTE X4521 04/11 CARREFOUR TOULOUSE PURPAN", -4512, "Carrefour"],
    [
      "BNP Paribas direct debit",
      "PRLV SEPA EDF clients particuliers ECH/051124 ID EMETTEUR/FR47ZZZ001234 MDT/1012345678 LIB/ECHEANCE 5012345678",
      -7800,
      "EDF",
    ],
    [
      "PKO BP card",
      "Płatność kartą 04.11.2024 Nr karty 4246xx1234 Tytuł: 00000078123456789 Lokalizacja: Adres: LIDL LEGNICKA Miasto: WROCLAW Kraj: POLSKA",
      -8734,
      "Lidl",
    ],
    ["İş Bankası card", "KART İLE ÖDEME 454360******1234 MIGROS CANKAYA ANKARA TR 04.11.2024", -45600, "Migros"],
    ["İş Bankası bill", "OTOMATİK ÖDEME TURKCELL FATURA 5321234567 DÖNEM 11/2024", -32900, "Turkcell"],
    [
      "İş Bankası EFT",
      "EFT GİDEN ALICI: MEHMET YILMAZ AÇIKLAMA: KASIM AYI KİRA TR12 0006 4000 0011 2345 6789 01",
      -1500000,
      "Mehmet Yilmaz",
    ],
    [
      "Intesa Sanpaolo card",
      "PAGAMENTO POS 45,30 EUR DEL 04.11.2024 ALLE ORE 18:22 CARTA 4342****1234 ESSELUNGA VIALE PIAVE MILANO",
      -4530,
      "Esselunga",
    ],
    [
      "Intesa Sanpaolo transfer in",
      "BONIFICO A VOSTRO FAVORE DISPOSTO DA INPS CAUSALE ASSEGNO UNICO UNIVERSALE NOVEMBRE 2024",
      17500,
      "INPS",
    ],
    ["monobank top-up", "Поповнення «Київстар» +380671234567", -20000, "Київстар"],
    [
      "monobank card transfer",
      "Переказ на картку Оксана Мельник. Оплата оренди квартири грудень",
      -1200000,
      "Оксана Мельник",
    ],
    ["PrivatBank salary", "Від: ТОВ «СОФТСЕРВ». Заробітна плата за листопад 2024", 4500000, "Софтсерв"],
  ])("%s", (_bank, description, amountMinor, expected) => {
    expect(payeeOfBooking({ counterparty: "", description, amountMinor })?.name).toBe(expected);
  });

  it("reads the SEPA tags of a purpose text", () => {
    expect(
      Object.fromEntries(sepaFields("EREF+NOTPROVIDED MREF+M-1 CRED+DE98ZZZ09999999999 SVWZ+Miete Dez ABWE+Berg")),
    ).toEqual({
      EREF: "NOTPROVIDED",
      MREF: "M-1",
      CRED: "DE98ZZZ09999999999",
      SVWZ: "Miete Dez",
      ABWE: "Berg",
    });
  });

  it("titles the statement's rows without bank boilerplate", () => {
    expect(
      payeeOfBooking({ counterparty: "", description: "CB SUMUP *BOULANGERIE M 15/11", amountMinor: -420 })?.name,
    ).toBe("Boulangerie M");
    expect(
      payeeOfBooking({
        counterparty: "",
        description: "COMPRA TARJ. 5540XXXXXXXX1234 MERCADONA MADRID",
        amountMinor: -4312,
      })?.name,
    ).toBe("Mercadona");
  });

  it("reads any text a bank could send", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 20_000 }), fc.string({ maxLength: 500 }), (description, counterparty) => {
        expect(typeof payeeText({ description, counterparty, amountMinor: -1 })).toBe("string");
      }),
      { numRuns: 200 },
    );
    // The shapes that would cost a careless reader most (npm run bench:import times a whole statement): thousands of tags, labels and
    // slashes each read in one pass.
    for (const description of ["SVWZ+".repeat(20_000), "Naam: Omschrijving: ".repeat(5_000), "/NAME".repeat(20_000)])
      expect(payeeOfBooking({ description, counterparty: "", amountMinor: -1 })).not.toBeUndefined();
  });
});
