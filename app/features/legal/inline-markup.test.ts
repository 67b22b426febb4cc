import { describe, expect, it } from "vitest";
import { parseInlineMarkup, toPlainText } from "./inline-markup";

describe("parseInlineMarkup", () => {
  it("splits links and emphasis out of plain text", () => {
    expect(parseInlineMarkup("**Access**: read our [Privacy Policy](/privacy) or mail [us](mailto:a@b.c).")).toEqual([
      { type: "strong", text: "Access" },
      { type: "text", text: ": read our " },
      { type: "link", text: "Privacy Policy", href: "/privacy" },
      { type: "text", text: " or mail " },
      { type: "link", text: "us", href: "mailto:a@b.c" },
      { type: "text", text: "." },
    ]);
  });

  it("leaves text without markup, and unmatched brackets, as one text token", () => {
    expect(parseInlineMarkup("Plain (text) with [brackets] and * stars")).toEqual([
      { type: "text", text: "Plain (text) with [brackets] and * stars" },
    ]);
  });

  it("gives the text a reader sees", () => {
    expect(toPlainText("See **this** [page](/terms).")).toBe("See this page.");
  });
});
