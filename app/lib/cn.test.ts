import { describe, expect, it } from "vitest";
import { cn } from "./cn";

describe("cn", () => {
  it("lets a later utility of the same kind win", () => {
    expect(cn("h-10 px-4 py-2", "h-12")).toBe("px-4 py-2 h-12");
    expect(cn("bg-primary text-primary-foreground", "bg-card")).toBe("text-primary-foreground bg-card");
    expect(cn("text-sm text-muted-foreground", "text-base")).toBe("text-muted-foreground text-base");
    expect(cn("rounded-md", "rounded-full")).toBe("rounded-full");
    expect(cn("inline-flex", "hidden")).toBe("hidden");
  });

  it("keeps utilities of different kinds and different variants", () => {
    expect(cn("text-sm text-primary font-medium font-mono")).toBe("text-sm text-primary font-medium font-mono");
    expect(cn("h-10 md:h-12")).toBe("h-10 md:h-12");
    expect(cn("border border-input border-t-2")).toBe("border border-input border-t-2");
  });

  it("lets a shorthand replace earlier longhands but not the other way round", () => {
    expect(cn("px-4 py-2", "p-6")).toBe("p-6");
    expect(cn("p-6", "px-2")).toBe("p-6 px-2");
    expect(cn("w-4 h-4", "size-6")).toBe("size-6");
  });

  it("accepts conditional values and drops duplicates", () => {
    const hidden: boolean = Number("0") === 1;
    expect(cn("a", hidden && "b", undefined, ["c", { d: true, e: false }], "a")).toBe("c d a");
  });
});
