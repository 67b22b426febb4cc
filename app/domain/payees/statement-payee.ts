import { cleanText } from "~/domain/statements/statement";
import { foldPayeeText } from "./fold";
import { maxPayeeText } from "./payee-name";

/**
 * Where the payee sits in what a bank wrote. Every reader already gives the counterparty when its format has a field
 * for it (ING's "Naam / Omschrijving", CAMT's Cdtr/Dbtr, MT940's ?32–?33, OFX NAME, QIF P); this reads the rest from
 * the free text: SEPA purpose tags (ABWE+/ABWA+ name the real payee behind a collector), ING's "Naam:" lines, ABN AMRO's
 * "/NAME/" and "BEA, Betaalpas …,PAS" card lines, PayPal's "Ihr Einkauf bei …", labelled parties (Raiffeisen's
 * "Auftraggeber:"/"Empfänger:", KBC's and BNP Paribas Fortis' "SCHULDEISER :", Intesa's "Beneficiario:"), and else what is
 * left of a one-field text once the bank's operation words, card numbers, dates and references before the name and its
 * message after it are gone. Only indexOf, split and anchored one-token tests run over the bank text: its cost is linear
 * in it.
 */

export interface BookingText {
  description: string;
  counterparty?: string | null;
  /** Money in or out: an ABWA+ (the real payer) only counts for money in, ABWE+ (the real payee) for money out. */
  amountMinor: number;
}

const sepaTags = ["EREF", "KREF", "MREF", "CRED", "DEBT", "SVWZ", "ABWA", "ABWE", "IBAN", "BIC", "COAM", "OAMT"];

/** The value after each SEPA tag ("SVWZ+Miete November ABWE+Hausverwaltung Berg" → SVWZ, ABWE). */
export function sepaFields(text: string): Map<string, string> {
  const found: { tag: string; at: number }[] = [];
  for (const tag of sepaTags) {
    let at = text.indexOf(`${tag}+`);
    while (at !== -1) {
      const before = at === 0 ? " " : text[at - 1]!;
      if (!/[A-Z]/.test(before)) found.push({ tag, at });
      at = text.indexOf(`${tag}+`, at + 1);
    }
  }
  found.sort((a, b) => a.at - b.at);
  const fields = new Map<string, string>();
  found.forEach((field, index) => {
    const end = found[index + 1]?.at ?? text.length;
    const value = cleanText(text.slice(field.at + field.tag.length + 1, end));
    if (value && !fields.has(field.tag)) fields.set(field.tag, value);
  });
  return fields;
}

/** Labels ING and ABN AMRO put between the parts of a line; a "Naam:" value ends where the next one starts. */
const labels = [
  "Omschrijving:",
  "IBAN:",
  "BIC:",
  "Kenmerk:",
  "Machtiging ID:",
  "Machtiging:",
  "Incassant ID:",
  "Incassant:",
  "Datum/Tijd:",
  "Valutadatum:",
  "Pasvolgnr:",
  "Transactie:",
  "Term:",
  "Doorlopende incasso",
  "Eenmalige incasso",
];

function labelled(text: string, label: string, ends: readonly string[] = labels): string | null {
  const at = text.indexOf(label);
  // "REF. SCHULDEISER: 525785625362H" is the collector's reference, not its name.
  if (at === -1 || text.startsWith("REF. ", at - 5)) return null;
  let start = at + label.length;
  // "SCHULDEISER     : ENGIE": the colon may stand apart from its label.
  while (text[start] === " " || text[start] === ":") start += 1;
  const end = Math.min(
    ...ends.map((next) => {
      const found = text.indexOf(next, start);
      return found === -1 ? text.length : found;
    }),
  );
  return cleanText(text.slice(start, end)) || null;
}

/**
 * Labels that name the other side inside the text, each with the labels that may follow its value: Raiffeisen ELBA's
 * "Lastschrift  Auftraggeber:  Linz AG Strom  Kundendaten: …" and "Dauerauftrag  Empfänger:  Hausverwaltung Gruber
 * Verwendungszweck: …", KBC's and BNP Paribas Fortis' "EUROPESE DOMICILIERING SCHULDEISER : ENGIE ELECTRABEL REF.
 * SCHULDEISER: … MANDAATREFERTE : …", Intesa Sanpaolo's "Beneficiario: Bianchi Giulia Iban: … Note: …".
 */
