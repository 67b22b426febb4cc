import { describe, expect, it } from "vitest";
import { cardExcerpt, toParagraphs } from "./blog-article";
import { formatLongDate, languageDisplayName } from "./blog-format";

describe("blog formatting", () => {
  it("writes long dates in the spec's regional locales", () => {
    const iso = "2025-03-07T23:30:00.000Z";
    expect(formatLongDate(iso, "en")).toBe("March 7, 2025");
    expect(formatLongDate(iso, "de")).toBe("7. März 2025");
    expect(formatLongDate(iso, "nl")).toBe("7 maart 2025");
    expect(formatLongDate(iso, "fr")).toBe("7 mars 2025");
    expect(formatLongDate(iso, "es")).toBe("7 de marzo de 2025");
    expect(formatLongDate(iso, "pl")).toBe("7 marca 2025");
    expect(formatLongDate(iso, "tr")).toBe("7 Mart 2025");
    expect(formatLongDate(iso, "ua")).toMatch(/^7 березня 2025/);
  });

  it("names languages in the reader's language", () => {
    expect(languageDisplayName("de", "en")).toBe("German");
    expect(languageDisplayName("ua", "nl")).toBe("Oekraïens");
    expect(languageDisplayName("en", "de")).toBe("Englisch");
  });

  it("falls back to the first 150 characters and an ellipsis without an excerpt", () => {
    const content = `${"a".repeat(100)}\n${"b".repeat(100)}`;
    expect(cardExcerpt({ excerpt: null, content })).toBe(`${"a".repeat(100)} ${"b".repeat(49)}…`);
    expect(cardExcerpt({ excerpt: "  ", content: "Short." })).toBe("Short.…");
    expect(cardExcerpt({ excerpt: " Own words ", content })).toBe("Own words");
  });

  it("splits content at line breaks into paragraphs, dropping blank lines", () => {
    expect(toParagraphs("One.\r\n\r\nTwo.\n   \nThree <b>bold</b>")).toEqual(["One.", "Two.", "Three <b>bold</b>"]);
  });
});
