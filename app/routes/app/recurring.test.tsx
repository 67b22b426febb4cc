// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { builtInCategory } from "~/domain/categories";
import { parseRecurringForm } from "~/features/recurring/recurring.schema";
import { showToast } from "~/components/ui/toast";
import { postedValues, renderInApp } from "./app-frame.test-helpers";
import Recurring from "./recurring";

// The toast itself is sonner's; what the page asks it to show (the count, the undo) is what is checked here.
vi.mock("~/components/ui/toast", async (original) => ({
  ...(await original<object>()),
  showToast: vi.fn(),
}));

afterEach(cleanup);

const rentId = "00000000-0000-4000-8000-00000000c001";
const housing = builtInCategory("housing").id;
const leisure = builtInCategory("leisure").id;
const account = { id: "00000000-0000-4000-8000-00000000d001", name: null };

const rent = {
  id: rentId,
  kind: "expense" as const,
  amountMinor: 95_000,
  description: "Rent",
  counterparty: null,
  categoryId: housing,
  accountId: account.id,
  frequency: "monthly" as const,
  interval: 1,
  dayOfMonth: 1,
  lastDay: false,
  startsOn: "2025-01-01",
  endsOn: null,
  autoPost: false,
  nextDue: "2025-04-01",
};

const rentOnMarch1 = {
  recurringId: rentId,
  dueOn: "2025-03-01",
  kind: "expense" as const,
  amountMinor: 95_000,
  description: "Rent",
  counterparty: null,
  categoryId: housing,
  accountId: account.id,
  autoPost: false,
  status: "overdue" as const,
};

type Occurrence = Omit<typeof rentOnMarch1, "status"> & { status: "due" | "overdue" };

const netflix = {
  key: "expense:netflix com",
  kind: "expense" as const,
  name: "NETFLIX.COM",
  counterparty: "NETFLIX.COM",
  description: "",
  amountMinor: 1399,
  frequency: "monthly" as const,
  interval: 1,
  dayOfMonth: 5,
  lastDay: false,
  occurrences: 6,
  lastSeen: "2025-03-05",
  nextDue: "2025-04-05",
  categoryId: leisure,
  accountId: account.id,
};

const loaderData = {
  today: "2025-03-10",
  month: "2025-03",
  series: [rent],
  occurrences: [rentOnMarch1],
  upcoming: [rentOnMarch1],
  beforeNextIncome: [] as Occurrence[],
  totals: { expectedIncomeMinor: 0, upcomingBillsMinor: 95_000, billsBeforeNextIncomeMinor: 0 },
  suggestions: [netflix],
  accounts: [account],
};

/** The Recurring page with an action that validates like the real one (the same schema) and saves nothing. */
function renderRecurring(options: { canWrite?: boolean; data?: typeof loaderData } = {}) {
  const posted: Record<string, string>[] = [];
  const batches: { intent: string; keys: string[]; recurringIds: string[] }[] = [];
  const action = vi.fn(async ({ request }: { request: Request }) => {
    const values = await postedValues(request.clone());
    posted.push(values);
    if (values.intent === "addAll" || values.intent === "undoAddAll") {
      const form = await request.formData();
      const batch = {
        intent: values.intent,
        keys: form.getAll("key").map(String),
        recurringIds: form.getAll("recurringId").map(String),
      };
      batches.push(batch);
      return { ok: true, intent: values.intent, recurringIds: batch.keys.map((_, index) => `added-${index}`) };
    }
    if (values.intent === "create" || values.intent === "update") {
      const parsed = parseRecurringForm(values, "en");
      if (!parsed.ok) return { ok: false, intent: values.intent, fieldErrors: parsed.fieldErrors };
    }
    return { ok: true, intent: values.intent, recurringId: values.recurringId ?? rentId, dueOn: values.dueOn };
  });
  renderInApp(
    [{ path: "recurring", Component: Recurring, loader: () => options.data ?? loaderData, action }],
    "/app/recurring",
    { canWrite: options.canWrite },
  );
  return { action, posted, batches };
}