const elbaEnds = [
  "Verwendungszweck:",
  "Kundendaten:",
  "Zahlungsreferenz:",
  "Mandat:",
  "Mandatsreferenz:",
  "Creditor-ID:",
  "Auftraggeber:",
  "Empfänger:",
  " IBAN",
  " BIC",
];
const schuldeiserEnds = [
  "REF. SCHULDEISER",
  "MANDAATREFERTE",
  "MANDAAT NUMMER",
  "MANDAATNUMMER",
  "MEDEDELING",
  "BANKREFERENTIE",
  "VALUTADATUM",
];
const partyLabels: readonly { label: string; ends: readonly string[] }[] = [
  { label: "Auftraggeber:", ends: elbaEnds },
  { label: "Empfänger:", ends: elbaEnds },
  { label: "AUFTRAGGEBER:", ends: elbaEnds.map((end) => end.toUpperCase()) },
  { label: "EMPFÄNGER:", ends: elbaEnds.map((end) => end.toUpperCase()) },
  { label: "SCHULDEISER", ends: schuldeiserEnds },
  { label: "Beneficiario:", ends: ["Iban:", "IBAN:", "BIC:", "Note:", "Causale:"] },
  // PKO BP's card line: "Płatność kartą … Tytuł: 0000… Lokalizacja: Adres: JMP S.A. BIEDRONKA 4123 Miasto: WROCLAW".
  { label: "Adres:", ends: ["Miasto:", "Kraj:"] },
  // İş Bankası and Ziraat: "EFT GİDEN ALICI: MEHMET YILMAZ AÇIKLAMA: KİRA", "EFT GELEN GÖNDEREN: ASELSAN … AÇIKLAMA: …".
  { label: "ALICI:", ends: ["AÇIKLAMA:", "ACIKLAMA:"] },
  { label: "GÖNDEREN:", ends: ["AÇIKLAMA:", "ACIKLAMA:"] },
  // PrivatBank and monobank: "Від: ТОВ «СОФТСЕРВ». Заробітна плата …", "Переказ на картку Оксана Мельник. Оплата …".
  { label: "Від:", ends: ["."] },
  { label: "Переказ на картку", ends: ["."] },
];

function labelledParty(text: string): string | null {
  for (const { label, ends } of partyLabels) {
    const value = labelled(text, label, ends);
    if (value) return value;
  }
  return null;
}

/** ABN AMRO's "/TRTP/SEPA OVERBOEKING/IBAN/NL…/BIC/…/NAME/J JANSEN/REMI/…": the part after NAME. */
function slashField(text: string, field: string): string | null {
  if (!text.startsWith("/")) return null;
  const parts = text.split("/");
  const at = parts.indexOf(field);
  return at === -1 ? null : cleanText(parts[at + 1]) || null;
}

/** ABN AMRO card lines: "BEA, Betaalpas  ALBERT HEIJN 1403,PAS123 NR:…", "BEA, Apple Pay  CCV*Bakkerij,PAS…". */
function cardLine(text: string): string | null {
  for (const marker of ["Betaalpas", "Apple Pay", "Google Pay"]) {
    const at = text.indexOf(marker);
    if (at === -1 || at > 20) continue;
    const rest = text.slice(at + marker.length);
    const end = rest.indexOf(",PAS");
    return cleanText(end === -1 ? rest.split(",")[0] : rest.slice(0, end)) || null;
  }
  return null;
}

/** Collectors and processors whose name hides the shop the person paid: the shop is in the purpose text. */
const intermediaries = new Set(["paypal", "paypaleurope", "klarna", "sumup", "mollie", "adyen", "stripe", "payu"]);

