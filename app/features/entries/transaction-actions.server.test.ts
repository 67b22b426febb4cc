import { beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import type * as SessionModule from "~/features/auth/session.server";
import { defaultCategoryId } from "~/domain/categories";
import { postAs } from "~/features/household/signed-in.test-helpers";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { handleTransactionAction } from "./transaction-actions.server";
import { getTransaction, listTransactions } from "./transactions.server";

vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
}));

useTestDatabase();

const post = (user: { id: string; email: string; name: string }, fields: Record<string, string>) =>
  postAs(user, "/app/transactions/new", fields);

const expense = {
  intent: "add",
  kind: "expense",
  amount: "12,50",
  occurredOn: "2025-03-10",
  description: "Weekly shop",
  categoryId: defaultCategoryId("expense"),
};

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
    expect(answer).toMatchObject({
      data: {
        ok: true,
        intent: "add",
        transaction: { amountMinor: 1250, description: "Weekly shop", kind: "expense" },
      },
    });
  });

  it("adds a form posted twice under one client id once, and one without JavaScript (an empty id) too", async () => {
    const clientId = "01a227ea-0f6b-7138-9b4f-d24b3a4a3a7b";
    const twice = { ...expense, householdId, js: "1", clientId, description: "Double tap" };
    const first = await handleTransactionAction(post(owner, twice));
    const second = await handleTransactionAction(post(owner, twice));
    expect(first).toMatchObject({ data: { ok: true } });
    expect(second).toMatchObject({ data: { ok: true } });
    const plain = await handleTransactionAction(
      post(owner, { ...expense, householdId, js: "1", clientId: "", description: "No script" }),
    );
    expect(plain).toMatchObject({ data: { ok: true, transaction: { description: "No script" } } });
    const listed = await listTransactions({ userId: owner.id, householdId, kind: "expense", month: "2025-03" });
    expect(listed.items.filter((item) => item.description === "Double tap")).toHaveLength(1);
  });

  it("sends a plain form to the month's list after saving", async () => {
    const thrown = await handleTransactionAction(
      post(owner, { ...expense, householdId, description: "Plain post" }),
    ).catch((error: unknown) => error);
    if (!(thrown instanceof Response)) throw new Error("expected a redirect");
    expect(thrown.status).toBe(303);
    expect(thrown.headers.get("Location")).toBe("/app/expenses?month=2025-03");
  });

  it("returns the field messages and what was typed when the form is invalid", async () => {
    const answer = await handleTransactionAction(
      post(owner, { ...expense, householdId, amount: "0", occurredOn: "10 March" }),
    );
    expect(answer).toMatchObject({
      init: { status: 400 },
      data: {
        ok: false,
        intent: "add",
        fieldErrors: { amount: "errors.amount.notPositiveExpense", occurredOn: "errors.date.invalid" },
        values: { amount: "0" },
      },
    });
  });

  it("refuses an unknown intent as a form message", async () => {
    expect(await handleTransactionAction(post(owner, { intent: "explode", householdId }))).toMatchObject({
      init: { status: 400 },
      data: { fieldErrors: { form: "errors.form.invalid" } },
    });
  });

  it("answers a stranger writing into someone else's household with a 404, and saves nothing", async () => {
    const stranger = await seedUser();
    const before = await listTransactions({ userId: owner.id, householdId, kind: "expense", month: "2025-03" });
    await expect(
      handleTransactionAction(post(stranger, { ...expense, householdId, description: "Stranger" })),
    ).rejects.toMatchObject({ init: { status: 404 } });
    expect(await listTransactions({ userId: owner.id, householdId, kind: "expense", month: "2025-03" })).toEqual(
      before,
    );
  });

  it("tells a read-only partner the household is not theirs to change", async () => {
    const seeded = await seedHousehold();
    await seedPremium(seeded.household.id);
    const partner = await seedUser();
    await addPartner({ householdId: seeded.household.id, userId: partner.id });
    const answer = await handleTransactionAction(
      post(partner, { ...expense, householdId: seeded.household.id, js: "1" }),
    );
    expect(answer).toMatchObject({
      init: { status: 403 },
      data: { ok: false, fieldErrors: { form: "errors.readOnly" } },
    });
  });
});

