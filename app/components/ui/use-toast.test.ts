import { afterEach, describe, expect, it, vi } from "vitest";
import { dismissToast, getToasts, showToast, toastRemoveDelayMs } from "./use-toast";

describe("single-toast store", () => {
  afterEach(() => vi.useRealTimers());

  it("shows only the newest toast", () => {
    showToast({ title: "one" });
    showToast({ title: "two" });
    expect(getToasts().map((t) => t.title)).toEqual(["two"]);
  });

  it("closes a dismissed toast at once and removes it after 1,000,000 ms", () => {
    vi.useFakeTimers();
    const id = showToast({ title: "three" });
    dismissToast(id);
    expect(getToasts()).toEqual([expect.objectContaining({ id, open: false })]);
    vi.advanceTimersByTime(toastRemoveDelayMs - 1);
    expect(getToasts()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(getToasts()).toHaveLength(0);
  });
});