function isIntermediary(name: string): boolean {
  const first = name.split(/[\s(]+/u)[0] ?? "";
  return intermediaries.has(foldPayeeText(first)) || foldPayeeText(name).startsWith("paypaleurope");
}

/** PayPal in Germany: "1234567890 PP.1234.PP . SPOTIFY, Ihr Einkauf bei SPOTIFY". */
function purchaseAt(text: string): string | null {
  for (const marker of ["Ihr Einkauf bei ", "Your purchase at ", "Uw aankoop bij ", "Votre achat chez "]) {
    const at = text.indexOf(marker);
    if (at !== -1) return cleanText(text.slice(at + marker.length).split(",")[0]) || null;
  }
  return null;
}

/**
 * The words a bank puts before the other side's name in a one-field statement, folded, the longer of two that start
 * alike first: "CB CARREFOUR CITY 12/11", "PRLV SEPA EDF", "COMPRA TARJ. 5540XXXX1234 MERCADONA", "ZAKUP PRZY UŻYCIU
 * KARTY BIEDRONKA". They may follow each other ("ADDEBITO Incasso 105XXX6021 SDD da IT12ZZZ… ENEL ENERGIA").
 */
const operationWords: readonly (readonly string[])[] = [
  "zakup przy uzyciu karty",
  // France: Société Générale's and BNP Paribas' card line, "CARTE X4521 04/11 CARREFOUR TOULOUSE".
  "carte",
  // Türkiye: İş Bankası's and Ziraat's card, standing order and bill payments.
  "kart ile odeme",
  "otomatik odeme",
  "fatura odemesi",
  // Ukraine: a mobile top-up, "Поповнення «Київстар» +380…".
  "поповнення",
  "przelew na telefon blik do",
  "przelew na telefon blik od",
  "przelew przychodzacy",
  "przelew wychodzacy",
  "przelew wlasny na",
  "platnosc blik",
  "platnosc karta",
  "vir sepa recu de",
  "vir sepa recu",
  "vir sepa emis",
  "vir permanent vers",
  "vir inst recu de",
  "vir sepa",
  "prlv sepa",
  "paiement par carte",
  "paiement avec la carte de debit",
  "paiement bancontact",
  "domiciliation europeenne",
  "achat cb",
  "retrait dab",
  "bizum a favor de",
  "bizum de",
  "compra tarj",
  "compra tarjeta",
  "transferencia de",
  "transferencia a",
  // Italy: UniCredit's and Intesa Sanpaolo's operation and its details, one after the other.
  "pagamento tramite pos",
  "pagamento pos",
  "pagamento servizi",
  "pagamento utenze",
  "pagamento bollettino",
  "pagamento cbill",
  "pagamento adue",
  "pagamenti disposti su circuito fast pay",
  "addebito sdd",
  "addebito diretto",
  "addebito",
  "incasso",
  "sdd da",
  "sdd",
  "bonifico a vostro favore",
  "disposto da",
  "bonifico disposto a favore di",
  "bonifico a favore di",
  "bonifico istantaneo a favore di",
  "bonifico istantaneo a",
  "bonifico istantaneo da",
  "bonifico istantaneo",
  "bonifico sepa a",
  "bonifico sepa da",
  "disposizione di bonifico",
  "a favore di",
  "prelievo bancomat",
  // Belgium: KBC, BNP Paribas Fortis.
  "betaling met debetkaart",
  "betaling met kbcdebetkaart",
  "betaling via payconiq by bancontact",
  "betaling via payconiq",
  "betaling via bancontact",
  "europese domiciliering",
  "europese overschrijving naar",
  "europese overschrijving van",
  "overschrijving in euro naar rekening",
  "overschrijving in euro van rekening",
  "overschrijving via kbc mobile naar",
  "doorlopende betalingsopdracht naar",
  "doorlopende opdracht naar rekening",
  // Austria and Switzerland: Raiffeisen's card line, PostFinance's.
  "bezahlung karte",
  "kaufdienstleistung",
  "twint geld senden an",
  "twint geld empfangen von",
  "efinance ebill",
  "efinance",
  "gutschrift von",
  "kartenzahlung",
  "folgelastschrift",
  "erstlastschrift",
  "lastschrift",
  "gutschrift",
  "dauerauftrag",
  "gelen eft",
  "giden eft",
  "gelen fast",
  "fast giden",
  "fast gelen",
  "pos satis",
  // Portugal: CGD, Millennium bcp ("P/" is "para", to).
  "trf mb way p",
  "trf sepa p",
  "trf p",
  "trf",
  "pag serv",
  "pagamento servicos",
  // Ireland: AIB's "D/D" and "*MOBI", Bank of Ireland's "SEPA DD" and "365 ONLINE".
  "sepa dd",
  "365 online",
  "mobi",
  "dd",
  "compra",
  "recibo",
  "transf",
  "prlv",
  "vir",
  "cb",
  "pos",
].map((words) => words.split(" "));

/**
 * Words between a bank's operation and the name: "KARTEN NR.", "NUMMER 4871…", "OM 18.53 UUR", "VOM 29.01.2026", Erste's
 * "POS 23,45 AT D5 26.11. 11:11 K1 BILLA".
 */
const operationDetails = new Set([
  "nummer",
  "numero",
  "nr",
  "n",
  "om",
  "uur",
  "vom",
  "karten",
  "karte",
  "kartennr",
  "carta",
  "card",
  "kaart",
  "pos",
  "at",
  // Intesa Sanpaolo: "PAGAMENTO POS 45,30 EUR DEL 04.11.2024 ALLE ORE 18:22 CARTA 4342****1234 ESSELUNGA".
  "eur",
  "del",
  "alle",
  "ore",
]);

/**
 * A token before the name that is no part of it, folded: a date, time, amount or card number ("29.01.", "16,24",
 * "04XX", "X123"), an IBAN or SEPA creditor id, a card ("MC/000001234") or till ("K1") code. Every test is anchored.
 */
function isReference(fold: string): boolean {
  if (fold === "") return true;
  if (/^[\p{N}x]+$/u.test(fold)) return /\p{N}/u.test(fold) || fold.length >= 4;
  // A French time: "RETRAIT DAB 26/11 14H32".
  if (/^\d{1,2}h\d{2}$/.test(fold)) return true;
  return /^[a-z]{2}\d{2}[a-z\d]{10,30}$/.test(fold) || /^[a-z]{2}\d{4,}$/.test(fold) || /^[kd]\d$/.test(fold);
}

/** A bank's code glued to the name: AIB's "VDP-TESCO", "VDC-CENTRA"; Bank of Ireland's "POS05JAN DUNNES STORES". */
function withoutGluedCode(word: string): string {
  const upper = word.slice(0, 4).toUpperCase();
  if (upper === "VDP-" || upper === "VDC-" || upper === "VDA-") return word.slice(4);
  return /^pos\d{1,2}[a-z]{3}$/.test(foldPayeeText(word)) ? "" : word;
}

function operationAt(folds: readonly string[], at: number): number {
  return operationWords.find((operation) => operation.every((word, index) => folds[at + index] === word))?.length ?? 0;
}

/**
 * "CB CARREFOUR CITY 12/11" → "CARREFOUR CITY 12/11": the bank's operation words, and a card number, go; so does the
 * message after the name.
 */
function withoutOperation(text: string): string {
  const words = text.split(" ");
  if (words.length > 0) words[0] = withoutGluedCode(words[0]!);
  const folds = words.map(foldPayeeText);
  let start = 0;
  let afterOperation = false;
  // Each turn passes at least one word: linear in the words.
  while (start < words.length) {
    const operation = operationAt(folds, start);
    if (operation > 0) {
      start += operation;
      afterOperation = true;
      continue;
    }
    // A masked card number or a reference before the name: "5540XXXXXXXX1234 MERCADONA"; one word always stays.
    if (start >= words.length - 1) break;
    const fold = folds[start]!;
    if (isReference(fold) || (afterOperation && operationDetails.has(fold))) start += 1;
    else break;
  }
  return withoutMessage(words.slice(start), afterOperation);
}

/**
 * Words that end the name and start the bank's message or references after it ("ENEL ENERGIA mandato nr. 0021",
 * "BIANCHI GIULIA PER AFFITTO", "ELECTRIC IRELAND REF 900101", "ANA SOUSA RENDA JANEIRO"). Never the first word.
 */
const messageWords = new Set([
  "mandato",
  "mandaatreferte",
  "mededeling",
  "bankreferentie",
  "valutadatum",
  "kaarthouder",
  "mitteilungen",
  "rechnung",
  "ref",
  "per",
  "renda",
  // Italy: "… CAUSALE AFFITTO", "A2A ENERGIA SPA CID IT71ZZZ…".
  "causale",
  "cid",
  // France: a direct debit's "EDF clients particuliers ECH/051124 ID EMETTEUR/FR47ZZZ… MDT/… REF/… LIB/…".
  "ech",
  "id",
  "mdt",
  "lib",
  // Türkiye: "TURKCELL FATURA 5321234567 DÖNEM 11/2024", "BAŞKENTGAZ ABONE NO …", "… TESİSAT NO …".
  "fatura",
  "donem",
  "abone",
  "tesisat",
]);

/** A message word, also where a slash glues its value on: "ECH/051124", "MDT/WP123". */
function isMessageWord(word: string): boolean {
  return (
    messageWords.has(foldPayeeText(word)) ||
    (word.includes("/") && messageWords.has(foldPayeeText(word.split("/")[0]!)))
  );
}

/** "Львівенергозбут. Оплата …", "Оксана Мельник. Оплата …": a sentence ends the name; "S.A." and "Dr." do not. */
function endsSentence(word: string, next: string | undefined): boolean {
  return word.endsWith(".") && word.length > 4 && !word.slice(0, -1).includes(".") && /^\p{Lu}/u.test(next ?? "");
}

/** The name up to the bank's message; after an operation a comma ends it too ("DAUERAUFTRAG: IMMO BERN AG, MIETE …"). */
function withoutMessage(words: readonly string[], afterOperation: boolean): string {
  let end = 1;
  while (
    end < words.length &&
    !isMessageWord(words[end]!) &&
    !(afterOperation && words[end - 1]!.endsWith(",")) &&
    !endsSentence(words[end - 1]!, words[end])
  )
    end += 1;
  const name = words.slice(0, end).join(" ");
  if (afterOperation && name.endsWith(",")) return name.slice(0, -1);
  return end < words.length && endsSentence(words[end - 1]!, words[end]) ? name.slice(0, -1) : name;
}

/**
 * French statements put the parts after slashes: "VIR SEPA RECU /DE BIOMERIEUX SA /MOTIF SALAIRE", "VIR SEPA EMIS
 * /MOTIF WEEKEND /BEN MME CAMILLE ROUX"; Spanish ones after ", CONCEPTO". The name is the /DE or /BEN part, else
 * what comes before the first of them.
 */
function beforeParts(text: string): string {
  const parts = text.split(" /");
  const named = parts.find((part) => part.startsWith("DE ") || part.startsWith("BEN "));
  const name = named ? named.slice(named.indexOf(" ") + 1) : parts[0]!;
  return name.split(/,? CONCEPTO /u)[0]!;
}

/** The payee's name as the bank wrote it, before normalising; empty when the row names nobody. */
export function payeeText(row: BookingText): string {
  const description = cleanText(row.description).slice(0, 4 * maxPayeeText);
  const counterparty = cleanText(row.counterparty).slice(0, maxPayeeText);
  const sepa = sepaFields(description);
  const behind = row.amountMinor < 0 ? sepa.get("ABWE") : sepa.get("ABWA");
  if (behind) return behind;
  if (counterparty && isIntermediary(counterparty)) return purchaseAt(description) ?? counterparty;
  if (counterparty) return counterparty;
  return (
    labelled(description, "Naam:") ??
    slashField(description, "NAME") ??
    cardLine(description) ??
    purchaseAt(description) ??
    labelledParty(description) ??
    withoutOperation(beforeParts(description.split(/ (?:Pasvolgnr|Transactie|Kenmerk|IBAN|Omschrijving):/u)[0]!)).slice(
      0,
      maxPayeeText,
    )
  );
}
