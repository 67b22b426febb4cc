import { describe, expect, it } from "vitest";
import { can, planLimits, plans } from "./plans";

describe("plan check", () => {
  it("answers for every plan and feature (the plans issue decides the split)", () => {
    for (const plan of plans) {
      expect(can(plan, "transactions.track")).toBe(true);
      expect(can(plan, "dashboard.view")).toBe(true);
      expect(planLimits(plan)).toHaveProperty("maxActiveGoals");
    }
  });
});