describe("two members editing the same entry", () => {
  async function couple() {
    const { owner, household } = await seedHousehold({ name: "Sanne" });
    await seedPremium(household.id);
    const partner = await seedUser({ name: "Pieter" });
    await addPartner({ householdId: household.id, userId: partner.id, canEdit: true });
    const householdId = household.id;
    const added = await handleTransactionAction(post(owner, { ...expense, householdId, js: "1" }));
    if (!("data" in added) || !added.data.ok) throw new Error("not added");
    const entry = added.data.transaction;
    const at = (user: typeof owner, fields: Record<string, string>) =>
      handleTransactionAction(postAs(user, `/app/transactions/${entry.id}`, { householdId, ...fields }), entry.id);
    const update = { ...expense, intent: "update" };
    return { owner, partner, householdId, entry, at, update };
  }

  it("the later save is refused with the first one's change shown, and a normal save moves the version", async () => {
    const { owner, partner, householdId, entry, at, update } = await couple();
    const first = await at(partner, { ...update, amount: "20,00", version: entry.version, js: "1" });
    expect(first).toMatchObject({ data: { ok: true, intent: "update", transaction: { amountMinor: 2000 } } });
    const moved = "data" in first && first.data.ok ? first.data.transaction.version : "";
    expect(BigInt(moved)).toBeGreaterThan(BigInt(entry.version));

    // The owner's form was loaded before: refused (409) with the partner's amount and the owner's typing, nothing written.
    const stale = await at(owner, { ...update, amount: "30,00", version: entry.version, js: "1" });
    expect(stale).toMatchObject({
      init: { status: 409 },
      data: {
        ok: false,
        intent: "update",
        fieldErrors: { form: "conflict.changed" },
        current: { id: entry.id, amountMinor: 2000, version: moved },
        values: { amount: "30,00" },
      },
    });
    // Without JavaScript the page comes back with the notice instead of going to the list.
    expect(await at(owner, { ...update, amount: "30,00", version: entry.version })).toMatchObject({
      init: { status: 409 },
      data: { current: { amountMinor: 2000 } },
    });
    expect(await getTransaction({ userId: owner.id, householdId, transactionId: entry.id })).toMatchObject({
      amountMinor: 2000,
      version: moved,
    });

    // "Save mine anyway" posts the version the conflict showed: saved, and a plain form goes back to the list.
    const mine = await at(owner, { ...update, amount: "30,00", version: moved }).catch((error: unknown) => error);
    expect(mine).toBeInstanceOf(Response);
    expect((mine as Response).status).toBe(303);
  });

  it("a save or delete without a version is a conflict, never last-write-wins", async () => {
    const { owner, entry, at, update } = await couple();
    expect(await at(owner, { ...update, amount: "1", js: "1" })).toMatchObject({
      init: { status: 409 },
      data: { fieldErrors: { form: "conflict.changed" }, current: { amountMinor: 1250 } },
    });
    expect(await at(owner, { intent: "delete", js: "1" })).toMatchObject({
      init: { status: 409 },
      data: { intent: "delete", current: { version: entry.version } },
    });
    expect(await at(owner, { ...update, amount: "1", version: "not a version", js: "1" })).toMatchObject({
      init: { status: 409 },
    });
  });

  it("a delete of a changed entry is refused with the change shown; once deleted, the other's save answers gone (404)", async () => {
    const { owner, partner, entry, at, update } = await couple();
    const changed = await at(partner, {
      ...update,
      description: "Weekly shop and flowers",
      version: entry.version,
      js: "1",
    });
    const version = "data" in changed && changed.data.ok ? changed.data.transaction.version : "";
    expect(await at(owner, { intent: "delete", version: entry.version, js: "1" })).toMatchObject({
      init: { status: 409 },
      data: {
        ok: false,
        intent: "delete",
        fieldErrors: { form: "conflict.changed" },
        current: { description: "Weekly shop and flowers", version },
      },
    });
    // "Delete anyway" with the version shown.
    expect(await at(owner, { intent: "delete", version, js: "1" })).toMatchObject({
      data: { ok: true, intent: "delete", transaction: { id: entry.id } },
    });
    expect(await at(partner, { ...update, version, js: "1" })).toMatchObject({
      init: { status: 404 },
      data: { ok: false, fieldErrors: { form: "conflict.gone" } },
    });
  });
});
