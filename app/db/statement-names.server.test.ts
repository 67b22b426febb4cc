import { describe, expect, it } from "vitest";
import { StatementNames } from "./statement-names.server";

describe("StatementNames", () => {
  it("names a text from its second time on, always with the same name", () => {
    const names = new StatementNames();
    expect(names.nameOf("select 1")).toBeUndefined();
    const name = names.nameOf("select 1");
    expect(name).toMatch(/^samen_[0-9a-f]{32}$/);
    expect(names.nameOf("select 1")).toBe(name);
    expect(new StatementNames().nameOf("select 1")).toBeUndefined();
  });

  it("gives two texts two names, and the same text the same name in another process", () => {
    const one = new StatementNames();
    const other = new StatementNames();
    for (const names of [one, other]) {
      names.nameOf("select 1");
      names.nameOf("select 2");
    }
    expect(one.nameOf("select 1")).not.toBe(one.nameOf("select 2"));
    expect(one.nameOf("select 2")).toBe(other.nameOf("select 2"));
  });

  it("names at most `limit` texts and sends the rest unnamed", () => {
    const names = new StatementNames(3);
    const texts = ["select 1", "select 2", "select 3", "select 4"];
    for (const text of texts) names.nameOf(text);
    expect(texts.map((text) => names.nameOf(text) !== undefined)).toEqual([true, true, true, false]);
    expect(names.nameOf("select 4")).toBeUndefined();
  });

  it("forgets texts seen once when too many come by, so ever-new texts never grow it without end", () => {
    const names = new StatementNames(2);
    names.nameOf("select 0");
    for (let index = 1; index <= 8; index++) names.nameOf(`select ${index}`);
    // "select 0" was forgotten when the ninth text came: it starts again from its first time.
    expect(names.nameOf("select 0")).toBeUndefined();
    expect(names.nameOf("select 0")).toBeDefined();
  });
});
