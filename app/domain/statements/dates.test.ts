import { describe, expect, it } from "vitest";
import { detectDateFormat, parseStatementDate } from "./dates";

describe("statement dates", () => {
  it.each([
    ["31-12-2026", "DD-MM-YYYY"],
    ["31.12.2026", "DD.MM.YYYY"],
    ["2026-12-31", "YYYY-MM-DD"],
    ["12/31/2026", "MM/DD/YYYY"],
    ["20261231", "YYYYMMDD"],
    ["31.12.26", "DD.MM.YY"],
  ] as const)("reads %s as %s", (text, format) => {
    expect(parseStatementDate(text, format)).toBe("2026-12-31");
  });

  it("refuses days that do not exist", () => {
    expect(parseStatementDate("31.02.2026", "DD.MM.YYYY")).toBeUndefined();
    expect(parseStatementDate("29.02.2028", "DD.MM.YYYY")).toBe("2028-02-29");
  });

  it("detects a column's convention, day first unless a value rules it out", () => {
    expect(detectDateFormat(["01/02/2026", "15/02/2026"])).toBe("DD/MM/YYYY");
    expect(detectDateFormat(["01/02/2026", "12/31/2026"])).toBe("MM/DD/YYYY");
    expect(detectDateFormat(["2026-01-05T00:00:00", "2026-01-06"])).toBe("YYYY-MM-DD");
    expect(detectDateFormat(["20260105", "20260131"])).toBe("YYYYMMDD");
    expect(detectDateFormat(["yesterday"])).toBeUndefined();
    expect(detectDateFormat([])).toBeUndefined();
  });
});
