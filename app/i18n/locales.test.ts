import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { languages, toBcp47 } from "~/domain/languages";

const localesDir = path.join(import.meta.dirname, "locales");

function flatten(value: unknown, prefix = ""): string[] {
  if (value && typeof value === "object" && !Array.isArray(value)) {
    return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
  }
  return [prefix];
}

function keysOf(language: string): Map<string, string[]> {
  const dir = path.join(localesDir, language);
  const result = new Map<string, string[]>();
  if (!fs.existsSync(dir)) return result;
  for (const file of fs.readdirSync(dir).filter((name) => name.endsWith(".json"))) {
    result.set(file, flatten(JSON.parse(fs.readFileSync(path.join(dir, file), "utf8"))).sort());
  }
  return result;
}

function leafValues(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(leafValues);
  return [];
}

const english = keysOf("en");

describe("translations", () => {
  for (const language of languages.filter((l) => l !== "en")) {
    it(`${language} has exactly the keys English has`, () => {
      const other = keysOf(language);
      expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
      for (const [file, keys] of english) {
        const theirs = other.get(file) ?? [];
        expect({ file, missing: keys.filter((k) => !theirs.includes(k)) }).toEqual({ file, missing: [] });
        // A language with more plural forms than English (Polish and Ukrainian: few, many) may add them beside a key
        // English writes as _one / _other; the translator picks them through Intl.PluralRules.
        const categories = new Intl.PluralRules(toBcp47(language)).resolvedOptions().pluralCategories as string[];
        const pluralForm = (key: string) => {
          const match = /^(.*)_(zero|one|two|few|many|other)$/.exec(key);
          return match !== null && categories.includes(match[2]!) && keys.includes(`${match[1]}_other`);
        };
        expect({ file, extra: theirs.filter((k) => !keys.includes(k) && !pluralForm(k)) }).toEqual({ file, extra: [] });
      }
    });
  }

  it("keeps interpolation placeholders in every language", () => {
    for (const language of languages) {
      for (const file of english.keys()) {
        const read = (lang: string) => JSON.parse(fs.readFileSync(path.join(localesDir, lang, file), "utf8"));
        const en = read("en");
        const theirs = read(language);
        const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]).sort();
        for (const key of flatten(en)) {
          const get = (obj: unknown) =>
            key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)?.[k], obj);
          const source = get(en);
          const target = get(theirs);
          if (typeof source === "string" && typeof target === "string") {
            expect({ language, file, key, placeholders: placeholders(target) }).toEqual({
              language,
              file,
              key,
              placeholders: placeholders(source),
            });
          }
        }
      }
    }
  });

  it("has no empty strings", () => {
    for (const language of languages) {
      for (const file of english.keys()) {
        const content = JSON.parse(fs.readFileSync(path.join(localesDir, language, file), "utf8"));
        expect(leafValues(content).filter((text) => text.trim() === "")).toEqual([]);
      }
    }
  });
});
