// @vitest-environment happy-dom
import { cleanup, fireEvent, screen } from "@testing-library/react";
import { redirect } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { defaultCategoryId } from "~/domain/categories";
import { parseTransactionForm } from "~/features/entries/transaction.schema";
import { householdId, postedValues, renderInApp } from "./app-frame.test-helpers";
import NewTransaction from "./transaction-new";

afterEach(cleanup);

const loaderData = { kind: "expense" as const, today: "2025-03-10", redirectTo: "" };

/** The plain add page with an action that validates like the real one (the same schema) and saves nothing. */
function renderNewEntry() {
  const posted: Record<string, string>[] = [];
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const values = await postedValues(request);
    posted.push(values);
    const parsed = parseTransactionForm(values, "en");
    if (!parsed.ok) return { ok: false, intent: values.intent, fieldErrors: parsed.fieldErrors, values };
    return redirect(`/app/expenses?month=${parsed.value.occurredOn.slice(0, 7)}`, 303);
  });
  renderInApp(
    [
      { path: "transactions/new", Component: NewTransaction, loader: () => loaderData, action },
      { path: "expenses", Component: () => <h1>Expenses page</h1> },
    ],
    "/app/transactions/new",
  );
  return { action, posted };
}

async function submitEntry(fields: { amount: string; description?: string }) {
  fireEvent.change(await screen.findByLabelText("Amount"), { target: { value: fields.amount } });
  if (fields.description !== undefined)
    fireEvent.change(screen.getByLabelText(/^Description/), { target: { value: fields.description } });
  fireEvent.click(screen.getByRole("button", { name: "Add expense" }));
}

describe("the add-entry page", () => {
  it("shows the amount's problem in words that name the kind, and keeps what was typed", async () => {
    const { posted } = renderNewEntry();
    await submitEntry({ amount: "0", description: "Weekly shop" });
    expect(await screen.findByText("An expense must be more than zero.")).toBeTruthy();
    expect(screen.getByLabelText(/^Description/)).toHaveProperty("value", "Weekly shop");
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({
      householdId,
      intent: "add",
      kind: "expense",
      categoryId: defaultCategoryId("expense"),
    });
  });

  it("asks for an amount when none is given", async () => {
    renderNewEntry();
    await submitEntry({ amount: "" });
    expect(await screen.findByText("Please enter an amount.")).toBeTruthy();
  });

  it("goes to the month's list once the entry is saved", async () => {
    renderNewEntry();
    await submitEntry({ amount: "12,50", description: "Weekly shop" });
    expect(await screen.findByRole("heading", { name: "Expenses page" })).toBeTruthy();
  });
});
