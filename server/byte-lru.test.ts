import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ByteLru } from "./byte-lru";

describe("a byte-bounded LRU", () => {
  it("forgets the least recently used first once the bytes run out", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A", 40);
    lru.set("b", "B", 40);
    expect(lru.get("a")).toBe("A"); // a is now the most recently used
    lru.set("c", "C", 40);
    expect(lru.get("b")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
    expect(lru.get("c")).toBe("C");
    expect(lru.bytes).toBe(80);
  });

  it("never keeps a value larger than the whole bound", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A", 50);
    lru.set("huge", "H", 101);
    expect(lru.get("huge")).toBeUndefined();
    expect(lru.get("a")).toBe("A");
  });

  it("counts a replaced key's bytes once", () => {
    const lru = new ByteLru<string>(100);
    lru.set("a", "A", 30);
    lru.set("a", "A2", 50);
    expect(lru.bytes).toBe(50);
    expect(lru.values()).toEqual(["A2"]);
    lru.delete("a");
    expect([lru.bytes, lru.values()]).toEqual([0, []]);
  });

  it("stays within its bound and counts exactly what it holds, whatever happens", () => {
    const operation = fc.oneof(
      fc.record({
        kind: fc.constant("set" as const),
        key: fc.integer({ min: 0, max: 20 }),
        bytes: fc.integer({ min: 0, max: 150 }),
      }),
      fc.record({ kind: fc.constant("get" as const), key: fc.integer({ min: 0, max: 20 }) }),
      fc.record({ kind: fc.constant("delete" as const), key: fc.integer({ min: 0, max: 20 }) }),
    );
    fc.assert(
      fc.property(fc.array(operation, { maxLength: 200 }), (operations) => {
        // Each value is its own weight, so the sum of the values is what the LRU must count.
        const lru = new ByteLru<number>(100);
        for (const op of operations) {
          const key = String(op.key);
          if (op.kind === "set") {
            lru.set(key, op.bytes, op.bytes);
            if (op.bytes <= 100) expect(lru.get(key)).toBe(op.bytes);
          } else if (op.kind === "get") lru.get(key);
          else lru.delete(key);
          expect(lru.bytes).toBeLessThanOrEqual(100);
          expect(lru.bytes).toBe(lru.values().reduce((sum, value) => sum + value, 0));
        }
      }),
    );
  });
});
