import { beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import type * as SessionModule from "~/features/auth/session.server";
import { defaultCategoryId } from "~/domain/categories";
import { postAs } from "~/features/household/signed-in.test-helpers";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { handleTransactionAction } from "./transaction-actions.server";
import { listTransactions } from "./transactions.server";

vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
}));

useTestDatabase();

const post = (user: { id: string; email: string; name: string }, fields: Record<string, string>) => postAs(user, "/app/transactions/new", fields);

const expense = { intent: "add", kind: "expense", amount: "12,50", occurredOn: "2025-03-10", description: "Weekly shop", categoryId: defaultCategoryId("expense") };

describe("handleTransactionAction", () => {
  let owner: { id: string; email: string; name: string };
  let householdId: string;
  beforeAll(async () => {
    const seeded = await seedHousehold();
    owner = seeded.owner;
    householdId = seeded.household.id;
  });

  it("answers a script's add with the saved entry", async () => {
    const answer = await handleTransactionAction(post(owner, { ...expense, householdId, js: "1" }));
    expect(answer).toMatchObject({ data: { ok: true, intent: "add", transaction: { amountMinor: 1250, description: "Weekly shop", kind: "expense" } } });
  });

  it("sends a plain form to the month's list after saving", async () => {
    const thrown = await handleTransactionAction(post(owner, { ...expense, householdId, description: "Plain post" })).catch((error: unknown) => error);
    if (!(thrown instanceof Response)) throw new Error("expected a redirect");
    expect(thrown.status).toBe(303);
    expect(thrown.headers.get("Location")).toBe("/app/expenses?month=2025-03");
  });

  it("returns the field messages and what was typed when the form is invalid", async () => {
    const answer = await handleTransactionAction(post(owner, { ...expense, householdId, amount: "0", occurredOn: "10 March" }));
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: { ok: false, intent: "add", fieldErrors: { amount: "errors.amount.notPositiveExpense", occurredOn: "errors.date.invalid" }, values: { amount: "0" } },
    });
  });

  it("refuses an unknown intent as a form message", async () => {
    expect(await handleTransactionAction(post(owner, { intent: "explode", householdId }))).toMatchObject({ init: { status: 400 }, data: { fieldErrors: { form: "errors.form.invalid" } } });
  });

  it("answers a stranger writing into someone else's household with a 404, and saves nothing", async () => {
    const stranger = await seedUser();
    const before = await listTransactions({ userId: owner.id, householdId, kind: "expense", month: "2025-03" });
    await expect(handleTransactionAction(post(stranger, { ...expense, householdId, description: "Stranger" }))).rejects.toMatchObject({ init: { status: 404 } });
    expect(await listTransactions({ userId: owner.id, householdId, kind: "expense", month: "2025-03" })).toEqual(before);
  });

  it("tells a read-only partner the household is not theirs to change", async () => {
    const seeded = await seedHousehold();
    await seedPremium(seeded.household.id);
    const partner = await seedUser();
    await addPartner({ householdId: seeded.household.id, userId: partner.id });
    const answer = await handleTransactionAction(post(partner, { ...expense, householdId: seeded.household.id, js: "1" }));
    expect(answer).toMatchObject({ init: { status: 403 }, data: { ok: false, fieldErrors: { form: "errors.readOnly" } } });
  });
});
