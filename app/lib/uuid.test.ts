import { describe, expect, it } from "vitest";
import { isUuid, uuidv7 } from "./uuid";

describe("uuidv7", () => {
  it("is a well-formed version 7 UUID", () => {
    const id = uuidv7();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe("7");
    expect("89ab").toContain(id[19]);
  });
  it("sorts by creation, also within one millisecond", () => {
    const ids = Array.from({ length: 500 }, () => uuidv7(1_700_000_000_000));
    expect([...ids].sort()).toEqual(ids);
    expect(uuidv7(1_700_000_000_001) > (ids.at(-1) as string)).toBe(true);
  });
  it("carries the Unix milliseconds in its first 48 bits", () => {
    const at = 1_900_000_000_123;
    expect(uuidv7(at).replaceAll("-", "").slice(0, 12)).toBe(at.toString(16).padStart(12, "0"));
  });
});
