import { describe, expect, it } from "vitest";
import { memberViewHref, readMemberView, viewedMember } from "./member-view";

const me = "0b6f8a52-1c1e-4c55-9d39-3a9a1b0c2d11";
const partner = "5e2d7c10-8f4b-4a0e-b1a2-6c3d4e5f6a7b";

describe("member views", () => {
  it("reads ours by default and for anything that is not a member id", () => {
    expect(readMemberView(null, me)).toBe("ours");
    expect(readMemberView("", me)).toBe("ours");
    expect(readMemberView("ours", me)).toBe("ours");
    expect(readMemberView("' or 1=1 --", me)).toBe("ours");
    expect(readMemberView("x".repeat(65), me)).toBe("ours");
  });

  it("reads mine, also when the address names the reader themselves", () => {
    expect(readMemberView("mine", me)).toBe("mine");
    expect(readMemberView(me, me)).toBe("mine");
  });

  it("reads another member's id as their view", () => {
    expect(readMemberView(partner, me)).toBe(partner);
  });

  it("keeps one member's entries, or everyone's for ours", () => {
    expect(viewedMember("ours", me)).toBeNull();
    expect(viewedMember("mine", me)).toBe(me);
    expect(viewedMember(partner, me)).toBe(partner);
  });

  it("links to another view keeping the month and filters but not the page position", () => {
    expect(memberViewHref("/app/expenses", "?month=2025-03&q=lidl&cursor=2025-03-01.x", "mine")).toBe(
      "/app/expenses?month=2025-03&q=lidl&view=mine",
    );
    expect(memberViewHref("/app/expenses", "?month=2025-03&view=mine", "ours")).toBe("/app/expenses?month=2025-03");
    expect(memberViewHref("/app", "", "ours")).toBe("/app");
  });
});
