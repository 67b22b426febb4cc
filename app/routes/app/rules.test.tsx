// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { builtInCategory } from "~/domain/categories";
import { parseRuleForm, ruleFormValues } from "~/features/rules/rule.schema";
import { renderInApp } from "./app-frame.test-helpers";
import Rules from "./rules";

afterEach(cleanup);

const groceries = builtInCategory("groceries").id;
const everyday = "00000000-0000-4000-8000-00000000c001";
const savings = "00000000-0000-4000-8000-00000000c002";

const rules = [
  {
    id: "00000000-0000-4000-8000-00000000d001",
    position: -1,
    origin: "learned" as const,
    conditions: [{ field: "counterparty" as const, operator: "equals" as const, value: "CAFÉ NOIR" }],
    actions: { categoryId: builtInCategory("eatingOut").id },
  },
  {
    id: "00000000-0000-4000-8000-00000000d002",
    position: 0,
    origin: "manual" as const,
    conditions: [
      { field: "description" as const, operator: "contains" as const, value: "sparen" },
      { field: "amount" as const, operator: "between" as const, minMinor: 1_000, maxMinor: 50_000 },
    ],
    actions: { transferAccountId: savings, rename: "Sparen" },
  },
];

function renderRules({ canWrite = true, count = rules.length, max = 10 as number | null } = {}) {
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const parsed = parseRuleForm(ruleFormValues(await request.formData()), "en");
    return parsed.ok
      ? { ok: true, intent: "create", ruleId: "new", conditions: parsed.value.conditions }
      : { ok: false, intent: "create", fieldErrors: parsed.fieldErrors };
  });
  const loaderData = {
    rules,
    limit: { max, count, reached: max !== null && count >= max },
    canWrite,
    accounts: [
      { id: everyday, name: null, archived: false },
      { id: savings, name: "Savings", archived: false },
    ],
  };
  renderInApp([{ path: "rules", Component: Rules, loader: () => loaderData, action }], "/app/rules", { canWrite });
  return { action };
}

describe("the Rules screen", () => {
  it("reads each rule as a sentence, in order, the learned one marked", async () => {
    renderRules();
    expect(await screen.findByText("When counterparty is “CAFÉ NOIR” → Eating out")).toBeTruthy();
    expect(
      screen.getByText(
        "When description contains “sparen” and amount is between €10.00 and €500.00 → rename to “Sparen”, transfer to Savings",
      ),
    ).toBeTruthy();
    expect(screen.getAllByText("Learned")).toHaveLength(1);
  });

  it("shows a read-only partner the list without controls", async () => {
    renderRules({ canWrite: false });
    expect(await screen.findByText("When counterparty is “CAFÉ NOIR” → Eating out")).toBeTruthy();
    expect(screen.queryByText("New rule")).toBeNull();
    expect(screen.queryByText("Edit")).toBeNull();
    expect(screen.queryByRole("button", { name: /Move rule/ })).toBeNull();
    expect(screen.queryByText("Apply to existing entries")).toBeNull();
  });

  it("at the free plan's limit says so with an upgrade link instead of the form", async () => {
    renderRules({ count: 10 });
    expect(
      await screen.findByText(
        /The free plan keeps 10 rules of your own; what Samen remembers from your choices never counts/,
      ),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Upgrade" }).getAttribute("href")).toBe("/app/upgrade");
    expect(screen.queryByText("New rule")).toBeNull();
  });

  it("adds and removes condition rows, and posts them in order", async () => {
    const { action } = renderRules();
    const form = (await screen.findByText("New rule")).closest("details");
    if (!form) throw new Error("no form");
    fireEvent.click(screen.getAllByRole("button", { name: "Add a condition" })[0]!);
    fireEvent.click(screen.getAllByRole("button", { name: "Add a condition" })[0]!);
    fireEvent.click(screen.getAllByRole("button", { name: "Remove condition 2" })[0]!);
    const value = (label: string) => form.querySelector<HTMLInputElement>(`[aria-label="${label}"]`);
    fireEvent.change(value("Value (condition 1)")!, { target: { value: "Albert Heijn" } });
    fireEvent.change(form.querySelector(`[aria-label="What to look at (condition 2)"]`)!, {
      target: { value: "amount" },
    });
    fireEvent.change(value("Value (condition 2)")!, { target: { value: "12.50" } });
    fireEvent.change(form.querySelector("select[name=categoryId]")!, { target: { value: groceries } });
    fireEvent.click(screen.getByRole("button", { name: "Save rule" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(await action.mock.results[0]?.value).toMatchObject({
      ok: true,
      conditions: [
        { field: "counterparty", operator: "contains", value: "Albert Heijn" },
        { field: "amount", operator: "equals", amountMinor: 1_250 },
      ],
    });
  });
});
