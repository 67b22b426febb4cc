import { beforeAll, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "~/db/test-database";
import type * as SessionModule from "~/features/auth/session.server";
import { defaultCategoryId } from "~/domain/categories";
import { postAs, requireSignedInUser } from "~/features/household/signed-in.test-helpers";
import { addPartner, seedHousehold, seedUser } from "../../../db/seed/budget";
import { seedPremium } from "../../../db/seed/premium";
import { receiveFromOutbox } from "./outbox.server";
import { listTransactions } from "./transactions.server";

vi.mock("~/features/auth/session.server", async (importOriginal) => ({
  ...(await importOriginal<typeof SessionModule>()),
  requireUser: (await import("~/features/household/signed-in.test-helpers")).requireSignedInUser,
  getOptionalUser: async (request: Request) => requireSignedInUser(request).catch(() => null),
}));

useTestDatabase();

type User = { id: string; email: string; name: string };

const send = async (user: User, fields: Record<string, string>) => {
  const response = await receiveFromOutbox(postAs(user, "/app/outbox", fields));
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("receiveFromOutbox", () => {
  let owner: User;
  let householdId: string;
  const entry = (overrides: Record<string, string> = {}) => ({
    userId: owner.id,
    householdId,
    clientId: crypto.randomUUID(),
    language: "nl",
    kind: "expense",
    amount: "4,20",
    occurredOn: "2025-05-02",
    description: "Koffie in de trein",
    categoryId: defaultCategoryId("expense"),
    ...overrides,
  });
  const titled = async (description: string) =>
    (await listTransactions({ userId: owner.id, householdId, kind: "expense", month: "2025-05" })).items.filter(
      (row) => row.description === description,
    );

  beforeAll(async () => {
    const seeded = await seedHousehold();
    owner = seeded.owner;
    householdId = seeded.household.id;
    await seedPremium(householdId);
  });

  it("adds an entry once however often the device sends it", async () => {
    const fields = entry({ description: "Sent three times" });
    const answers = [await send(owner, fields), await send(owner, fields), await send(owner, fields)];
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((answer) => answer.body.transactionId)).size).toBe(1);
    const saved = await titled("Sent three times");
    expect(saved).toHaveLength(1);
    // Read in the notation it was typed in (Dutch), whatever the app's language is now.
    expect(saved[0]?.amountMinor).toBe(420);
  });

  it("adds an entry once when two tabs send it at the same moment", async () => {
    const fields = entry({ description: "Two tabs at once" });
    const answers = await Promise.all([send(owner, fields), send(owner, fields), send(owner, fields)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(await titled("Two tabs at once")).toHaveLength(1);
  });

  it("updates the entry when a changed copy comes under the same id", async () => {
    const fields = entry({ description: "Changed on the phone" });
    const first = await send(owner, fields);
    const second = await send(owner, { ...fields, amount: "5,10" });
    expect(second.body.transactionId).toBe(first.body.transactionId);
    const saved = await titled("Changed on the phone");
    expect(saved.map((row) => row.amountMinor)).toEqual([510]);
  });

  it("answers a signed-out device with 401 and writes nothing", async () => {
    const response = await receiveFromOutbox(
      new Request("http://localhost/app/outbox", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(entry({ description: "Nobody signed in" })),
      }),
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ status: "signedOut" });
    expect(await titled("Nobody signed in")).toEqual([]);
  });

  it("never sends one person's entry with another person's session", async () => {
    const other = await seedUser();
    const answer = await send(other, entry({ description: "Not theirs" }));
    expect(answer).toEqual({ status: 409, body: { status: "otherUser" } });
    expect(await titled("Not theirs")).toEqual([]);
  });

  it("refuses a member who may only look, and a household that is not theirs, with a message for the entry", async () => {
    const viewer = await seedUser();
    await addPartner({ householdId, userId: viewer.id, canEdit: false });
    expect(await send(viewer, entry({ userId: viewer.id, description: "Viewer" }))).toEqual({
      status: 403,
      body: { status: "refused", fieldErrors: { form: "errors.readOnly" } },
    });
    const stranger = await seedUser();
    expect(await send(stranger, entry({ userId: stranger.id, description: "Stranger" }))).toEqual({
      status: 404,
      body: { status: "refused", fieldErrors: { form: "offline.refused.householdGone" } },
    });
    expect([...(await titled("Viewer")), ...(await titled("Stranger"))]).toEqual([]);
  });

  it("answers a bad entry with the form's messages", async () => {
    const answer = await send(owner, entry({ amount: "-3", occurredOn: "yesterday" }));
    expect(answer).toEqual({
      status: 422,
      body: {
        status: "refused",
        fieldErrors: { amount: "errors.amount.notPositiveExpense", occurredOn: "errors.date.invalid" },
      },
    });
    expect((await send(owner, entry({ clientId: "not-an-id" }))).status).toBe(422);
  });

  it("refuses a client id another member's entry has, without touching that entry", async () => {
    const partner = await seedUser();
    await addPartner({ householdId, userId: partner.id, canEdit: true });
    const fields = entry({ description: "The owner's coffee" });
    await send(owner, fields);
    const answer = await send(partner, { ...fields, userId: partner.id, amount: "99" });
    expect(answer.status).toBe(422);
    expect((await titled("The owner's coffee")).map((row) => row.amountMinor)).toEqual([420]);
  });
});