describe("the Recurring page", () => {
  it("shows the month's open dates with their totals, the calendar and the series in words", async () => {
    renderRecurring();
    // The file's first render loads the page's modules and translations: on a busy two-core machine, past a second.
    const upcoming = await screen.findByTestId("upcoming-list", {}, { timeout: 10_000 });
    expect(within(upcoming).getByText("Rent")).toBeTruthy();
    expect(within(upcoming).getByText("Overdue")).toBeTruthy();
    expect(within(screen.getByTestId("recurring-totals")).getByText("€950.00")).toBeTruthy();
    const calendar = screen.getByRole("table", { name: "Due dates in March 2025" });
    expect(within(calendar).getAllByRole("columnheader")).toHaveLength(7);
    expect(within(calendar).getByText("Rent, −€950.00, overdue")).toBeTruthy();
    const card = screen.getByTestId("series-card");
    expect(within(card).getByText("Every month on day 1")).toBeTruthy();
    expect(within(card).getByText("Next: Tuesday, April 1")).toBeTruthy();
    expect(within(screen.getByTestId("suggestion")).getByText(/Every month on day 5/)).toBeTruthy();
  });

  it("lists next month's bills due before the next income, marked, with their total", async () => {
    const rentOnApril1 = { ...rentOnMarch1, dueOn: "2025-04-01", status: "due" as const };
    renderRecurring({
      data: {
        ...loaderData,
        upcoming: [],
        beforeNextIncome: [rentOnApril1],
        totals: { expectedIncomeMinor: 0, upcomingBillsMinor: 0, billsBeforeNextIncomeMinor: 95_000 },
      },
    });
    const row = within(await screen.findByTestId("upcoming-list")).getByTestId("upcoming-item");
    expect(within(row).getByText("Rent")).toBeTruthy();
    expect(within(row).getByText("Before next income")).toBeTruthy();
    expect(within(row).getByRole("button", { name: "Confirm Rent, Apr 1" })).toBeTruthy();
    const totals = screen.getByTestId("recurring-totals");
    expect(within(totals).getByText("Bills next month, before your income")).toBeTruthy();
    expect(within(totals).getByText("€950.00")).toBeTruthy();
  });

  it("confirms a date with one tap, naming the series and the date", async () => {
    const { action, posted } = renderRecurring();
    fireEvent.click(await screen.findByRole("button", { name: "Confirm Rent, Mar 1" }));
    await waitFor(() => expect(action).toHaveBeenCalledTimes(1));
    expect(posted[0]).toMatchObject({ intent: "confirm", recurringId: rentId, dueOn: "2025-03-01" });
  });

  it("answers a series that ends before it starts beside the end date", async () => {
    const { action } = renderRecurring();
    const form = (await screen.findByText("Add a series")).closest("details")!;
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "Gym" } });
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: "30" } });
    fireEvent.change(within(form).getByLabelText(/^Ends/), { target: { value: "2025-01-31" } });
    fireEvent.click(within(form).getByRole("button", { name: "Add series" }));
    expect(await within(form).findByText("The end can't be before the start.")).toBeTruthy();
    expect(action).toHaveBeenCalledTimes(1);
  });

  it("adds every suggestion shown with one button, tells how many, and offers to undo them", async () => {
    const spotify = { ...netflix, key: "expense:spotify", name: "Spotify", counterparty: "Spotify AB" };
    const { batches } = renderRecurring({ data: { ...loaderData, suggestions: [netflix, spotify] } });
    const addAll = await screen.findByRole("button", { name: "Add all 2 suggestions as series" });
    // A plain form post without JavaScript: the button is a real submit inside a form that names every suggestion.
    expect(addAll.closest("form")?.getAttribute("method")).toBe("post");
    fireEvent.click(addAll);
    await waitFor(() => expect(vi.mocked(showToast)).toHaveBeenCalled());
    expect(batches[0]).toEqual({ intent: "addAll", keys: [netflix.key, spotify.key], recurringIds: [] });
    const toast = vi.mocked(showToast).mock.calls.at(-1)![0];
    expect(toast).toMatchObject({ title: "2 series added", action: { label: "Undo" } });
    toast.action!.onClick();
    await waitFor(() => expect(batches).toHaveLength(2));
    expect(batches[1]).toEqual({ intent: "undoAddAll", keys: [], recurringIds: ["added-0", "added-1"] });
  });

  it("shows a read-only partner everything without a control", async () => {
    renderRecurring({ canWrite: false, data: { ...loaderData, suggestions: [] } });
    expect(await screen.findByTestId("upcoming-list")).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
    expect(screen.queryByText("Add a series")).toBeNull();
    expect(screen.queryByText("Edit")).toBeNull();
    expect(screen.queryByTestId("recurring-suggestions")).toBeNull();
  });

  it("says in one sentence that nothing repeats yet", async () => {
    renderRecurring({
      data: {
        ...loaderData,
        series: [],
        occurrences: [],
        upcoming: [],
        beforeNextIncome: [],
        suggestions: [],
        totals: { expectedIncomeMinor: 0, upcomingBillsMinor: 0, billsBeforeNextIncomeMinor: 0 },
      },
    });
    expect(await screen.findByTestId("recurring-empty")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });
});
