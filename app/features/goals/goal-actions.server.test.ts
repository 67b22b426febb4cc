import { describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import type * as SessionModule from "~/features/auth/session.server";
import { postAs } from "~/features/household/signed-in.test-helpers";
import { addPartner, seedGoal, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { handleGoalAction } from "./goal-actions.server";
import { listGoals } from "./goals.server";

vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
}));

useTestDatabase();

const post = (user: { id: string; email: string; name: string }, fields: Record<string, string>) =>
  postAs(user, "/app/goals", fields);

describe("handleGoalAction", () => {
  it("creates a goal the household then lists", async () => {
    const { owner, household } = await seedHousehold();
    const answer = await handleGoalAction(
      post(owner, { intent: "create", householdId: household.id, name: "Holiday", target: "1200" }),
    );
    expect(answer).toMatchObject({
      init: { status: 200 },
      data: { ok: true, intent: "create", goalId: expect.any(String) },
    });
    const { goals } = await listGoals({ userId: owner.id, householdId: household.id, today: "2025-03-10" });
    expect(goals).toEqual([expect.objectContaining({ name: "Holiday", targetMinor: 120000 })]);
  });

  it("returns a message per field for a goal without a name and a target of zero", async () => {
    const { owner, household } = await seedHousehold();
    const answer = await handleGoalAction(
      post(owner, { intent: "create", householdId: household.id, name: " ", target: "0" }),
    );
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        intent: "create",
        fieldErrors: { name: "errors.goalName.required", target: "errors.amount.notPositiveTarget" },
      },
    });
  });

  it("adds money to a goal", async () => {
    const { owner, household } = await seedHousehold();
    const goal = await seedGoal({ householdId: household.id, name: "Buffer", targetMinor: 50000 });
    const answer = await handleGoalAction(
      post(owner, {
        intent: "contribute",
        householdId: household.id,
        goalId: goal.id,
        direction: "add",
        amount: "100",
      }),
    );
    expect(answer).toMatchObject({
      data: { ok: true, intent: "contribute", goalId: goal.id, amountMinor: 10000, reached: false },
    });
  });

  it("refuses an unknown intent as a form message", async () => {
    const { owner, household } = await seedHousehold();
    expect(await handleGoalAction(post(owner, { intent: "explode", householdId: household.id }))).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { form: "errors.form.invalid" } },
    });
  });

  it("answers a stranger changing someone else's goal with a 404, and changes nothing", async () => {
    const { owner, household } = await seedHousehold();
    const goal = await seedGoal({ householdId: household.id, name: "Buffer", targetMinor: 50000 });
    const stranger = await seedUser();
    await expect(
      handleGoalAction(post(stranger, { intent: "archive", householdId: household.id, goalId: goal.id })),
    ).rejects.toMatchObject({ init: { status: 404 } });
    const { goals } = await listGoals({ userId: owner.id, householdId: household.id, today: "2025-03-10" });
    expect(goals).toEqual([expect.objectContaining({ id: goal.id, archived: false })]);
  });

  it("tells a read-only partner the household is not theirs to change", async () => {
    const { household } = await seedHousehold();
    await seedPremium(household.id);
    const partner = await seedUser();
    await addPartner({ householdId: household.id, userId: partner.id });
    const answer = await handleGoalAction(
      post(partner, { intent: "create", householdId: household.id, name: "Holiday", target: "1200" }),
    );
    expect(answer).toMatchObject({
      init: { status: 403 },
      data: { ok: false, fieldErrors: { form: "errors.readOnly" } },
    });
  });
});
