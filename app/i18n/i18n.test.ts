import { describe, expect, it } from "vitest";
import type { UntypedTranslations } from "./keys";
import { Translator } from "./translator";

describe("translator", () => {
  it("falls back to English, then to the key itself", () => {
    const i18n = new Translator<UntypedTranslations>({
      language: "de",
      resources: { en: { common: { onlyEnglish: "Only English", both: "Both" } }, de: { common: { both: "Beide" } } },
    });
    expect(i18n.t("both")).toBe("Beide");
    expect(i18n.t("onlyEnglish")).toBe("Only English");
    expect(i18n.t("nowhere.atAll")).toBe("nowhere.atAll");
  });

  it("looks in the given namespace, then in common; a prefix picks the namespace", () => {
    const i18n = new Translator<UntypedTranslations>({
      language: "en",
      resources: { en: { common: { shared: "Shared", title: "Common title" }, auth: { title: "Sign in" } } },
    });
    const t = i18n.getFixedT("en", "auth");
    expect(t("title")).toBe("Sign in");
    expect(t("shared")).toBe("Shared");
    expect(t("common:title")).toBe("Common title");
    expect(i18n.t("auth:title")).toBe("Sign in");
  });

  it("fills placeholders, nested values included, and leaves nothing of a missing one", () => {
    const i18n = new Translator<UntypedTranslations>({
      language: "en",
      resources: { en: { common: { hello: "Hello {{name}}, {{ user.city }}{{missing}}!" } } },
    });
    expect(i18n.t("hello", { name: "Anna", user: { city: "Utrecht" } })).toBe("Hello Anna, Utrecht!");
  });

  it("chooses the language's plural form when one exists, else the plain key", () => {
    const i18n = new Translator<UntypedTranslations>({
      language: "pl",
      resources: {
        pl: {
          common: {
            files_one: "{{count}} plik",
            files_few: "{{count}} pliki",
            files_many: "{{count}} plików",
            minutes: "{{count}} min",
          },
        },
      },
    });
    expect(i18n.t("files", { count: 1 })).toBe("1 plik");
    expect(i18n.t("files", { count: 3 })).toBe("3 pliki");
    expect(i18n.t("files", { count: 5 })).toBe("5 plików");
    expect(i18n.t("minutes", { count: 5 })).toBe("5 min");
  });

  it("returns subtrees only when asked", () => {
    const i18n = new Translator<UntypedTranslations>({
      language: "en",
      resources: { en: { legal: { sections: [{ title: "One" }] } } },
    });
    const t = i18n.getFixedT("en", "legal");
    expect(t("sections", { returnObjects: true })).toEqual([{ title: "One" }]);
    expect(t("sections")).toBe("sections");
  });

  it("loads a missing namespace once, then switches language with every used namespace ready", async () => {
    const loads: string[] = [];
    const i18n = new Translator<UntypedTranslations>({
      language: "en",
      resources: { en: { common: { hi: "Hi" } } },
      fallbackLanguage: null,
      loadNamespace: async (language, namespace) => {
        loads.push(`${language}/${namespace}`);
        return { hi: `${language} ${namespace}` };
      },
    });
    const first = i18n.ensure("en", ["blog"]);
    expect(i18n.ensure("en", ["blog"])).toBe(first);
    await first;
    // A render that suspended on it is replayed with the same promise, now settled; a list nobody waited for is null.
    expect(i18n.ensure("en", ["blog"])).toBe(first);
    expect(first).toMatchObject({ status: "fulfilled" });
    expect(i18n.ensure("en", ["common"])).toBeNull();
    let notified = 0;
    i18n.subscribe(() => notified++);
    await i18n.changeLanguage("de");
    expect(i18n.language).toBe("de");
    expect(notified).toBe(1);
    expect(loads.sort()).toEqual(["de/blog", "de/common", "en/blog"]);
    expect(i18n.getFixedT("de", "blog")("hi")).toBe("de blog");
  });
});
