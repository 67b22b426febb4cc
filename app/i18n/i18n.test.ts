import { describe, expect, it } from "vitest";
import { createI18n } from "./i18n";

describe("i18n fallbacks", () => {
  it("falls back to English, then to the key itself", async () => {
    const i18n = await createI18n({
      language: "de",
      namespaces: ["common"],
      resources: { en: { common: { onlyEnglish: "Only English", both: "Both" } }, de: { common: { both: "Beide" } } },
    });
    expect(i18n.t("both")).toBe("Beide");
    expect(i18n.t("onlyEnglish")).toBe("Only English");
    expect(i18n.t("nowhere.atAll")).toBe("nowhere.atAll");
  });
});
