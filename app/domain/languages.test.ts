import { describe, expect, it } from "vitest";
import {
  blogPathLanguage,
  fromLanguageTag,
  languageSwitchPath,
  negotiateLanguage,
  switchBlogPathLanguage,
  toBcp47,
} from "./languages";

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

  it("links a language switch back to the same page, or the same article under the new blog prefix", () => {
    expect(languageSwitchPath("de", { pathname: "/faq", search: "" })).toBe("/language/de?to=%2Ffaq");
    expect(languageSwitchPath("nl", { pathname: "/pricing", search: "?plan=premium" })).toBe(
      "/language/nl?to=%2Fpricing%3Fplan%3Dpremium",
    );
    expect(languageSwitchPath("ua", { pathname: "/de/blog/calm-money", search: "" })).toBe(
      "/language/ua?to=%2Fua%2Fblog%2Fcalm-money",
    );
    expect(languageSwitchPath("en", { pathname: "/pl/blog", search: "" })).toBe("/language/en?to=%2Fblog");
  });
});
