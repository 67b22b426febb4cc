import { describe, expect, it } from "vitest";
import { dateFormat, listFormat, numberFormat, relativeTimeFormat } from "./intl-formats";

describe("Intl formatters kept per language", () => {
  it("hands out one formatter per language and options, built in that language", () => {
    const percent = numberFormat("de", { style: "percent" });
    expect(numberFormat("de", { style: "percent" })).toBe(percent);
    expect(numberFormat("nl", { style: "percent" })).not.toBe(percent);
    expect(numberFormat("de", { style: "percent", maximumFractionDigits: 1 })).not.toBe(percent);
    expect(percent.format(0.25)).toBe("25\u00a0%");
    expect(relativeTimeFormat("ua", { numeric: "auto" }).format(-1, "day")).toBe("учора");
    expect(listFormat("nl", { type: "conjunction" }).format(["Lotte", "Daan", "Sam"])).toBe("Lotte, Daan en Sam");
  });

  it("reads calendar days in UTC unless told otherwise", () => {
    const day = new Date("2026-03-01T00:00:00Z");
    expect(dateFormat("en", { day: "numeric" }).format(day)).toBe("1");
    expect(dateFormat("en", { day: "numeric", timeZone: "Pacific/Honolulu" }).format(day)).toBe("28");
  });
});
