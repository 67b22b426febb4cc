import { beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import type * as SessionModule from "~/features/auth/session.server";
import { builtInCategory } from "~/domain/categories";
import { signedInHeaders } from "~/features/household/signed-in.test-helpers";
import { seedHousehold } from "../../../db/seed/budget";
import { handleTransactionAction } from "./transaction-actions.server";
import { addTransaction, getEntryWithLines, listTransactions } from "./transactions.server";

vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
}));

useTestDatabase();

const groceries = builtInCategory("groceries").id;
const health = builtInCategory("health").id;

/** A plain form post of the entry page, line rows in order (names repeat, as the browser sends them). */
function postEntry(user: { id: string; email: string; name: string }, entryId: string, pairs: [string, string][]) {
  return new Request(`http://localhost/app/transactions/${entryId}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", ...signedInHeaders(user) },
    body: new URLSearchParams(pairs),
  });
}

const row = (categoryId: string, amount: string, note = ""): [string, string][] => [
  ["lineCategoryId", categoryId],
  ["lineAmount", amount],
  ["lineShared", ""],
  ["lineNote", note],
];

describe("splitting an entry from its page, without JavaScript", () => {
  let owner: { id: string; email: string; name: string };
  let householdId: string;
  beforeAll(async () => {
    const seeded = await seedHousehold();
    owner = seeded.owner;
    householdId = seeded.household.id;
  });

  async function receipt() {
    const added = await addTransaction({
      userId: owner.id,
      householdId,
      fields: {
        kind: "expense",
        amountMinor: 8_000,
        occurredOn: "2026-11-14",
        description: "Albert Heijn",
        categoryId: groceries,
      },
    });
    if (!added.ok) throw new Error("not added");
    return added.transaction;
  }

  const form = (version: string, amount = "80,00"): [string, string][] => [
    ["intent", "update"],
    ["householdId", householdId],
    ["version", version],
    ["kind", "expense"],
    ["amount", amount],
    ["occurredOn", "2026-11-14"],
    ["description", "Albert Heijn"],
    ["categoryId", groceries],
    ["split", "1"],
  ];

  it("splits a receipt into lines, ignores empty rows, and un-splits it again", async () => {
    const entry = await receipt();
    const saved = await handleTransactionAction(
      postEntry(owner, entry.id, [
        ...form(entry.version),
        ...row(groceries, "65,50", "Weekly shop"),
        ...row(health, "14,50", "Vitamins"),
        ...row(groceries, ""),
      ]),
      entry.id,
    ).catch((error: unknown) => error);
    expect(saved).toBeInstanceOf(Response);
    const split = await getEntryWithLines({ userId: owner.id, householdId, transactionId: entry.id });
    expect(split.lines).toEqual([
      { categoryId: groceries, amountMinor: 6_550, shared: false, note: "Weekly shop" },
      { categoryId: health, amountMinor: 1_450, shared: false, note: "Vitamins" },
    ]);
    const listed = await listTransactions({ userId: owner.id, householdId, kind: "expense", month: "2026-11" });
    expect(listed.items.find((item) => item.id === entry.id)?.split).toBe(true);

    await handleTransactionAction(
      postEntry(owner, entry.id, [...form(split.version), ...row(groceries, ""), ...row(groceries, "")]),
      entry.id,
    ).catch((error: unknown) => error);
    const whole = await getEntryWithLines({ userId: owner.id, householdId, transactionId: entry.id });
    expect(whole.lines).toEqual([{ categoryId: groceries, amountMinor: 8_000, shared: false, note: "" }]);
    const relisted = await listTransactions({ userId: owner.id, householdId, kind: "expense", month: "2026-11" });
    expect(relisted.items.find((item) => item.id === entry.id)?.split).toBe(false);
  });

  it("shares the amount evenly when “Split evenly” is pressed before the script runs, and saves nothing", async () => {
    const entry = await receipt();
    const answer = await handleTransactionAction(
      postEntry(owner, entry.id, [
        ...form(entry.version, "100,00"),
        ["splitEvenly", "1"],
        ...row(groceries, "1", "Weekly shop"),
        ...row(health, ""),
        ...row(health, "2"),
      ]),
      entry.id,
    );
    expect(answer).toMatchObject({
      init: null,
      data: {
        ok: false,
        fieldErrors: {},
        lines: [
          { categoryId: groceries, note: "Weekly shop" },
          { categoryId: health, note: "" },
        ],
      },
    });
    const amounts = (answer as { data: { lines: { amount: string }[] } }).data.lines.map((line) => line.amount);
    expect(amounts).toHaveLength(2);
    expect(amounts[0]).toBe(amounts[1]);
    expect(amounts[0]).toMatch(/^50[.,]00$|^50$/);
    // No rows in use yet: the first two share it.
    const fresh = await handleTransactionAction(
      postEntry(owner, entry.id, [
        ...form(entry.version, "80,01"),
        ["splitEvenly", "1"],
        ...row(groceries, ""),
        ...row(health, ""),
      ]),
      entry.id,
    );
    expect(
      (fresh as { data: { lines: { amount: string }[] } }).data.lines.map((line) => line.amount.replace(",", ".")),
    ).toEqual(["40.01", "40"]);
    const unchanged = await getEntryWithLines({ userId: owner.id, householdId, transactionId: entry.id });
    expect(unchanged.lines).toHaveLength(1);
    expect(unchanged.version).toBe(entry.version);
  });

  it("refuses lines that do not add up, says so beside them, shows what was typed and changes nothing", async () => {
    const entry = await receipt();
    const answer = await handleTransactionAction(
      postEntry(owner, entry.id, [...form(entry.version), ...row(groceries, "65,50"), ...row(health, "10,00")]),
      entry.id,
    );
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        fieldErrors: { lines: "errors.lines.notAddingUp" },
        lines: [
          { categoryId: groceries, amount: "65,50", shared: "", note: "" },
          { categoryId: health, amount: "10,00", shared: "", note: "" },
        ],
      },
    });
    const unchanged = await getEntryWithLines({ userId: owner.id, householdId, transactionId: entry.id });
    expect(unchanged.lines).toEqual([{ categoryId: groceries, amountMinor: 8_000, shared: false, note: "" }]);
  });

  it("refuses a new amount for a split entry from a form without its lines (the quick edit sheet)", async () => {
    const entry = await receipt();
    await handleTransactionAction(
      postEntry(owner, entry.id, [...form(entry.version), ...row(groceries, "40"), ...row(health, "40")]),
      entry.id,
    ).catch((error: unknown) => error);
    const split = await getEntryWithLines({ userId: owner.id, householdId, transactionId: entry.id });
    const sheet = form(split.version, "90,00").filter(([name]) => name !== "split");
    const answer = await handleTransactionAction(postEntry(owner, entry.id, [...sheet, ["js", "1"]]), entry.id);
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { amount: "errors.lines.splitAmount" } },
    });
    const kept = await getEntryWithLines({ userId: owner.id, householdId, transactionId: entry.id });
    expect(kept.amountMinor).toBe(8_000);
    expect(kept.lines.map((line) => line.amountMinor)).toEqual([4_000, 4_000]);
  });
});
