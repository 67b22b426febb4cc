import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages, toRegionalLocale, type Language } from "~/domain/languages";
import { parseInlineMarkup, toPlainText } from "./inline-markup";
import {
  formatLegalDate,
  privacySectionKeys,
  readLegalSections,
  sectionAnchor,
  termsSectionKeys,
  type LegalDocumentKind,
} from "./legal-document";

interface LegalSectionJson {
  title: string;
  body: (string | string[])[];
}
type LegalJson = Record<LegalDocumentKind, { title: string; sections: Record<string, LegalSectionJson> }> & {
  common: Record<string, string>;
};

const localesDir = path.join(import.meta.dirname, "../../i18n/locales");
function readLegal(language: Language): LegalJson {
  return JSON.parse(fs.readFileSync(path.join(localesDir, language, "legal.json"), "utf8")) as LegalJson;
}
const legal = Object.fromEntries(languages.map((language) => [language, readLegal(language)])) as Record<
  Language,
  LegalJson
>;

function sectionText(language: Language, kind: LegalDocumentKind, key: string): string {
  const section = legal[language][kind].sections[key];
  return section ? section.body.flat().map(toPlainText).join("\n") : "";
}

/** How each language names the governing law and the courts' country in the terms. */
const dutchLawWords: Record<Language, [law: RegExp, country: RegExp]> = {
  en: [/Dutch law/, /courts of the Netherlands/],
  nl: [/Nederlands recht/, /rechter in Nederland/],
  de: [/niederländisches Recht/, /Gerichten in den Niederlanden/],
  fr: [/droit néerlandais/, /tribunaux compétents des Pays-Bas/],
  es: [/ley neerlandesa/, /tribunales competentes de los Países Bajos/],
  pl: [/prawu niderlandzkiemu/, /sądy w Niderlandach/],
  tr: [/Hollanda hukukuna/, /Hollanda’nın yetkili mahkemelerine/],
  ua: [/правом Нідерландів/, /судів Нідерландів/],
};

function keyPaths(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

describe.each(languages)("legal texts in %s", (language) => {
  const texts = legal[language];

  it("has exactly the keys English has", () => {
    expect(keyPaths(texts)).toEqual(keyPaths(legal.en));
  });

  it.each([
    ["privacy", privacySectionKeys, 14],
    ["terms", termsSectionKeys, 15],
  ] as const)("%s has the spec's sections in order, each with a title and a body", (kind, keys, count) => {
    expect(Object.keys(texts[kind].sections)).toEqual([...keys]);
    const sections = readLegalSections(kind, texts[kind].sections);
    expect(sections).toHaveLength(count);
    for (const section of sections) {
      expect(section.title.trim(), `${kind}.${section.key}.title`).not.toBe("");
      expect(section.blocks.length, `${kind}.${section.key}.body`).toBeGreaterThan(0);
      for (const block of section.blocks) {
        const lines = typeof block === "string" ? [block] : block;
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(line.trim(), `${kind}.${section.key}`).not.toBe("");
      }
    }
  });

  it("has the same paragraphs, lists and links as English, translated", () => {
    for (const kind of ["privacy", "terms"] as const) {
      for (const [key, english] of Object.entries(legal.en[kind].sections)) {
        const translated = texts[kind].sections[key] as LegalSectionJson;
        const shape = (body: LegalSectionJson["body"]) =>
          body.map((block) => (typeof block === "string" ? "p" : block.length));
        expect({ key, shape: shape(translated.body) }).toEqual({ key, shape: shape(english.body) });
        const links = (body: LegalSectionJson["body"]) =>
          body
            .flat()
            .flatMap((line) => parseInlineMarkup(line).flatMap((token) => (token.type === "link" ? [token.href] : [])));
        expect({ key, links: links(translated.body) }).toEqual({ key, links: links(english.body) });
        if (language !== "en") {
          const englishLines = new Set(english.body.flat());
          expect(translated.body.flat().filter((line) => englishLines.has(line))).toEqual([]);
        }
      }
    }
  });

  it("states the spec's constants", () => {
    expect(sectionText(language, "terms", "eligibility")).toMatch(/\b18\b/);
    expect(sectionText(language, "privacy", "children")).toMatch(/\b16\b/);
    expect(sectionText(language, "privacy", "retention")).toMatch(/\b7\b/);
    expect(sectionText(language, "terms", "liability")).toMatch(/\b12\b/);
    const [law, country] = dutchLawWords[language];
    expect(sectionText(language, "terms", "governingLaw")).toMatch(law);
    expect(sectionText(language, "terms", "governingLaw")).toMatch(country);
    const price = new Intl.NumberFormat(toRegionalLocale(language), { minimumFractionDigits: 2 }).format(4.99);
    expect(sectionText(language, "terms", "subscriptions")).toContain(price);
    expect(sectionText(language, "privacy", "rights")).toContain("Autoriteit Persoonsgegevens");
    expect(sectionText(language, "privacy", "rights")).toContain("JSON");
  });

  it("links the terms' privacy section to /privacy", () => {
    const tokens = texts.terms.sections.privacyLink?.body.flat().flatMap(parseInlineMarkup) ?? [];
    expect(tokens).toContainEqual(expect.objectContaining({ type: "link", href: "/privacy" }));
  });
});

describe("formatLegalDate", () => {
  it("prints 15 December 2024 in each language's long format", () => {
    expect(formatLegalDate("2024-12-15", "en")).toBe("December 15, 2024");
    expect(formatLegalDate("2024-12-15", "nl")).toBe("15 december 2024");
    expect(formatLegalDate("2024-12-15", "de")).toBe("15. Dezember 2024");
    expect(formatLegalDate("2024-12-15", "fr")).toBe("15 décembre 2024");
    expect(formatLegalDate("2024-12-15", "es")).toBe("15 de diciembre de 2024");
    expect(formatLegalDate("2024-12-15", "pl")).toBe("15 grudnia 2024");
    expect(formatLegalDate("2024-12-15", "tr")).toBe("15 Aralık 2024");
    expect(formatLegalDate("2024-12-15", "ua")).toMatch(/^15 грудня 2024/);
  });
});

describe("readLegalSections", () => {
  it("keeps the fixed order whatever the translation object's order, and skips broken entries", () => {
    const sections = readLegalSections("privacy", {
      contact: { title: "Contact", body: ["Write to us."] },
      intro: { title: "Intro", body: ["Hello.", ["a", "b"], 3] },
      children: { title: 5, body: [] },
    });
    expect(sections.map((section) => section.key)).toEqual(["intro", "contact"]);
    expect(sections[0]?.blocks).toEqual(["Hello.", ["a", "b"]]);
    expect(readLegalSections("terms", "legal.terms.sections")).toEqual([]);
  });

  it("gives each section a kebab-case anchor", () => {
    expect(sectionAnchor("dataController")).toBe("data-controller");
    expect(sectionAnchor("intro")).toBe("intro");
  });
});
