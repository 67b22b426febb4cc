// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseGoalForm } from "~/features/goals/goal.schema";
import { postedValues, renderInApp } from "./app-frame.test-helpers";
import Goals from "./goals";

afterEach(cleanup);

const loaderData = {
  goals: [],
  canCreate: true,
  canUseDeadline: true,
  accounts: [{ id: "00000000-0000-4000-8000-00000000a001", name: null, kind: "checking" }],
  history: [],
};

/** The goals page with an action that validates like the real one (the same schema) and saves nothing. */
function renderGoals(saved: { goalId: string } | null = { goalId: "00000000-0000-4000-8000-00000000b001" }) {
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const values = await postedValues(request);
    const parsed = parseGoalForm(values, "en");
    if (!parsed.ok) return { ok: false, intent: values.intent, fieldErrors: parsed.fieldErrors };
    return saved
      ? { ok: true, intent: values.intent, goalId: saved.goalId }
      : { ok: false, intent: values.intent, fieldErrors: { form: "errors.readOnly" } };
  });
  renderInApp([{ path: "goals", Component: Goals, loader: () => loaderData, action }], "/app/goals");
  return { action };
}

async function submitGoal(fields: { name: string; target: string }) {
  fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: fields.name } });
  fireEvent.change(screen.getByLabelText(/^Target/), { target: { value: fields.target } });
  fireEvent.click(screen.getByRole("button", { name: "Create goal" }));
}

describe("the goal form", () => {
  it("shows what is wrong beside each field when a goal has no name and no target", async () => {
    const { action } = renderGoals();
    await submitGoal({ name: "", target: "" });
    expect(await screen.findByText("Give your goal a name.")).toBeTruthy();
    expect(screen.getByText("Please enter an amount.")).toBeTruthy();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("names the target when it is not more than zero", async () => {
    renderGoals();
    await submitGoal({ name: "Holiday", target: "0" });
    expect(await screen.findByText("The target must be more than zero.")).toBeTruthy();
  });

  it("empties the form once the goal is saved", async () => {
    const { action } = renderGoals();
    await submitGoal({ name: "Holiday", target: "1200" });
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveProperty("value", ""));
    expect(screen.queryByText("Give your goal a name.")).toBeNull();
  });

  it("shows a refusal of the whole form (a read-only partner)", async () => {
    renderGoals(null);
    await submitGoal({ name: "Holiday", target: "1200" });
    expect(
      await screen.findByText("You can view this household, but not change it. Its owner decides who may edit."),
    ).toBeTruthy();
  });
});
