import { describe, expect, it } from "vitest";
import { csvAmount, csvDelimiter, csvLine, csvQuote, csvText } from "./csv";

describe("CSV", () => {
  it("quotes fields holding the delimiter, quotes or line breaks, and doubles inner quotes (RFC 4180)", () => {
    expect(csvQuote("plain", ",")).toBe("plain");
    expect(csvQuote("a,b", ",")).toBe('"a,b"');
    expect(csvQuote("a,b", ";")).toBe("a,b");
    expect(csvQuote("a;b", ";")).toBe('"a;b"');
    expect(csvQuote('say "hi"', ",")).toBe('"say ""hi"""');
    expect(csvQuote("two\nlines", ",")).toBe('"two\nlines"');
    expect(csvQuote("cr\rhere", ",")).toBe('"cr\rhere"');
  });

  it("neutralises text that a spreadsheet would run as a formula", () => {
    expect(csvText('=HYPERLINK("http://x")', ",")).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvText("+31 6 1234", ",")).toBe("'+31 6 1234");
    expect(csvText("-5 discount", ",")).toBe("'-5 discount");
    expect(csvText("@home", ",")).toBe("'@home");
    expect(csvText("Rent", ",")).toBe("Rent");
  });

  it("writes amounts with the chosen decimal separator and no grouping", () => {
    expect(csvAmount(123456, ".")).toBe("1234.56");
    expect(csvAmount(123456, ",")).toBe("1234,56");
    expect(csvAmount(-5, ",")).toBe("-0,05");
    expect(csvAmount(100, ".")).toBe("1.00");
    expect(csvAmount(99_999_999_999, ".")).toBe("999999999.99");
  });

  it("pairs a comma decimal with semicolons, and ends lines with CRLF", () => {
    expect(csvDelimiter(",")).toBe(";");
    expect(csvDelimiter(".")).toBe(",");
    expect(csvLine(["a", "b"], ";")).toBe("a;b\r\n");
  });
});
