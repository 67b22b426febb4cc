import { readFileSync } from "node:fs";
import fc from "fast-check";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { decodeStatement } from "./decode";

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`fixtures/csv/${name}`, import.meta.url)));

function decodedText(bytes: Uint8Array): { text: string; encoding: string } {
  const result = decodeStatement(bytes);
  if (!result.ok) throw new Error(`not decoded: ${result.error.code}`);
  return { text: result.text, encoding: result.encoding };
}

describe("decodeStatement", () => {
  const text = "Datum;Omschrijving;Bedrag\n02-01-2026;Café Ëlbers, crème brûlée;-12,50\n";

  it("reads UTF-8 with and without a byte-order mark", () => {
    const utf8 = new TextEncoder().encode(text);
    expect(decodedText(utf8)).toEqual({ text, encoding: "UTF-8" });
    expect(decodedText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]))).toEqual({ text, encoding: "UTF-8" });
  });

  it("reads UTF-16 by its byte-order mark and without one", () => {
    const little = iconv.encode(text, "utf-16le");
    const big = iconv.encode(text, "utf-16be");
    expect(decodedText(new Uint8Array([0xff, 0xfe, ...little]))).toEqual({ text, encoding: "UTF-16LE" });
    expect(decodedText(new Uint8Array([0xfe, 0xff, ...big]))).toEqual({ text, encoding: "UTF-16BE" });
    expect(decodedText(new Uint8Array(little))).toEqual({ text, encoding: "UTF-16LE" });
    expect(decodedText(new Uint8Array(big))).toEqual({ text, encoding: "UTF-16BE" });
  });

  it.each([
    [
      "polish-windows-1250.csv",
      "windows-1250",
      ["Małgorzata Wiśniewska", "Spółdzielnia Mieszkaniowa Śródmieście", "Żabka Kraków", "źródło"],
    ],
    ["mbank.csv", "windows-1250", ["Bankowość", "#Data księgowania", "Orlen Stacja Gdańsk"]],
    ["pko-bp.csv", "windows-1250", ["Płatność kartą", "Biedronka Łódź"]],
    ["czech-iso-8859-2.csv", "ISO-8859-2", ["Jiří Dvořák", "Potraviny Šťastný", "Česká spořitelna", "Částka"]],
    ["hungarian-iso-8859-2.csv", "ISO-8859-2", ["Kőszegi Gábor", "Szőlőskert Kft.", "Összeg"]],
    ["sparkasse-camt.csv", "windows-1252", ["Bäckerei Müller GmbH", "Fahrkarte Köln–Hamburg"]],
    ["deutsche-bank.csv", "windows-1252", ["Umsätze Girokonto", "Begünstigter / Auftraggeber", "Jürgen Weiß"]],
    ["credit-agricole.csv", "windows-1252", ["Libellé;Débit euros;Crédit euros", "Hélène Dupré", "Billet Paris–Nîmes"]],
    ["bnp-paribas.csv", "windows-1252", ["Prélèvement électricité", "Carrefour Market Créteil"]],
    ["bbva.csv", "windows-1252", ["Mercadona Peñíscola", "José Ángel Muñoz", "Telefónica de España"]],
    // è and à are č and ŕ in Windows-1250: Italian words ending in an accent must not read as Slovak.
    ["intesa-sanpaolo.csv", "windows-1252", ["Bar Caffè Università Milano"]],
    [
      "garanti-bbva.csv",
      "windows-1254",
      ["Açıklama", "Migros Şişli", "İstanbul Büyükşehir Belediyesi", "Öğrenci Yurdu Çağlayan"],
    ],
    ["privatbank.csv", "windows-1251", ["Опис операції", "Сільпо Київ", "Доставка посилки їжа"]],
    ["monobank.csv", "UTF-8", ["Дата i час операції", "Укрзалізниця"]],
    ["dkb.csv", "UTF-8", ["Zahlungsempfänger*in", "Betrag (€)"]],
  ] as const)("reads %s as %s", (name, encoding, words) => {
    const decoded = decodedText(fixture(name));
    expect(decoded.encoding).toBe(encoding);
    for (const word of words) expect(decoded.text).toContain(word);
  });

  it("tells Ukrainian in KOI8-U from Windows-1251", () => {
    const ukrainian =
      "Дата;Опис;Сума\n02.01.2026;Оплата за послуги, Київ, їжа, Євген Ковальчук;-3,50\n05.01.2026;Поповнення мобільного Київстар;-150,00\n";
    expect(decodedText(new Uint8Array(iconv.encode(ukrainian, "koi8-u")))).toEqual({
      text: ukrainian,
      encoding: "KOI8-U",
    });
    expect(decodedText(new Uint8Array(iconv.encode(ukrainian, "windows-1251")))).toEqual({
      text: ukrainian,
      encoding: "windows-1251",
    });
  });

  it("reads Windows-1252 punctuation (€, “quotes”, dashes) that ISO-8859-1 does not have", () => {
    const western = "Date;Description;Amount\n02/01/2026;Café “Le Fournil” – 3 croissants €;-3,50\n";
    expect(decodedText(new Uint8Array(iconv.encode(western, "windows-1252")))).toEqual({
      text: western,
      encoding: "windows-1252",
    });
  });

  it.each([
    ["a PDF", [0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37, 0x0a], "PDF"],
    ["a PNG", [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d], "image"],
    ["a JPEG", [0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46], "image"],
    ["a GIF", [...new TextEncoder().encode("GIF89a"), 1, 0, 1, 0], "image"],
    ["an XLSX (ZIP)", [0x50, 0x4b, 0x03, 0x04, 0x14, 0, 0x06, 0], "spreadsheet"],
    ["an old XLS", [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0], "spreadsheet"],
    ["other binary data", [0x01, 0x02, 0x03, 0x00, 0x7f, 0x00, 0x05, 0x06, 0x00, 0x00, 0x10, 0x11], "binary"],
  ])("refuses %s as not a statement", (_, bytes, kind) => {
    expect(decodeStatement(new Uint8Array(bytes))).toEqual({
      ok: false,
      error: { code: "NOT_A_STATEMENT", value: kind },
    });
  });

  it.each([
    ["no bytes", []],
    ["only whitespace", [0x20, 0x0a, 0x0d, 0x0a, 0x09]],
    ["only a byte-order mark", [0xef, 0xbb, 0xbf]],
  ])("calls a file with %s empty", (_, bytes) => {
    expect(decodeStatement(new Uint8Array(bytes))).toEqual({ ok: false, error: { code: "EMPTY_FILE" } });
  });

  it("never throws, whatever the bytes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const result = decodeStatement(bytes);
        expect(result.ok ? typeof result.text : result.error.code).toMatch(/string|EMPTY_FILE|NOT_A_STATEMENT/);
      }),
      { numRuns: 500 },
    );
  });

  it("round-trips any text written in UTF-8", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", minLength: 1, maxLength: 200 }), (value) => {
        // Text with control characters other than tab and line ends is refused as binary, as it should be.
        fc.pre(
          value.trim() !== "" && ![...value].some((character) => character < " " && !"\t\n\r\f".includes(character)),
        );
        const result = decodeStatement(new TextEncoder().encode(value));
        expect(result).toEqual({ ok: true, text: value, encoding: "UTF-8" });
      }),
      { numRuns: 300 },
    );
  });
});
