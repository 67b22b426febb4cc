import { describe, expect, expectTypeOf, it } from "vitest";
import { serverTranslator } from "./resources.server";
import { Translator, type TFunction } from "./translator";

// The `@ts-expect-error` lines are the test: `npm run typecheck` fails if any of them stops being an error.
describe("translation keys are checked against the English files", () => {
  const t = serverTranslator("en").getFixedT("en", "app");

  it("accepts the namespace's keys, common's keys and another namespace's keys by prefix", () => {
    expect(t("dashboard.title")).toBe("Dashboard");
    expect(t("actions.close")).toBe("Close");
    expect(t("common:badInput.title")).toBe("We couldn't accept that");
    const code = "INVALID_INPUT" as "INVALID_INPUT" | "INPUT_TOO_LARGE";
    expect(t(`common:badInput.${code}`)).toContain("not right");
  });

  it("refuses a key no English file has", () => {
    // @ts-expect-error -- app.json has no such key: a typo fails the type check instead of showing the key
    expect(t("dashboard.titel")).toBe("dashboard.titel");
    // @ts-expect-error -- a prefix checks against that namespace alone
    expect(t("auth:dashboard.title")).toBe("dashboard.title");
    // @ts-expect-error -- another namespace's key needs its prefix
    t("privacy.title");
    const code = "INVALID_INPUT" as "INVALID_INPUT" | "NO_SUCH_CODE";
    // @ts-expect-error -- every member of a union of keys must exist
    t(`common:badInput.${code}`);
    // @ts-expect-error -- a plain string could be anything
    t(String(code));
  });

  it("returns a subtree only for a subtree key and `returnObjects`", () => {
    const legal = serverTranslator("en").getFixedT("en", "legal");
    expectTypeOf(legal("privacy.sections", { returnObjects: true })).toBeUnknown();
    expect(legal("privacy.sections", { returnObjects: true })).toBeTypeOf("object");
    // @ts-expect-error -- without `returnObjects` a subtree is not a string
    legal("privacy.sections");
    // @ts-expect-error -- no such subtree
    legal("privacy.chapters", { returnObjects: true });
  });

  it("takes a plural family's base key with a count", () => {
    const plural = new Translator<{ common: { items_one: string; items_other: string } }>({
      language: "en",
      resources: { en: { common: { items_one: "{{count}} item", items_other: "{{count}} items" } } },
    });
    expectTypeOf(plural.t).toEqualTypeOf<TFunction<"common", { common: { items_one: string; items_other: string } }>>();
    expect(plural.t("items", { count: 1 })).toBe("1 item");
    expect(plural.t("items", { count: 2 })).toBe("2 items");
    // @ts-expect-error -- without a count no plural form is chosen
    plural.t("items");
    // @ts-expect-error -- no `things_other`
    plural.t("things", { count: 2 });
  });
});
