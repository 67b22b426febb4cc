import { describe, expect, it } from "vitest";
import { fallbackSlug, isWellFormedSlug, maxSlugLength, slugify, uniqueSlug } from "./slugs";

describe("slugify", () => {
  it("lower-cases English words and joins them with hyphens", () => {
    expect(slugify("Budgeting as a Couple: 5 Tips That Work!")).toBe("budgeting-as-a-couple-5-tips-that-work");
  });

  it("writes Polish, German and Turkish letters as plain Latin ones", () => {
    expect(slugify("Łódź i złoty budżet")).toBe("lodz-i-zloty-budzet");
    expect(slugify("Große Straße")).toBe("grosse-strasse");
    expect(slugify("Aylık bütçe: ışık, şeker, ğ, çay, öğrenci, üç")).toBe("aylik-butce-isik-seker-g-cay-ogrenci-uc");
    expect(slugify("İstanbul'da yaşam")).toBe("istanbulda-yasam");
  });

  it("strips accents from French, Spanish and Dutch titles", () => {
    expect(slugify("Économiser à deux, ça s'apprend")).toBe("economiser-a-deux-ca-sapprend");
    expect(slugify("Año nuevo, presupuesto en pareja")).toBe("ano-nuevo-presupuesto-en-pareja");
    expect(slugify("Geld besparen met één rekening")).toBe("geld-besparen-met-een-rekening");
    expect(slugify("Ærlig økonomi og café crème")).toBe("aerlig-okonomi-og-cafe-creme");
  });

  it("transliterates Ukrainian Cyrillic with the national system", () => {
    expect(slugify("Бюджет для студентів")).toBe("biudzhet-dlia-studentiv");
    expect(slugify("Як заощадити гроші")).toBe("yak-zaoshchadyty-hroshi");
    expect(slugify("Ґанок і їжа")).toBe("ganok-i-yizha");
    expect(slugify("Юрій, Євген та Яна")).toBe("yurii-yevhen-ta-yana");
    expect(slugify("Згода сім'ї")).toBe("zghoda-simi");
  });

  it("drops emoji and punctuation", () => {
    expect(slugify("💰 Save money 🎉 now!!!")).toBe("save-money-now");
    expect(slugify("  --Hello,   world--  ")).toBe("hello-world");
  });

  it("falls back when a title has no letters or digits", () => {
    expect(slugify("💶💶💶")).toBe(fallbackSlug);
    expect(slugify("?!… —")).toBe(fallbackSlug);
    expect(slugify("")).toBe(fallbackSlug);
  });

  it("keeps digits-only titles", () => {
    expect(slugify("2025")).toBe("2025");
  });

  it("cuts long titles at a word boundary", () => {
    const slug = slugify("budget ".repeat(40));
    expect(slug.length).toBeLessThanOrEqual(maxSlugLength);
    expect(slug.endsWith("-")).toBe(false);
    expect(slug.split("-").every((word) => word === "budget")).toBe(true);
    expect(slugify("a".repeat(200))).toHaveLength(maxSlugLength);
  });

  it("always produces a well-formed slug", () => {
    for (const title of ["Ça va?", "Бюджет", "🙂", "x".repeat(300), "Ünïcödé  -- test"]) {
      expect(isWellFormedSlug(slugify(title))).toBe(true);
    }
  });
});

describe("uniqueSlug", () => {
  it("returns the base when free", () => {
    expect(uniqueSlug("budget", [])).toBe("budget");
  });

  it("adds -2, -3 … for clashes", () => {
    expect(uniqueSlug("budget", ["budget"])).toBe("budget-2");
    expect(uniqueSlug("budget", ["budget", "budget-2", "budget-3"])).toBe("budget-4");
    expect(uniqueSlug("budget", ["budget", "budget-3"])).toBe("budget-2");
  });
});

describe("isWellFormedSlug", () => {
  it("refuses anything a generated slug cannot be", () => {
    expect(isWellFormedSlug("budget-tips")).toBe(true);
    expect(isWellFormedSlug("")).toBe(false);
    expect(isWellFormedSlug("   ")).toBe(false);
    expect(isWellFormedSlug("Budget")).toBe(false);
    expect(isWellFormedSlug("a--b")).toBe(false);
    expect(isWellFormedSlug("../etc")).toBe(false);
  });
});
