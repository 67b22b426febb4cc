import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { maxSearchLength, parseEntrySearch } from "./entry-search";

describe("parseEntrySearch", () => {
  it.each([
    ["albert heijn", "nl", { text: "albert heijn", minMinor: null, maxMinor: null }],
    ["12,50", "nl", { text: "", minMinor: 1250, maxMinor: 1250 }],
    ["12.50", "en", { text: "", minMinor: 1250, maxMinor: 1250 }],
    ["huur >100", "nl", { text: "huur", minMinor: 10_000, maxMinor: null }],
    ["<20 koffie", "de", { text: "koffie", minMinor: null, maxMinor: 2_000 }],
    ["50-20", "en", { text: "", minMinor: 2_000, maxMinor: 5_000 }],
    ["1.234,56", "de", { text: "", minMinor: 123_456, maxMinor: 123_456 }],
    // Not amounts: words that merely hold digits, and a hyphenated name.
    ["AH-to-go", "nl", { text: "AH-to-go", minMinor: null, maxMinor: null }],
    ["PIT-37", "pl", { text: "PIT-37", minMinor: null, maxMinor: null }],
  ] as const)("%s (%s)", (input, language, expected) => {
    expect(parseEntrySearch(input, language)).toEqual(expected);
  });

  it("reads any text, and no more of it than a search holds", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 1000 }), (input) => {
        const search = parseEntrySearch(input, "en");
        expect(search.text.length).toBeLessThanOrEqual(maxSearchLength);
        if (search.minMinor !== null && search.maxMinor !== null)
          expect(search.minMinor).toBeLessThanOrEqual(search.maxMinor);
      }),
    );
  });
});
