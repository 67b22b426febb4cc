import { describe, expect, it } from "vitest";
import { retryAfterHeaders } from "./retry-after-headers";

const empty = new Headers();

describe("retryAfterHeaders", () => {
  it("passes the action's Retry-After on, next to the parent's headers", () => {
    const headers = new Headers(
      retryAfterHeaders({
        actionHeaders: new Headers({ "Retry-After": "120" }),
        loaderHeaders: empty,
        parentHeaders: new Headers({ "X-Parent": "1" }),
        errorHeaders: undefined,
      }),
    );
    expect(headers.get("retry-after")).toBe("120");
    expect(headers.get("x-parent")).toBe("1");
  });

  it("adds nothing when no Retry-After was set", () => {
    const headers = new Headers(
      retryAfterHeaders({ actionHeaders: empty, loaderHeaders: empty, parentHeaders: empty, errorHeaders: undefined }),
    );
    expect(headers.has("retry-after")).toBe(false);
  });
});
