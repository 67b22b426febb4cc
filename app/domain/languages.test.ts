import { describe, expect, it } from "vitest";
import { blogPathLanguage, fromLanguageTag, negotiateLanguage, switchBlogPathLanguage, toBcp47 } from "./languages";

describe("languages", () => {
  it("maps Ukrainian between the seed code and BCP 47", () => {
    expect(toBcp47("ua")).toBe("uk");
    expect(fromLanguageTag("uk-UA")).toBe("ua");
    expect(fromLanguageTag("ua")).toBe("ua");
    expect(fromLanguageTag("pt-BR")).toBeUndefined();
  });

  it("negotiates Accept-Language by quality, skipping unsupported tags", () => {
    expect(negotiateLanguage("pt-BR,pt;q=0.9,de;q=0.8,en;q=0.7")).toBe("de");
    expect(negotiateLanguage("en;q=0.5, nl")).toBe("nl");
    expect(negotiateLanguage("uk")).toBe("ua");
    expect(negotiateLanguage("ja")).toBeUndefined();
    expect(negotiateLanguage("")).toBeUndefined();
  });

  it("rewrites a blog path to another language, keeping the article part", () => {
    expect(switchBlogPathLanguage("/blog/x", "de")).toBe("/de/blog/x");
    expect(switchBlogPathLanguage("/de/blog/x", "en")).toBe("/blog/x");
    expect(switchBlogPathLanguage("/pl/blog", "ua")).toBe("/ua/blog");
    expect(switchBlogPathLanguage("/pricing", "de")).toBeUndefined();
    expect(switchBlogPathLanguage("/blogger", "de")).toBeUndefined();
  });

  it("reads the language of a blog path", () => {
    expect(blogPathLanguage("/blog")).toBe("en");
    expect(blogPathLanguage("/tr/blog/abc")).toBe("tr");
    expect(blogPathLanguage("/faq")).toBeUndefined();
  });
});
